import FoundationEssentials
import WeatherModel

extension PirateWeather {
    /// Decodes a `/forecast` answer (Pirate Weather, or the Dark Sky answers it mimics).
    ///
    /// - Parameters:
    ///   - requestedUnits: the `units=` asked for, used only when the answer has no `flags.units`
    ///     (Dark Sky's own default is `us`).
    ///   - timezone: the configured IANA zone, used when the answer names none.
    public static func decode(_ body: [UInt8], requestedUnits: String = "us", timezone: String? = nil)
        throws(ProviderError) -> Forecast
    {
        try decode(
            json: try ProviderCatalog.parse(body, provider: "pirate-weather"), requestedUnits: requestedUnits,
            timezone: timezone)
    }

    /// `decode(_:requestedUnits:timezone:)` of an answer already parsed.
    static func decode(json: JSONValue, requestedUnits: String, timezone: String?) throws(ProviderError) -> Forecast {
        guard json.object != nil else { throw .invalidResponse("pirate-weather: expected a JSON object") }
        let flag = json["flags"]?["units"]?.text ?? requestedUnits
        guard let units = Units(flag: flag) else {
            throw .invalidResponse("pirate-weather: unknown units `\(flag)` (expected us, si, ca, uk or uk2)")
        }
        // Days are the answer's own calendar days: read them in the zone it names.
        let zone =
            json["timezone"]?.string.flatMap(ZoneInfo.init(identifier:))
            ?? json["offset"]?.lenientDouble.flatMap {
                abs($0) <= 18 ? ZoneInfo(fixed: Int(($0 * 3600).rounded())) : nil
            }
            ?? timezone.flatMap(ZoneInfo.init(identifier:)) ?? .utc

        let hours = (json["hourly"]?["data"]?.array ?? []).compactMap { reading($0, units: units) }
        // Legacy Dark Sky's `precipAccumulation` is snowfall depth; Pirate Weather's (it adds
        // `flags.version`) is the liquid total.
        let liquidAccumulation = json["flags"]?["version"] != nil
        var days = (json["daily"]?["data"]?.array ?? []).compactMap {
            day($0, units: units, zone: zone, liquidAccumulation: liquidAccumulation)
        }
        var current: Reading
        var lacking: ForecastParts = []
        if let block = json["currently"], let reading = reading(block, units: units) {
            current = reading
        } else if let first = hours.first {
            current = first
        } else if let first = days.first {
            // Daily values only (`exclude=currently,hourly`, or a model without them): a partial
            // answer; the bridge keeps current and hourly from the last good one.
            current = Reading(time: zone.startOfDay(first.date))
            lacking = [.current, .hourly]
        } else {
            throw .invalidResponse("pirate-weather: the answer has no current, hourly or daily values")
        }
        if current.precipitationProbability == nil {
            current.precipitationProbability = hours.last(where: { $0.time <= current.time })?.precipitationProbability
        }
        days = DayBuilder.filling(days, from: hours, intervalMinutes: 60, zone: zone)
        let alerts = (json["alerts"]?.array ?? []).compactMap(alert)
        var forecast = Forecast(
            current: current, hours: hours, intervalMinutes: 60, days: days, alerts: alerts,
            timezone: json["timezone"]?.string)
        forecast.lacking = lacking
        return forecast
    }

