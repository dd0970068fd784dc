import FoundationEssentials
import WeatherModel

extension OpenWeatherMap {
    /// Decodes one OpenWeatherMap answer, whichever it is: One Call (`current`/`hourly`/
    /// `daily`/`alerts`, or a `timemachine` `data` list), 2.5 current weather, the 2.5
    /// forecast `list` (3-hourly, or hourly on paid plans), or the legacy 16-day daily `list`.
    ///
    /// - Parameters:
    ///   - units: the `units=` the request asked for (`metric` is what the bridge asks).
    ///   - timezone: the configured IANA zone; else the answer's `timezone` name, else its
    ///     UTC offset in seconds (`timezone_offset`, `timezone`, `city.timezone`) as a fixed zone.
    public static func decode(_ body: [UInt8], units: Units = .metric, timezone: String? = nil) throws(ProviderError)
        -> Forecast
    {
        try decoded(body, units: units, timezone: timezone).forecast
    }

    /// Decodes the free plan's pair: `/data/2.5/weather` gives the current reading (and
    /// today's sunrise and sunset), `/data/2.5/forecast` the 3-hourly entries and the days
    /// built from them.
    public static func decode(current: [UInt8], forecast: [UInt8], units: Units = .metric, timezone: String? = nil)
        throws(ProviderError) -> Forecast
    {
        let now = try decoded(current, units: units, timezone: timezone)
        let later = try decoded(forecast, units: units, timezone: timezone)
        var result = later.forecast
        result.current = now.forecast.current
        if result.current.precipitationProbability == nil {
            result.current.precipitationProbability =
                result.hours.last(where: { $0.time <= result.current.time })?.precipitationProbability
                ?? result.hours.first?.precipitationProbability
        }
        result.sunrise = now.forecast.sunrise ?? todays(later.forecast.sunrise, result.current, now.zone)
        result.sunset = now.forecast.sunset ?? todays(later.forecast.sunset, result.current, now.zone)
        return result
    }

    static func decoded(_ body: [UInt8], units: Units, timezone: String?) throws(ProviderError)
        -> (forecast: Forecast, zone: ZoneInfo)
    {
        let json = try ProviderCatalog.parse(body, provider: "openweathermap")
        guard json.object != nil else {
            if json.array != nil {
                throw .invalidResponse("openweathermap: the answer is a list, not a forecast (a geocoding answer?)")
            }
            throw .invalidResponse("openweathermap: expected a JSON object")
        }
        try checkCode(json)
        let zone = zone(json, configured: timezone)
        var forecast: Forecast
        if json["current"] != nil || json["hourly"] != nil || json["daily"] != nil || json["data"] != nil {
            forecast = try oneCall(json, units: units, zone: zone)
        } else if let list = json["list"]?.array {
            forecast = try forecastList(list, city: json["city"], units: units, zone: zone)
        } else if json["main"]?.object != nil {
            guard let current = reading(json, units: units) else {
                throw .invalidResponse("openweathermap: current weather without a valid `dt`")
            }
            forecast = Forecast(
                current: current, sunrise: todays(json["sys"]?["sunrise"]?.unixTime, current, zone),
                sunset: todays(json["sys"]?["sunset"]?.unixTime, current, zone), intervalMinutes: 60)
        } else {
            throw .invalidResponse("openweathermap: the answer holds no weather values")
        }
        forecast.timezone = forecast.timezone ?? zoneName(json)
        return (forecast, zone)
    }

    /// A `cod` other than 200 in the body (a number or a string) is an error, with the body's `message`.
    static func checkCode(_ json: JSONValue) throws(ProviderError) {
        guard let code = json["cod"]?.int, !(200..<300).contains(code) else { return }
        let message = json["message"]?.text ?? "error \(code)"
        switch code {
        case 401, 403: throw .unauthorized("openweathermap refused the request (\(code)): \(message)")
        case 429: throw .rateLimited("openweathermap: \(message)", retryAfter: nil)
        default: throw .http(status: code, message: "openweathermap: \(message)", retryAfter: nil)
        }
    }

