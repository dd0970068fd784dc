import ProviderFacts
import Providers

/// The warning sources a location's `alerts:` list can name (SPEC §2), apart from the
/// alerts its forecast provider brings.
public enum AlertSourceName: String, CaseIterable, Sendable {
    case nws, brightsky, metalerts, meteoalarm, openweathermap

    /// Sources that are not forecast providers: their `providers.<name>` entry takes
    /// `base_url` (and, for meteoalarm, `format: json|atom`).
    public static let warningOnly: [AlertSourceName] = [.brightsky, .metalerts, .meteoalarm]

    /// Whether the source's terms require an identifying User-Agent (`contact`): NWS's, and
    /// MetAlerts' (MET Norway's terms, as for met-no).
    public var needsContact: Bool {
        switch self {
        case .nws: ProviderDescriptor.nws.needsContact
        case .metalerts: ProviderDescriptor.metNo.needsContact
        case .brightsky, .meteoalarm, .openweathermap: false
        }
    }

    /// Whether the source needs `providers.<name>.api_key` (One Call 4.0's alert texts).
    public var needsKey: Bool { self == .openweathermap && ProviderDescriptor.openWeatherMap.needsKey }

    /// Where the source answers unless `providers.<name>.base_url` says otherwise.
    public var defaultBaseURL: String {
        switch self {
        case .nws: ProviderDescriptor.nws.defaultBaseURL
        case .brightsky: "https://api.brightsky.dev"
        case .metalerts: "https://api.met.no/weatherapi/metalerts/2.0"
        case .meteoalarm: "https://feeds.meteoalarm.org"
        case .openweathermap: ProviderDescriptor.openWeatherMap.defaultBaseURL
        }
    }
}

/// A location's MeteoAlarm region: `meteoalarm: { country: germany, region: DE343 }`.
public struct MeteoAlarmRegion: Sendable, Equatable {
    /// The country as MeteoAlarm's feed names spell it (`germany`, `bosnia-herzegovina`).
    public var country: String
    /// An `EMMA_ID` code (`DE343`) or an area name (`Erzgebirgskreis`) from the feed.
    public var region: String

    public init(country: String, region: String) {
        self.country = country
        self.region = region
    }
}

/// `providers.brightsky`, `providers.metalerts`, `providers.meteoalarm`.
public struct AlertSourceSettings: Sendable, Equatable {
    public var baseURL: String
    /// MeteoAlarm only: `json` (the API feed, default) or `atom` (the legacy feed).
    public var format: String

    public init(baseURL: String, format: String = "json") {
        self.baseURL = baseURL
        self.format = format
    }
}