    /// `currently` or one `hourly.data` entry.
    static func reading(_ entry: JSONValue, units: Units) -> Reading? {
        guard entry.object != nil, let time = entry["time"]?.unixTime else { return nil }
        var reading = Reading(time: time)
        func number(_ key: String) -> Double? { entry[key]?.double }
        let icon = entry["icon"]?.text
        reading.providerCode = icon
        reading.condition = icon.flatMap(PirateIcon.condition)
        reading.isDay = icon.flatMap(PirateIcon.isDay)
        reading.summary = entry["summary"]?.text
        reading.temperature = number("temperature").map(units.temperature.toCelsius)
        reading.apparentTemperature = number("apparentTemperature").map(units.temperature.toCelsius)
        reading.dewPoint = number("dewPoint").map(units.temperature.toCelsius)
        reading.humidity = number("humidity").map { $0 * 100 }
        reading.cloudCoverage = number("cloudCover").map { $0 * 100 }
        reading.precipitationProbability = number("precipProbability").map { $0 * 100 }
        reading.pressure = number("pressure")
        reading.windSpeed = number("windSpeed").map(units.speed.toKilometresPerHour)
        reading.windGust = number("windGust").map(units.speed.toKilometresPerHour)
        reading.windBearing = number("windBearing")
        reading.precipitation = number("precipIntensity").map(units.intensity.toMillimetres)
        if let amount = reading.precipitation, amount > 0 {
            reading.precipitationType = PirateIcon.precipitationType(entry["precipType"]?.string)
            // version=2 answers split the intensity by type: the largest tells what falls.
            if reading.precipitationType == nil {
                let split: [(PrecipitationType, Double)] = [
                    (.rain, number("rainIntensity") ?? 0), (.snow, number("snowIntensity") ?? 0),
                    (.sleet, number("iceIntensity") ?? 0),
                ]
                if let largest = split.max(by: { $0.1 < $1.1 }), largest.1 > 0 { reading.precipitationType = largest.0 }
            }
        }
        reading.uvIndex = number("uvIndex")
        reading.visibility = number("visibility").map(units.distance.toKilometres)
        return reading
    }

    /// One `daily.data` entry (`time` is local midnight). Highs and lows are the calendar
    /// day's `temperatureMax`/`temperatureMin`, not Dark Sky's 6-to-6 `temperatureHigh`/`Low`.
    static func day(_ entry: JSONValue, units: Units, zone: ZoneInfo, liquidAccumulation: Bool) -> Day? {
        guard entry.object != nil, let time = entry["time"]?.unixTime else { return nil }
        // Six hours into the day: right even when a fixed offset misses a DST change.
        var day = Day(date: zone.localDate(time.addingTimeInterval(6 * 3600)))
        func number(_ key: String) -> Double? { entry[key]?.double }
        let icon = entry["icon"]?.text
        day.providerCode = icon
        day.condition = icon.flatMap(PirateIcon.condition)
        day.summary = entry["summary"]?.text
        day.temperatureMax = number("temperatureMax").map(units.temperature.toCelsius)
        day.temperatureMin = number("temperatureMin").map(units.temperature.toCelsius)
        day.apparentTemperatureMax = number("apparentTemperatureMax").map(units.temperature.toCelsius)
        day.apparentTemperatureMin = number("apparentTemperatureMin").map(units.temperature.toCelsius)
        let type = PirateIcon.precipitationType(entry["precipType"]?.string)
        if let accumulation = number("precipAccumulation"), liquidAccumulation || type != .snow {
            day.precipitation = units.accumulation.toMillimetres(accumulation)
        } else if let intensity = number("precipIntensity") {
            // The day's mean intensity over 24 hours.
            day.precipitation = units.intensity.toMillimetres(intensity) * 24
        }
        if let amount = day.precipitation, amount > 0 { day.precipitationType = type }
        day.precipitationProbability = number("precipProbability").map { $0 * 100 }
        day.windSpeed = number("windSpeed").map(units.speed.toKilometresPerHour)
        day.windGust = number("windGust").map(units.speed.toKilometresPerHour)
        day.windBearing = number("windBearing")
        day.humidity = number("humidity").map { $0 * 100 }
        day.pressure = number("pressure")
        day.uvIndex = number("uvIndex")
        day.sunrise = entry["sunriseTime"]?.unixTime
        day.sunset = entry["sunsetTime"]?.unixTime
        day.moonPhase = number("moonPhase").flatMap { (0...1).contains($0) ? $0 : nil }
        return day
    }

    /// One `alerts[]` entry (`severity` is Pirate Weather's; legacy Dark Sky sends none, so
    /// the title's words decide).
    static func alert(_ entry: JSONValue) -> Alert? {
        guard let title = entry["title"]?.text else { return nil }
        let onset = entry["time"]?.unixTime
        let uri = entry["uri"]?.text
        let severity = entry["severity"]?.text.map { AlertSeverity(parsing: $0) } ?? AlertSeverity(guessingFrom: title)
        return Alert(
            id: uri ?? "\(Int(onset?.timeIntervalSince1970 ?? 0))-\(title.slug)", title: title, severity: severity,
            description: entry["description"]?.text, onset: onset, expires: entry["expires"]?.unixTime, source: nil,
            uri: uri)
    }
}
