import FoundationEssentials
import WeatherModel

/// Open-Meteo (`/v1/forecast`): no key, one request per location for current, hourly and
/// daily values. Units are read from the answer's `*_units`, never assumed.
public struct OpenMeteo: WeatherProvider {
    public let name = "open-meteo"
    public let attribution: String? = "Weather data by Open-Meteo.com (CC BY 4.0)"
    public var baseURL: String
    public var userAgent: String

    /// Open-Meteo counts a request with more than 10 variables as several calls (one per 10),
    /// and more than 14 days as more again.
    public var callsPerFetch: Int {
        let variables = Self.current.count + Self.hourly.count + Self.daily.count
        return (variables + 9) / 10
    }

    public init(baseURL: String = "https://api.open-meteo.com", userAgent: String) {
        self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        self.userAgent = userAgent
    }

    static let current = [
        "temperature_2m", "relative_humidity_2m", "apparent_temperature", "dew_point_2m", "is_day",
        "precipitation", "weather_code", "cloud_cover", "pressure_msl", "wind_speed_10m",
        "wind_direction_10m", "wind_gusts_10m", "visibility", "uv_index",
    ]
    static let hourly = [
        "temperature_2m", "relative_humidity_2m", "apparent_temperature", "dew_point_2m", "is_day",
        "precipitation_probability", "precipitation", "weather_code", "cloud_cover", "pressure_msl",
        "wind_speed_10m", "wind_direction_10m", "wind_gusts_10m", "visibility", "uv_index",
    ]
    static let daily = [
        "weather_code", "temperature_2m_max", "temperature_2m_min", "apparent_temperature_max",
        "apparent_temperature_min", "sunrise", "sunset", "uv_index_max", "precipitation_sum",
        "precipitation_probability_max", "wind_speed_10m_max", "wind_gusts_10m_max",
        "wind_direction_10m_dominant",
    ]

    /// The one request for a location.
    public func request(for query: ProviderQuery) -> ProviderRequest {
        let days = min(16, max(1, query.days + 1))
        let url =
            baseURL + "/v1/forecast?latitude=" + query.latitudeText + "&longitude=" + query.longitudeText
            + "&current=" + Self.current.joined(separator: ",")
            + "&hourly=" + Self.hourly.joined(separator: ",")
            + "&daily=" + Self.daily.joined(separator: ",")
            + "&timezone=" + percentEncode(query.timezone ?? "auto")
            + "&timeformat=unixtime&forecast_days=\(days)"
        var headers: [(name: String, value: String)] = [("User-Agent", userAgent), ("Accept", "application/json")]
        headers += query.validators?.requestHeaders ?? []
        return ProviderRequest(url: url, headers: headers)
    }

    public func fetch(_ query: ProviderQuery, transport: any ProviderTransport) async throws(ProviderError)
        -> ProviderResult
    {
        let response = try await transport.send(request(for: query))
        try ResponseCheck.requireSuccess(response, provider: name)
        let forecast = try Self.decode(response.body, timezone: query.timezone)
        return ProviderResult(
            forecast: forecast, freshness: Freshness(response: response), requests: 1,
            rateLimit: RateLimit(response: response))
    }

