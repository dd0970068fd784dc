import FoundationEssentials
import ProviderFacts
import WeatherModel

/// Open-Meteo (`/v1/forecast`): no key, one request per location for current, hourly and
/// daily values. Units are read from the answer's `*_units`, never assumed.
public struct OpenMeteo: WeatherProvider {
    public let name = "open-meteo"
    /// The public service (`ProviderDescriptor.openMeteo`).
    public static let defaultBaseURL = ProviderDescriptor.openMeteo.defaultBaseURL
    public let attribution: String? = ProviderDescriptor.openMeteo.attribution
    public var baseURL: String
    public var userAgent: String

    /// Open-Meteo counts a request with more than 10 variables as several calls (one per 10),
    /// and more than 14 days as more again.
    public var callsPerFetch: Int {
        let variables = Self.current.count + Self.hourly.count + Self.daily.count + Self.minutely15.count
        return (variables + 9) / 10
    }

    public init(baseURL: String = OpenMeteo.defaultBaseURL, userAgent: String) {
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

    /// The nowcast's variables: 9 quarter-hours (the one containing now and two hours ahead).
    static let minutely15 = ["precipitation", "precipitation_probability", "weather_code"]

    /// The one request for a location.
    public func request(for query: ProviderQuery) -> ProviderRequest {
        let days = min(16, max(1, query.days + 1))
        let url =
            baseURL + "/v1/forecast?latitude=" + query.latitudeText + "&longitude=" + query.longitudeText
            + "&current=" + Self.current.joined(separator: ",")
            + "&hourly=" + Self.hourly.joined(separator: ",")
            + "&daily=" + Self.daily.joined(separator: ",")
            + "&minutely_15=" + Self.minutely15.joined(separator: ",") + "&forecast_minutely_15=9"
            + "&timezone=" + percentEncode(query.timezone ?? "auto")
            + "&timeformat=unixtime&forecast_days=\(days)"
            + (query.elevationText.map { "&elevation=" + $0 } ?? "")
        var headers: [(name: String, value: String)] = [("User-Agent", userAgent), ("Accept", "application/json")]
        headers += query.validators?.requestHeaders ?? []
        return ProviderRequest(url: url, headers: headers)
    }

    public func fetch(_ query: ProviderQuery, transport: any ProviderTransport) async throws(ProviderError)
        -> ProviderResult
    {
        let response = try await transport.send(request(for: query))
        try ResponseCheck.requireSuccess(response, provider: name)
        // Parsed once for the readings and the `minutely_15` nowcast.
        let json = try ResponseCheck.json(response.body, provider: "open-meteo")
        let forecast = try Self.decode(json: json, timezone: query.timezone)
        return ProviderResult(
            forecast: forecast, freshness: Freshness(response: response), requests: 1,
            rateLimit: RateLimit(response: response), nowcast: Self.decodeNowcast(json: json))
    }

    /// Decodes a `/v1/forecast` answer (ISO 8601 or unixtime; the `current` block or the
    /// legacy `current_weather`). `timezone` is the configured zone, used when the answer
    /// names none.
    public static func decode(_ body: [UInt8], timezone: String? = nil) throws(ProviderError) -> Forecast {
        try decode(json: try ResponseCheck.json(body, provider: "open-meteo"), timezone: timezone)
    }

    /// `decode(_:timezone:)` of an answer already parsed.
    static func decode(json: JSONValue, timezone: String?) throws(ProviderError) -> Forecast {
        guard json.object != nil else { throw .invalidResponse("open-meteo: expected a JSON object") }
        if json["error"]?.bool == true {
            throw .invalidResponse("open-meteo: \(json["reason"]?.string ?? "error")")
        }
        let configured = timezone.flatMap(ZoneInfo.init(identifier:))
        let zone =
            json["timezone"]?.string.flatMap(ZoneInfo.init(identifier:))
            ?? configured
            ?? json["utc_offset_seconds"]?.int.map { ZoneInfo(fixed: $0) } ?? .utc

        var hours: [Reading] = []
        if let block = Block(json, "hourly", zone: zone) {
            hours = try block.readings(legacy: false)
        }

        var current: Reading
        var currentFromSeries = false
        var lacking: ForecastParts = []
        if let block = Block(json, "current", zone: zone),
            let first = try block.readings(legacy: false, limit: 1).first
        {
            current = first
        } else if let block = Block(json, "current_weather", zone: zone),
            let first = try block.readings(legacy: true, limit: 1).first
        {
            current = first
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
            // No current block (self-hosted or proxied instances, old recordings): the
            // payload builder takes the hour that contains "now".
            current = first
            currentFromSeries = true
        } else if let start = Block(json, "daily", zone: zone).flatMap({ try? $0.days().first }) {
            // Daily values only (asked for alone, or a model without hourly data): a partial
            // answer; the bridge keeps current and hourly from the last good one.
            current = Reading(time: zone.startOfDay(start.date))
            lacking = [.current, .hourly]
        } else {
            throw .invalidResponse("open-meteo: the answer has no current, hourly or daily values")
        }
        if current.precipitationProbability == nil,
            let hour = hours.last(where: { $0.time <= current.time })
        {
            current.precipitationProbability = hour.precipitationProbability
        }

        var days: [Day] = []
        if let block = Block(json, "daily", zone: zone) {
            days = DayBuilder.distinctDays(try block.days())
            days = DayBuilder.filling(days, from: hours, intervalMinutes: 60, zone: zone)
        } else if !hours.isEmpty {
            days = DayBuilder.days(from: hours, intervalMinutes: 60, zone: zone)
        }
        var reportedZone = json["timezone"]?.string
        // An answer in another zone than the one asked for (a proxy dropped `timezone=`, so it
        // came in GMT): its days are that zone's dates. The location's days are made again from
        // the hours, which are instants; the daily block gives only its sunrises and sunsets.
        var dayZone = zone
        if let configured, let name = timezone, Self.differs(configured, from: json, at: current.time) {
            guard !hours.isEmpty else {
                let answered = json["timezone"]?.string ?? "UTC offset \(json["utc_offset_seconds"]?.int ?? 0) s"
                throw .invalidResponse(
                    "open-meteo: the answer is for \(answered), not \(name) (was `timezone` dropped on the way?), "
                        + "and has no hourly values to make \(name)'s days from")
            }
            let sunrises = days.compactMap(\.sunrise)
            let sunsets = days.compactMap(\.sunset)
            days = DayBuilder.days(from: hours, intervalMinutes: 60, zone: configured).map { day in
                var day = day
                day.sunrise = sunrises.first { configured.localDate($0) == day.date } ?? day.sunrise
                day.sunset = sunsets.first { configured.localDate($0) == day.date } ?? day.sunset
                return day
            }
            dayZone = configured
            reportedZone = name
        }
        let today = dayZone.localDate(current.time)
        let todayEntry = days.first { $0.date == today }
        var forecast = Forecast(
            current: current, sunrise: todayEntry?.sunrise, sunset: todayEntry?.sunset, hours: hours,
            intervalMinutes: 60, days: days, alerts: nil, timezone: reportedZone)
        forecast.currentIsFromSeries = currentFromSeries
        forecast.lacking = lacking
        return forecast
    }

    /// Whether the answer's UTC offset at `time` is not the configured zone's.
    static func differs(_ configured: ZoneInfo, from json: JSONValue, at time: Date) -> Bool {
        guard let offset = json["utc_offset_seconds"]?.int else { return false }
        return offset != configured.offset(at: time)
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