    static func zone(_ json: JSONValue, configured: String?) -> ZoneInfo {
        if let configured, let zone = ZoneCache.zone(configured) { return zone }
        if let name = json["timezone"]?.string, let zone = ZoneCache.zone(name) { return zone }
        let offset = json["timezone_offset"]?.int ?? json["timezone"]?.int ?? json["city"]?["timezone"]?.int
        if let offset, abs(offset) <= 18 * 3600 { return ZoneInfo(fixed: offset) }
        return .utc
    }

    /// The answer's zone as an IANA name: One Call's `timezone`, else a whole-hour UTC offset
    /// as `Etc/GMT±N` (POSIX signs: `Etc/GMT-9` is UTC+9), else `nil`.
    static func zoneName(_ json: JSONValue) -> String? {
        if let name = json["timezone"]?.string, ZoneCache.zone(name) != nil { return name }
        guard let offset = json["timezone_offset"]?.int ?? json["timezone"]?.int ?? json["city"]?["timezone"]?.int,
            offset % 3600 == 0, abs(offset) <= 14 * 3600
        else { return nil }
        let hours = -offset / 3600
        return hours == 0 ? "UTC" : "Etc/GMT" + (hours > 0 ? "+" : "") + String(hours)
    }

    // MARK: - One Call

    private static func oneCall(_ json: JSONValue, units: Units, zone: ZoneInfo) throws(ProviderError) -> Forecast {
        let hours = (json["hourly"]?.array ?? []).compactMap { reading($0, units: units) }
        let source = json["current"] ?? json["data"]?[0]
        var current: Reading
        if let source, let reading = reading(source, units: units) {
            current = reading
        } else if let first = hours.first {
            current = first
        } else {
            throw .invalidResponse("openweathermap: the answer has no current or hourly values")
        }
        if current.precipitationProbability == nil {
            current.precipitationProbability =
                hours.last(where: { $0.time <= current.time })?.precipitationProbability
        }
        var days = (json["daily"]?.array ?? []).compactMap { day($0, units: units, zone: zone) }
        if days.isEmpty {
            days = DayBuilder.days(from: hours, intervalMinutes: 60, zone: zone)
        } else {
            days = DayBuilder.filling(days, from: hours, intervalMinutes: 60, zone: zone)
        }
        let alerts: [Alert]? =
            json["alerts"]?.array.map { $0.compactMap(alert) } ?? (json["current"] != nil ? [] : nil)
        return Forecast(
            current: current, sunrise: todays(source?["sunrise"]?.unixTime, current, zone),
            sunset: todays(source?["sunset"]?.unixTime, current, zone), hours: hours, intervalMinutes: 60,
            days: days, alerts: alerts, timezone: json["timezone"]?.string)
    }

    // MARK: - 2.5 lists

    private static func forecastList(_ list: [JSONValue], city: JSONValue?, units: Units, zone: ZoneInfo)
        throws(ProviderError) -> Forecast
    {
        if list.first?["temp"]?.object != nil {
            // The legacy 16-day daily list: days only; "current" is the first day's daytime values.
            let days = list.compactMap { day($0, units: units, zone: zone) }
            guard let first = list.first, var current = reading(first, units: units) else {
                throw .invalidResponse("openweathermap: a daily list without a valid `dt`")
            }
            current.temperature = first["temp"]?["day"]?.double.map(units.temperature.toCelsius)
            current.apparentTemperature = first["feels_like"]?["day"]?.double.map(units.temperature.toCelsius)
            return Forecast(current: current, intervalMinutes: 60, days: days)
        }
        let interval = intervalMinutes(list)
        let hours = list.compactMap { reading($0, units: units, stepHours: Double(interval) / 60) }
        guard let current = hours.first else {
            throw .invalidResponse("openweathermap: the forecast list has no entry with a valid `dt`")
        }
        return Forecast(
            current: current, sunrise: todays(city?["sunrise"]?.unixTime, current, zone),
            sunset: todays(city?["sunset"]?.unixTime, current, zone), hours: hours, intervalMinutes: interval,
            days: DayBuilder.days(from: hours, intervalMinutes: interval, zone: zone))
    }

