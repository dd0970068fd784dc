import FoundationEssentials
import WeatherModel

/// What `/points/{lat},{lon}` says about a location: where its forecasts are.
public struct NWSPoint: Sendable, Equatable {
    /// The 12-hour day/night forecast (`properties.forecast`).
    public var forecastURL: String
    /// The hourly forecast (`properties.forecastHourly`).
    public var hourlyURL: String
    /// The raw grid data (`properties.forecastGridData`).
    public var gridURL: String?
    /// The IANA zone of the location (`properties.timeZone`).
    public var timezone: String?

    public init(forecastURL: String, hourlyURL: String, gridURL: String? = nil, timezone: String? = nil) {
        self.forecastURL = forecastURL
        self.hourlyURL = hourlyURL
        self.gridURL = gridURL
        self.timezone = timezone
    }
}

extension NWS {
    /// Decodes a `/points` answer.
    public static func decodePoint(_ body: [UInt8]) throws(ProviderError) -> NWSPoint {
        let json = try ProviderCatalog.parse(body, provider: "nws")
        let properties = json["properties"]
        guard let forecast = properties?["forecast"]?.text, let hourly = properties?["forecastHourly"]?.text else {
            throw .invalidResponse("nws: the points answer has no forecast URLs (a location outside the US?)")
        }
        return NWSPoint(
            forecastURL: forecast, hourlyURL: hourly, gridURL: properties?["forecastGridData"]?.text,
            timezone: properties?["timeZone"]?.text)
    }

    /// Decodes the forecasts of one location: the hourly periods (readings), the 12-hour
    /// day/night periods (days: the high from the daytime period, the low from the night that
    /// follows it) and the raw grid data (fields the periods lack). Either forecast may be
    /// missing, not both; without the 12-hour one, days are built from the hours.
    ///
    /// - Parameters:
    ///   - zone: the location's zone (configured, else the points answer's `timeZone`).
    ///   - now: the current reading is the hourly period containing it (else the first).
    public static func decode(
        forecast: [UInt8]?, hourly: [UInt8]?, grid: [UInt8]? = nil, zone: ZoneInfo, now: Date? = nil
    ) throws(ProviderError) -> Forecast {
        let twelveHour = try forecast.map { (body) throws(ProviderError) in try periods(body) } ?? []
        var hours = try hourly.map { (body) throws(ProviderError) in try periods(body) }?.map(\.reading) ?? []
        if let grid, let layers = try? decodeGrid(grid) {
            hours = hours.map { layers.filling($0) }
        }
        let source = hours.isEmpty ? twelveHour.map(\.reading) : hours
        guard let first = source.first else {
            throw .invalidResponse("nws: the forecast has no period with a valid startTime")
        }
        let current = now.flatMap { now in source.last { $0.time <= now } } ?? first
        let built = DayBuilder.days(from: hours, intervalMinutes: 60, zone: zone)
        var days = twelveHour.isEmpty ? built : Self.days(twelveHour, zone: zone)
        if !twelveHour.isEmpty {
            days = DayBuilder.filling(days, from: hours, intervalMinutes: 60, zone: zone)
            let byDate = Dictionary(built.map { ($0.date, $0) }, uniquingKeysWith: { first, _ in first })
            days = days.map { day in
                var day = day
                day.precipitation = day.precipitation ?? byDate[day.date]?.precipitation
                day.humidity = day.humidity ?? byDate[day.date]?.humidity
                return day
            }
        }
        return Forecast(current: current, hours: hours, intervalMinutes: 60, days: days, alerts: nil)
    }

    /// One period of a forecast answer.
    struct Period {
        var reading: Reading
        var end: Date?
        var isDaytime: Bool?
    }

    static func periods(_ body: [UInt8]) throws(ProviderError) -> [Period] {
        let json = try ProviderCatalog.parse(body, provider: "nws")
        guard let list = json["properties"]?["periods"]?.array else {
            throw .invalidResponse("nws: the answer has no forecast periods")
        }
        return list.compactMap(period).sorted { $0.reading.time < $1.reading.time }
    }