    /// Decodes a `/v1/forecast` answer (ISO 8601 or unixtime; the `current` block or the
    /// legacy `current_weather`). `timezone` is the configured zone, used when the answer
    /// names none.
    public static func decode(_ body: [UInt8], timezone: String? = nil) throws(ProviderError) -> Forecast {
        let json = try ResponseCheck.json(body, provider: "open-meteo")
        guard json.object != nil else { throw .invalidResponse("open-meteo: expected a JSON object") }
        if json["error"]?.bool == true {
            throw .invalidResponse("open-meteo: \(json["reason"]?.string ?? "error")")
        }
        let zone =
            json["timezone"]?.string.flatMap(ZoneInfo.init(identifier:))
            ?? timezone.flatMap(ZoneInfo.init(identifier:))
            ?? json["utc_offset_seconds"]?.int.map { ZoneInfo(fixed: $0) } ?? .utc

        var hours: [Reading] = []
        if let block = Block(json, "hourly", zone: zone) {
            hours = try block.rows().map { (row) throws(ProviderError) in try reading(from: row) }
        }

        var current: Reading
        if let block = Block(json, "current", zone: zone), let row = block.rows().first {
            current = try reading(from: row)
        } else if let block = Block(json, "current_weather", zone: zone), let row = block.rows().first {
            current = try reading(from: row, legacy: true)
            // The legacy block has no humidity etc.: take them from the hour it falls in.
            if let hour = hours.last(where: { $0.time <= current.time }) {
                current.humidity = current.humidity ?? hour.humidity
                current.apparentTemperature = current.apparentTemperature ?? hour.apparentTemperature
                current.dewPoint = current.dewPoint ?? hour.dewPoint
                current.pressure = current.pressure ?? hour.pressure
                current.cloudCoverage = current.cloudCoverage ?? hour.cloudCoverage
                current.precipitation = current.precipitation ?? hour.precipitation
                current.precipitationProbability = current.precipitationProbability ?? hour.precipitationProbability
            }
        } else if let first = hours.first {
            current = first
        } else {
            throw .invalidResponse("open-meteo: the answer has no current or hourly values")
        }
        if current.precipitationProbability == nil,
            let hour = hours.last(where: { $0.time <= current.time })
        {
            current.precipitationProbability = hour.precipitationProbability
        }

        var days: [Day] = []
        if let block = Block(json, "daily", zone: zone) {
            days = try block.rows().map { (row) throws(ProviderError) in try day(from: row, zone: zone) }
            days = DayBuilder.filling(days, from: hours, intervalMinutes: 60, zone: zone)
        } else if !hours.isEmpty {
            days = DayBuilder.days(from: hours, intervalMinutes: 60, zone: zone)
        }
        let today = zone.localDate(current.time)
        let todayEntry = days.first { $0.date == today }
        return Forecast(
            current: current, sunrise: todayEntry?.sunrise, sunset: todayEntry?.sunset, hours: hours,
            intervalMinutes: 60, days: days, alerts: nil, timezone: json["timezone"]?.string)
    }

    private static func reading(from row: Row, legacy: Bool = false) throws(ProviderError) -> Reading {
        guard let time = row.time else { throw .invalidResponse("open-meteo: an entry without a valid time") }
        var reading = Reading(time: time)
        let code = row.number(legacy ? "weathercode" : "weather_code").map { Int($0) }
        reading.providerCode = code.map(String.init)
        reading.condition = code.flatMap(WMOCode.condition)
        reading.summary = code.flatMap(WMOCode.summary)
        reading.isDay = row.number("is_day").map { $0 != 0 }
        reading.temperature = row.temperature(legacy ? "temperature" : "temperature_2m")
        reading.apparentTemperature = row.temperature("apparent_temperature")
        reading.dewPoint = row.temperature("dew_point_2m")
        reading.humidity = row.number("relative_humidity_2m") ?? row.number("relativehumidity_2m")
        reading.cloudCoverage = row.number("cloud_cover") ?? row.number("cloudcover")
        reading.precipitationProbability = row.number("precipitation_probability")
        reading.pressure = row.number("pressure_msl")
        reading.windSpeed = row.speed(legacy ? "windspeed" : "wind_speed_10m") ?? row.speed("windspeed_10m")
        reading.windGust = row.speed("wind_gusts_10m") ?? row.speed("windgusts_10m")
        reading.windBearing =
            row.number(legacy ? "winddirection" : "wind_direction_10m") ?? row.number("winddirection_10m")
        reading.precipitation = row.precipitation("precipitation")
        reading.precipitationType = code.flatMap(WMOCode.precipitationType)
        reading.uvIndex = row.number("uv_index")
        reading.visibility = row.distance("visibility")
        return reading
    }