    /// 180 for the free 5 day / 3 hour forecast, 60 for the paid hourly one.
    static func intervalMinutes(_ list: [JSONValue]) -> Int {
        let times = list.prefix(4).compactMap { $0["dt"]?.unixTime?.timeIntervalSince1970 }
        let steps = zip(times, times.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }
        return steps.min() == 3600 ? 60 : 180
    }

    // MARK: - Entries

    /// One entry: One Call's flat shape (`temp`, `wind_speed`, `clouds: 75`) or 2.5's nested
    /// one (`main.temp`, `wind.speed`, `clouds.all`). `stepHours` turns a `3h` volume into mm/h.
    static func reading(_ entry: JSONValue, units: Units, stepHours: Double = 1) -> Reading? {
        guard entry.object != nil, let time = entry["dt"]?.unixTime else { return nil }
        var reading = Reading(time: time)
        let main = entry["main"]
        func number(_ key: String) -> Double? { entry[key]?.double ?? main?[key]?.double }
        let weather = entry["weather"]?[0]
        let id = weather?["id"]?.int
        reading.providerCode = id.map(String.init)
        reading.condition = id.flatMap(OWMConditionCode.condition)
        reading.summary = weather?["description"]?.text?.capitalisedFirst
        reading.isDay = isDay(icon: weather?["icon"]?.string) ?? isDay(icon: entry["sys"]?["pod"]?.string)
        reading.temperature = number("temp").map(units.temperature.toCelsius)
        reading.apparentTemperature = number("feels_like").map(units.temperature.toCelsius)
        reading.dewPoint = number("dew_point").map(units.temperature.toCelsius)
        reading.humidity = number("humidity")
        reading.pressure = main?["sea_level"]?.double ?? number("pressure")
        reading.cloudCoverage = entry["clouds"]?.double ?? entry["clouds"]?["all"]?.double
        reading.uvIndex = number("uvi")
        reading.visibility = entry["visibility"]?.double.map { $0 / 1000 }
        let wind = entry["wind"]
        reading.windSpeed = (entry["wind_speed"] ?? wind?["speed"] ?? entry["speed"])?.double
            .map(units.speed.toKilometresPerHour)
        reading.windGust = (entry["wind_gust"] ?? wind?["gust"] ?? entry["gust"])?.double
            .map(units.speed.toKilometresPerHour)
        reading.windBearing = (entry["wind_deg"] ?? wind?["deg"] ?? entry["deg"])?.double
        reading.precipitationProbability = entry["pop"]?.double.map { $0 * 100 }
        let rain = intensity(entry["rain"], stepHours: stepHours)
        let snow = intensity(entry["snow"], stepHours: stepHours)
        let type = id.flatMap(OWMConditionCode.precipitationType)
        reading.precipitation = amount(rain: rain, snow: snow, type: type)
        reading.precipitationType = type ?? ((snow ?? 0) > 0 ? .snow : (rain ?? 0) > 0 ? .rain : nil)
        return reading
    }

    /// OpenWeatherMap leaves `rain` and `snow` out when nothing falls; where the condition
    /// says something falls but no volume came, the amount is unknown, not zero.
    static func amount(rain: Double?, snow: Double?, type: PrecipitationType?) -> Double? {
        if rain == nil, snow == nil { return type == nil ? 0 : nil }
        return (rain ?? 0) + (snow ?? 0)
    }

