import WeatherModel

/// The Wunderground protocol (`/weatherstation/updateweatherstation.php?ID=…&PASSWORD=…`):
/// imperial fields (`tempf`, `baromin`, `dailyrainin`), or the metric ones some consoles send
/// (`outtemp` °C, `windspeed` km/h, `absbaro`/`relbaro` hPa, `dailyrain` mm). AcuRite hubs send
/// one request per sensor (`mt=tower`, `mt=5N1x31`, …): each is its own sub-sensor.
public enum WundergroundDecoder {
    public static func decode(_ bytes: some Collection<UInt8>) throws(StationDecodeError) -> StationObservation {
        let form = FormFields(bytes)
        guard let stationID = form["ID"] ?? form["id"] else {
            throw StationDecodeError("not a Wunderground-protocol request: no ID field")
        }
        let identity = StationIdentity(key: stationID, id: form["sensor"])
        var observation = StationObservation(sensor: form["sensor"].map { "sensor:" + $0 } ?? "", identity: identity)
        let fahrenheit = TemperatureUnit.fahrenheit
        let mph = SpeedUnit.milesPerHour
        let kmh = SpeedUnit.kilometresPerHour
        observation.values[.temperature] = form.number("tempf").map(fahrenheit.toCelsius) ?? form.number("outtemp")
        observation.values[.humidity] = form.number("humidity") ?? form.number("outhumi")
        observation.values[.dewPoint] = form.number("dewptf").map(fahrenheit.toCelsius) ?? form.number("dewpoint")
        observation.values[.windBearing] = form.number("winddir")
        observation.values[.windSpeed] =
            form.number("windspeedmph").map(mph.toKilometresPerHour)
            ?? form.number("windspeed").map(kmh.toKilometresPerHour)
        observation.values[.windGust] =
            form.number("windgustmph").map(mph.toKilometresPerHour)
            ?? form.number("windgust").map(kmh.toKilometresPerHour)
        observation.values[.uvIndex] = form.number("UV") ?? form.number("uv")
        // `rainin` is the rain of the past hour, not a rate: the rate comes from the daily total's increases.
        observation.values[.precipitation] = form.number("rainrate")
        let inHg = PressureUnit.inchesOfMercury
        // `baromin` is the sea-level pressure of the Wunderground protocol.
        let relative = form.number("baromin").map(inHg.toHectopascal) ?? form.number("relbaro")
        let absolute = form.number("absbaro")
        if relative != nil || absolute != nil {
            observation.pressure = PressureReport(absolute: absolute, relative: relative)
        }
        let totals: [(String, RainReport.Kind, PrecipitationUnit)] = [
            ("yearlyrainin", .counter, .inches), ("yearlyrain", .counter, .millimetres),
            ("dailyrainin", .dailyTotal, .inches), ("dailyrain", .dailyTotal, .millimetres),
        ]
        if let (name, kind, unit) = totals.first(where: { form.number($0.0) != nil }), let value = form.number(name) {
            observation.rain = RainReport(kind, millimetres: unit.toMillimetres(value), name: name)
        }
        if let low = form.number("lowbatt") { observation.batteries["lowbatt"] = low }
        if let battery = form["battery"] { observation.batteries["battery_ok"] = battery == "normal" ? 1 : 0 }
        observation.signal = form.number("rssi")
        return observation
    }
}