    static func period(_ entry: JSONValue) -> Period? {
        guard let start = entry["startTime"]?.isoTime else { return nil }
        var reading = Reading(time: start)
        let isDaytime = entry["isDaytime"]?.bool
        if let value = entry["temperature"] {
            if value.object != nil {
                reading.temperature = NWSText.quantity(value, as: .temperature)
            } else if let number = value.double {
                let unit = TemperatureUnit(parsing: entry["temperatureUnit"]?.string ?? "F") ?? .fahrenheit
                reading.temperature = unit.toCelsius(number)
            }
        }
        reading.dewPoint = NWSText.quantity(entry["dewpoint"], as: .temperature)
        reading.humidity = NWSText.quantity(entry["relativeHumidity"], as: .percent)
        reading.precipitationProbability = NWSText.quantity(entry["probabilityOfPrecipitation"], as: .percent)
        reading.windSpeed = NWSText.speed(entry["windSpeed"])
        reading.windGust = NWSText.speed(entry["windGust"])
        reading.windBearing = NWSText.bearing(entry["windDirection"]?.string)
        let icon = entry["icon"]?.string.flatMap(NWSText.icon)
        reading.summary = entry["shortForecast"]?.text
        reading.condition =
            reading.summary.flatMap { NWSText.condition(shortForecast: $0) }
            ?? icon.flatMap { NWSText.condition(iconCode: $0.first) }
        reading.providerCode = icon?.code
        reading.isDay = isDaytime ?? icon?.isDay
        return Period(reading: reading, end: entry["endTime"]?.isoTime, isDaytime: isDaytime)
    }

    /// Local days from 12-hour periods. A daytime period gives its date's high, condition and
    /// summary; a night period gives the low of the day it starts the evening of (an
    /// "Overnight" period starting after midnight belongs to the day before).
    static func days(_ periods: [Period], zone: ZoneInfo) -> [Day] {
        var order: [CivilDate] = []
        var days: [CivilDate: Day] = [:]
        for period in periods {
            let reading = period.reading
            let isNight = period.isDaytime == false
            let date = zone.localDate(reading.time.addingTimeInterval(isNight ? -6 * 3600 : 0))
            if days[date] == nil { order.append(date) }
            var day = days[date] ?? Day(date: date)
            if isNight {
                day.temperatureMin = reading.temperature.map { min($0, day.temperatureMin ?? $0) }
            } else {
                day.temperatureMax = reading.temperature.map { max($0, day.temperatureMax ?? $0) }
            }
            // The daytime period describes the day; a night only where the day has none left.
            if !isNight || day.condition == nil {
                day.condition = reading.condition ?? day.condition
                day.summary = reading.summary ?? day.summary
                day.providerCode = reading.providerCode ?? day.providerCode
                day.windBearing = reading.windBearing ?? day.windBearing
            }
            day.precipitationProbability = maximum(day.precipitationProbability, reading.precipitationProbability)
            day.windSpeed = maximum(day.windSpeed, reading.windSpeed)
            day.windGust = maximum(day.windGust, reading.windGust)
            day.humidity = day.humidity ?? reading.humidity
            days[date] = day
        }
        return order.compactMap { days[$0] }
    }

    private static func maximum(_ lhs: Double?, _ rhs: Double?) -> Double? {
        guard let lhs else { return rhs }
        guard let rhs else { return lhs }
        return max(lhs, rhs)
    }

    /// Decodes `/alerts/active?point=` (a GeoJSON `FeatureCollection` of CAP alerts). Test
    /// and exercise messages (`status` other than `Actual`) are left out.
    public static func decodeAlerts(_ body: [UInt8]) throws(ProviderError) -> [Alert] {
        let json = try ProviderCatalog.parse(body, provider: "nws")
        guard let features = json["features"]?.array else {
            throw .invalidResponse("nws: the alerts answer has no features")
        }
        return features.compactMap { feature -> Alert? in
            let properties = feature["properties"]
            if let status = properties?["status"]?.text, status != "Actual" { return nil }
            guard let title = properties?["event"]?.text ?? properties?["headline"]?.text,
                let id = properties?["id"]?.text ?? feature["id"]?.text ?? properties?["@id"]?.text
            else { return nil }
            return Alert(
                id: id, title: title, severity: AlertSeverity(parsing: properties?["severity"]?.string),
                description: properties?["description"]?.text,
                onset: properties?["onset"]?.isoTime ?? properties?["effective"]?.isoTime,
                // The hazard's end where it is known, else the message's expiry.
                expires: properties?["ends"]?.isoTime ?? properties?["expires"]?.isoTime,
                uri: properties?["@id"]?.text ?? feature["id"]?.text, event: properties?["event"]?.text,
                instruction: properties?["instruction"]?.text, sender: properties?["senderName"]?.text
            ).from(.nws)
        }
    }
}
