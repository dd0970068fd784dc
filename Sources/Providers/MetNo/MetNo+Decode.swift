import FoundationEssentials
import WeatherModel

extension MetNo {
    /// Decodes a Locationforecast 2.0 answer (`compact` or `complete`).
    ///
    /// Each `timeseries` entry is an instant (`data.instant.details`) plus what the following
    /// period brings (`next_1_hours`, else `next_6_hours`: symbol and precipitation amount).
    /// After about 2.5 days met.no switches from 1-hour to 6-hour steps. The choice here:
    /// **hourly entries stop where 1-hour data stops** (`intervalMinutes` stays an honest 60);
    /// the 6-hour steps still count for the days, each standing for the six hours it covers
    /// (its amount spread evenly over them), so daily sums and extremes use the whole answer.
    /// A trailing day covered for less than 18 hours is left out rather than shown with a
    /// misleading high and low.
    ///
    /// - Parameters:
    ///   - zone: the location's zone (met.no names none): days are its calendar days.
    ///   - now: picks the current entry (the last one at or before `now`); `nil` takes the first.
    public static func decode(_ body: [UInt8], zone: ZoneInfo, now: Date? = nil) throws(ProviderError) -> Forecast {
        let json = try ProviderCatalog.parse(body, provider: "met-no")
        guard let series = json["properties"]?["timeseries"]?.array else {
            throw .invalidResponse("met-no: the answer has no properties.timeseries")
        }
        let units = Units(json["properties"]?["meta"]?["units"])
        let coordinates = json["geometry"]?["coordinates"]
        let place = coordinates.flatMap { value -> (latitude: Double, longitude: Double)? in
            guard let longitude = value[0]?.double, let latitude = value[1]?.double, abs(latitude) <= 90,
                abs(longitude) <= 180
            else { return nil }
            return (latitude, longitude)
        }
        var steps: [Step] = []
        for entry in series {
            guard let step = Step(entry, units: units, place: place) else { continue }
            if let last = steps.last, step.reading.time <= last.reading.time { continue }
            steps.append(step)
        }
        guard let first = steps.first else {
            throw .invalidResponse("met-no: no entry of the timeseries has a valid time")
        }
        let current = now.flatMap { now in steps.last { $0.reading.time <= now } } ?? first

        let oneHour = steps.filter { $0.periodHours == 1 }.map(\.reading)
        let hours = oneHour.isEmpty ? steps.filter { $0.periodHours == 6 }.map(\.reading) : oneHour
        let expanded = hourly(steps)
        var days = DayBuilder.days(from: expanded, intervalMinutes: 60, zone: zone)
        if days.count > 1, let last = days.last,
            expanded.filter({ zone.localDate($0.time) == last.date }).count < 18
        {
            days.removeLast()
        }
        return Forecast(
            current: current.reading, hours: hours, intervalMinutes: oneHour.isEmpty ? 360 : 60, days: days,
            alerts: nil, timezone: nil)
    }

    /// One reading per hour covered by a period: 1-hour steps as they are, 6-hour steps
    /// repeated for each of their hours (up to the next step) with the amount per hour.
    static func hourly(_ steps: [Step]) -> [Reading] {
        var result: [Reading] = []
        var covered = Date.distantPast
        for (index, step) in steps.enumerated() {
            guard let length = step.periodHours else { continue }
            let start = step.reading.time
            var end = start.addingTimeInterval(Double(length) * 3600)
            if index + 1 < steps.count {
                end = min(end, max(steps[index + 1].reading.time, start.addingTimeInterval(3600)))
            }
            var time = max(start, covered)
            while time < end {
                var reading = step.reading
                reading.time = time
                result.append(reading)
                time = time.addingTimeInterval(3600)
            }
            covered = max(covered, end)
        }
        return result
    }

