import WeatherModel

/// The Ecowitt and Ambient Weather protocols: a form POST body (Ecowitt) or a GET query
/// (Ambient), imperial units, named fields. Only the outdoor sensor array is read: `tempinf`,
/// `humidityin` and the extra channels (`temp1f`…, soil, pool) are never taken for outdoor.
public enum PushDecoder {
    /// Decodes one push; `bytes` is the body or the query (a request line is tolerated).
    public static func decode(_ bytes: some Collection<UInt8>) throws(StationDecodeError) -> StationObservation {
        let form = FormFields(bytes)
        guard !form.pairs.isEmpty else { throw StationDecodeError("the push has no name=value fields") }
        let key = form.value(caseInsensitive: "PASSKEY") ?? form.value(caseInsensitive: "MAC")
        guard key != nil || form["stationtype"] != nil || form["tempf"] != nil else {
            throw StationDecodeError("not an Ecowitt or Ambient push: no PASSKEY, MAC or stationtype field")
        }
        var observation = StationObservation(identity: StationIdentity(key: key))
        let fahrenheit = TemperatureUnit.fahrenheit
        observation.values[.temperature] = form.number("tempf").map(fahrenheit.toCelsius)
        observation.values[.humidity] = form.number("humidity")
        observation.values[.dewPoint] = form.number("dewptf").map(fahrenheit.toCelsius)
        observation.values[.apparentTemperature] = (form.number("feelslikef") ?? form.number("feelsLike"))
            .map(fahrenheit.toCelsius)
        observation.values[.windBearing] = form.number("winddir")
        observation.values[.windSpeed] = form.number("windspeedmph").map(SpeedUnit.milesPerHour.toKilometresPerHour)
        observation.values[.windGust] = form.number("windgustmph").map(SpeedUnit.milesPerHour.toKilometresPerHour)
        observation.values[.uvIndex] = form.number("uv")
        let inches = PrecipitationUnit.inches
        // Ecowitt: `rainratein` (a piezo gauge alone: `rrain_piezo`); Ambient, which has no
        // `rainratein`, documents its `hourlyrainin` as the rate (in/h).
        let rate = form.number("rainratein") ?? form.number("rrain_piezo") ?? form.number("hourlyrainin")
        observation.values[.precipitation] = rate.map(inches.toMillimetres)
        let inHg = PressureUnit.inchesOfMercury
        let pressure = PressureReport(
            absolute: form.number("baromabsin").map(inHg.toHectopascal),
            relative: form.number("baromrelin").map(inHg.toHectopascal))
        if pressure.absolute != nil || pressure.relative != nil { observation.pressure = pressure }
        observation.rain = rainReport(form)
        for (name, value) in form.pairs where name.lowercased().contains("batt") {
            if let level = StationNumber.parse(value) { observation.batteries[name] = level }
        }
        return observation
    }

    /// The running total with the longest memory the push has: lifetime, yearly, then the day's.
    static func rainReport(_ form: FormFields) -> RainReport? {
        let tipping = form["rainratein"] != nil || form["dailyrainin"] != nil || form["totalrainin"] != nil
        let counters: [(String, RainReport.Kind)] =
            tipping || form["yrain_piezo"] == nil
            ? [("totalrainin", .counter), ("yearlyrainin", .counter), ("dailyrainin", .dailyTotal)]
            : [("yrain_piezo", .counter), ("drain_piezo", .dailyTotal)]
        for (name, kind) in counters {
            if let inches = form.number(name) {
                return RainReport(kind, millimetres: PrecipitationUnit.inches.toMillimetres(inches), name: name)
            }
        }
        return nil
    }
}