    private static func day(from row: Row, zone: ZoneInfo) throws(ProviderError) -> Day {
        guard let date = row.date else { throw .invalidResponse("open-meteo: a daily entry without a valid date") }
        var day = Day(date: date)
        let code = row.number("weather_code").map { Int($0) } ?? row.number("weathercode").map { Int($0) }
        day.providerCode = code.map(String.init)
        day.condition = code.flatMap(WMOCode.condition)
        day.summary = code.flatMap(WMOCode.summary)
        day.temperatureMax = row.temperature("temperature_2m_max")
        day.temperatureMin = row.temperature("temperature_2m_min")
        day.apparentTemperatureMax = row.temperature("apparent_temperature_max")
        day.apparentTemperatureMin = row.temperature("apparent_temperature_min")
        day.precipitation = row.precipitation("precipitation_sum")
        day.precipitationProbability = row.number("precipitation_probability_max")
        day.precipitationType = code.flatMap(WMOCode.precipitationType)
        day.windSpeed = row.speed("wind_speed_10m_max") ?? row.speed("windspeed_10m_max")
        day.windGust = row.speed("wind_gusts_10m_max") ?? row.speed("windgusts_10m_max")
        day.windBearing = row.number("wind_direction_10m_dominant") ?? row.number("winddirection_10m_dominant")
        day.uvIndex = row.number("uv_index_max")
        day.sunrise = row.instant("sunrise")
        day.sunset = row.instant("sunset")
        return day
    }
}

/// One of the answer's blocks (`current`, `hourly`, `daily`) with its `*_units`.
private struct Block {
    let values: JSONObject
    let units: JSONObject
    let zone: ZoneInfo

    init?(_ json: JSONValue, _ name: String, zone: ZoneInfo) {
        guard let values = json[name]?.object else { return nil }
        self.values = values
        self.units = json[name + "_units"]?.object ?? JSONObject()
        self.zone = zone
    }

    /// A series block has arrays; a current block has single values (one row).
    func rows() -> [Row] {
        if let times = values["time"]?.array {
            return times.indices.map { Row(block: self, index: $0) }
        }
        return [Row(block: self, index: nil)]
    }
}

private struct Row {
    let block: Block
    let index: Int?

    func value(_ key: String) -> JSONValue? {
        guard let entry = block.values[key] else { return nil }
        if let index { return entry[index] }
        return entry
    }

    func number(_ key: String) -> Double? { value(key)?.double }

    func unit(_ key: String) -> String { block.units[key]?.string ?? "" }

    var time: Date? { instant("time") }

    /// A time value: unixtime numbers, or ISO 8601 text in the answer's zone.
    func instant(_ key: String) -> Date? {
        guard let value = value(key) else { return nil }
        if let seconds = value.double {
            // Years 1900–2200; anything else is not a forecast time.
            guard seconds > -2_300_000_000, seconds < 7_300_000_000 else { return nil }
            return Date(timeIntervalSince1970: seconds)
        }
        if let text = value.string { return ISO8601.date(text, zone: block.zone) }
        return nil
    }

    /// A daily `time`: `YYYY-MM-DD`, or the unixtime of local midnight.
    var date: CivilDate? {
        guard let value = value("time") else { return nil }
        if let text = value.string { return CivilDate(iso: text) }
        if let seconds = value.double, seconds > -2_300_000_000, seconds < 7_300_000_000 {
            return block.zone.localDate(Date(timeIntervalSince1970: seconds + 1))
        }
        return nil
    }

    func temperature(_ key: String) -> Double? {
        guard let value = number(key) else { return nil }
        return (TemperatureUnit(parsing: unit(key)) ?? .celsius).toCelsius(value)
    }

    func speed(_ key: String) -> Double? {
        guard let value = number(key) else { return nil }
        return (SpeedUnit(parsing: unit(key)) ?? .kilometresPerHour).toKilometresPerHour(value)
    }

    func precipitation(_ key: String) -> Double? {
        guard let value = number(key) else { return nil }
        return (PrecipitationUnit(parsing: unit(key)) ?? .millimetres).toMillimetres(value)
    }

    /// Visibility: Open-Meteo reports metres, or feet with imperial units.
    func distance(_ key: String) -> Double? {
        guard let value = number(key) else { return nil }
        switch unit(key).lowercased() {
        case "ft", "feet": return value * 0.0003048
        case "km": return value
        case "mi": return value * 1.609344
        default: return value / 1000
        }
    }
}

/// Percent-encodes a query value (zone names hold `/`).
func percentEncode(_ text: String) -> String {
    var result = ""
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: "~"):
            result.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            let hex = Array("0123456789ABCDEF".unicodeScalars)
            result += "%"
            result.unicodeScalars.append(hex[Int(byte >> 4)])
            result.unicodeScalars.append(hex[Int(byte & 0xF)])
        }
    }
    return result
}