    /// `properties.meta.units`, with met.no's documented units where a key is missing.
    struct Units {
        var temperature: TemperatureUnit = .celsius
        var dewPoint: TemperatureUnit = .celsius
        var speed: SpeedUnit = .metresPerSecond
        var gust: SpeedUnit = .metresPerSecond
        var pressure: PressureUnit = .hectopascal
        var precipitation: PrecipitationUnit = .millimetres

        init(_ meta: JSONValue?) {
            func unit(_ key: String) -> String { meta?[key]?.string ?? "" }
            temperature = TemperatureUnit(parsing: unit("air_temperature")) ?? .celsius
            dewPoint = TemperatureUnit(parsing: unit("dew_point_temperature")) ?? temperature
            speed = SpeedUnit(parsing: unit("wind_speed")) ?? .metresPerSecond
            gust = SpeedUnit(parsing: unit("wind_speed_of_gust")) ?? speed
            pressure = PressureUnit(parsing: unit("air_pressure_at_sea_level")) ?? .hectopascal
            precipitation = PrecipitationUnit(parsing: unit("precipitation_amount")) ?? .millimetres
        }
    }

    /// One `timeseries` entry: the instant's values and the period that follows it.
    struct Step {
        var reading: Reading
        /// 1 or 6 when the entry has a `next_1_hours` or `next_6_hours` period, else `nil`.
        var periodHours: Int?

        init?(_ entry: JSONValue, units: Units, place: (latitude: Double, longitude: Double)?) {
            guard let time = entry["time"]?.isoTime else { return nil }
            var reading = Reading(time: time)
            let data = entry["data"]
            let details = data?["instant"]?["details"]
            func number(_ key: String) -> Double? { details?[key]?.double }
            reading.temperature = number("air_temperature").map(units.temperature.toCelsius)
            reading.dewPoint = number("dew_point_temperature").map(units.dewPoint.toCelsius)
            reading.humidity = number("relative_humidity")
            reading.cloudCoverage = number("cloud_area_fraction")
            reading.pressure = number("air_pressure_at_sea_level").map(units.pressure.toHectopascal)
            reading.windSpeed = number("wind_speed").map(units.speed.toKilometresPerHour)
            reading.windGust = number("wind_speed_of_gust").map(units.gust.toKilometresPerHour)
            reading.windBearing = number("wind_from_direction")
            reading.uvIndex = number("ultraviolet_index_clear_sky")

            var period: JSONValue?
            for (key, hours) in [("next_1_hours", 1), ("next_6_hours", 6)] where data?[key]?.object != nil {
                period = data?[key]
                periodHours = hours
                break
            }
            let code = (period ?? data?["next_12_hours"])?["summary"]?["symbol_code"]?.text
            if let code {
                let (base, isDay) = MetNoSymbol.split(code)
                let entry = MetNoSymbol.table[base]
                reading.providerCode = code
                reading.condition = entry?.condition
                reading.summary = entry?.summary
                reading.precipitationType = entry?.precipitation
                reading.isDay = isDay
            }
            // `complete` only: fog over most of the area outranks a dry sky symbol.
            if let fog = number("fog_area_fraction"), fog >= 50,
                reading.condition == nil || [.sunny, .clearNight, .partlyCloudy, .cloudy].contains(reading.condition!)
            {
                reading.condition = .fog
                reading.summary = "Fog"
            }
            if reading.isDay == nil, let place {
                reading.isDay = Sun.isDay(at: time, latitude: place.latitude, longitude: place.longitude)
            }
            if let periodHours, let amount = period?["details"]?["precipitation_amount"]?.double {
                reading.precipitation = units.precipitation.toMillimetres(max(0, amount)) / Double(periodHours)
            }
            // A dry symbol with an amount (met.no rounds its symbols, not its amounts): the
            // temperature tells what falls.
            if reading.precipitationType == nil, (reading.precipitation ?? 0) > 0, let temperature = reading.temperature
            {
                reading.precipitationType = temperature >= 2 ? .rain : temperature <= 0 ? .snow : .sleet
            }
            reading.precipitationProbability = period?["details"]?["probability_of_precipitation"]?.double
            self.reading = reading
        }
    }
}