    /// mm/h from `{"1h": mm}` or `{"3h": mm}`.
    static func intensity(_ value: JSONValue?, stepHours: Double) -> Double? {
        guard let value else { return nil }
        if let amount = value["1h"]?.double { return max(0, amount) }
        if let amount = value["3h"]?.double { return max(0, amount) / 3 }
        if let amount = value.double { return max(0, amount) / max(1, stepHours) }
        return nil
    }

    static func isDay(icon: String?) -> Bool? {
        switch icon?.last {
        case "d": true
        case "n": false
        default: nil
        }
    }

    /// One day of One Call's `daily` or the legacy 16-day list (`dt` is local noon).
    static func day(_ entry: JSONValue, units: Units, zone: ZoneInfo) -> Day? {
        guard entry.object != nil, let time = entry["dt"]?.unixTime else { return nil }
        var day = Day(date: zone.localDate(time))
        let weather = entry["weather"]?[0]
        let id = weather?["id"]?.int
        day.providerCode = id.map(String.init)
        day.condition = id.flatMap(OWMConditionCode.condition)
        day.summary = entry["summary"]?.text ?? weather?["description"]?.text?.capitalisedFirst
        let temperature = units.temperature
        day.temperatureMax = entry["temp"]?["max"]?.double.map(temperature.toCelsius)
        day.temperatureMin = entry["temp"]?["min"]?.double.map(temperature.toCelsius)
        let feels = (entry["feels_like"]?.object.map { Array($0) } ?? []).compactMap { $0.value.double }
        day.apparentTemperatureMax = feels.max().map(temperature.toCelsius)
        day.apparentTemperatureMin = feels.min().map(temperature.toCelsius)
        let rain = entry["rain"]?.double.map { max(0, $0) }
        let snow = entry["snow"]?.double.map { max(0, $0) }
        let type = id.flatMap(OWMConditionCode.precipitationType)
        day.precipitation = amount(rain: rain, snow: snow, type: type)
        day.precipitationProbability = entry["pop"]?.double.map { $0 * 100 }
        day.precipitationType = type ?? ((snow ?? 0) > 0 ? .snow : (rain ?? 0) > 0 ? .rain : nil)
        day.windSpeed = (entry["wind_speed"] ?? entry["speed"])?.double.map(units.speed.toKilometresPerHour)
        day.windGust = (entry["wind_gust"] ?? entry["gust"])?.double.map(units.speed.toKilometresPerHour)
        day.windBearing = (entry["wind_deg"] ?? entry["deg"])?.double
        day.humidity = entry["humidity"]?.double
        day.pressure = entry["pressure"]?.double
        day.uvIndex = entry["uvi"]?.double
        day.sunrise = entry["sunrise"]?.unixTime
        day.sunset = entry["sunset"]?.unixTime
        day.moonPhase = entry["moon_phase"]?.double.flatMap { (0...1).contains($0) ? $0 : nil }
        return day
    }

    /// One Call's `alerts[]` (national warning services relayed by OpenWeatherMap).
    static func alert(_ entry: JSONValue) -> Alert? {
        guard let event = entry["event"]?.text else { return nil }
        let start = entry["start"]?.unixTime
        let tags = entry["tags"]?.array?.compactMap(\.text) ?? []
        // OpenWeatherMap relays no severity: the event's own words tell it where they can.
        return Alert(
            id: "\(Int(start?.timeIntervalSince1970 ?? 0))-\(event.slug)", title: event,
            severity: AlertSeverity(guessingFrom: ([event] + tags).joined(separator: " ")),
            description: entry["description"]?.text, onset: start,
            expires: entry["end"]?.unixTime, source: entry["sender_name"]?.text, uri: nil)
    }

    /// A sunrise or sunset only if it falls on the current reading's local day.
    static func todays(_ event: Date?, _ current: Reading, _ zone: ZoneInfo) -> Date? {
        guard let event, zone.localDate(event) == zone.localDate(current.time) else { return nil }
        return event
    }
}
