import ProviderFacts
import WeatherModel

/// One place as a warning source is asked about it: where, in which language, and (MeteoAlarm)
/// the country feed and the region in it.
public struct WarningQuery: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    /// The location's `language` (BCP 47 code), for the sources that have texts in several.
    public var language: String
    /// MeteoAlarm: the country's feed (`germany`) and the region (`DE343` or an area name).
    public var country: String? = nil
    public var region: String? = nil
    /// `providers.<name>.base_url`, else the source's default.
    public var baseURL: String
    /// MeteoAlarm's `format` (`json` or `atom`).
    public var format = "json"

    public init(latitude: Double, longitude: Double, language: String, baseURL: String) {
        self.latitude = latitude
        self.longitude = longitude
        self.language = language
        self.baseURL = baseURL
    }
}

/// How each warning source is asked and read: the one switch over `WarningSource` in Providers,
/// each case handing over to the source's own file (the compiler asks for a new source's line).
extension WarningSource {
    /// The request for `query`, `nil` when there is none: MeteoAlarm without a region, and the
    /// openweathermap source, whose ids come with the forecast or from `/current` and whose texts
    /// are asked one id at a time (`OpenWeatherMap.alertIDs` and `alertDetail`).
    public func request(_ query: WarningQuery, userAgent: String) -> ProviderRequest? {
        let accept = [(name: "User-Agent", value: userAgent), (name: "Accept", value: "application/json")]
        let point = (latitude: query.latitude, longitude: query.longitude)
        switch self {
        case .nws:
            let at = ProviderQuery.coordinate(point.latitude) + "," + ProviderQuery.coordinate(point.longitude)
            return ProviderRequest(
                url: query.baseURL + "/alerts/active?point=" + at,
                headers: [("User-Agent", userAgent), ("Accept", "application/geo+json")])
        case .brightsky:
            return ProviderRequest(
                url: query.baseURL + BrightSkyAlerts.path(latitude: point.latitude, longitude: point.longitude),
                headers: accept)
        case .metalerts:
            let path = MetAlerts.path(latitude: point.latitude, longitude: point.longitude, language: query.language)
            return ProviderRequest(url: query.baseURL + path, headers: accept)
        case .meteoalarm:
            guard let country = query.country, query.region != nil else { return nil }
            let format = MeteoAlarm.Format(rawValue: query.format) ?? .json
            return ProviderRequest(
                url: query.baseURL + MeteoAlarm.path(country: country, format: format),
                headers: [("User-Agent", userAgent), ("Accept-Encoding", "gzip")])
        case .openweathermap:
            return nil
        }
    }

    /// What a failed answer is called in its error: the source, or MeteoAlarm's country feed.
    public func label(_ query: WarningQuery) -> String {
        self == .meteoalarm ? "meteoalarm (the \(query.country ?? "") feed)" : rawValue
    }

    /// The alerts in an answer to `request(query)`; texts in `query.language` where the source has it.
    public func decode(_ body: [UInt8], query: WarningQuery) throws(ProviderError) -> [Alert] {
        switch self {
        case .nws: try NWS.decodeAlerts(body)
        case .brightsky: try BrightSkyAlerts.decode(body, language: query.language)
        case .metalerts: try MetAlerts.decode(body)
        case .meteoalarm: try MeteoAlarm.decode(body, region: query.region ?? "", language: query.language)
        case .openweathermap: []
        }
    }
}
