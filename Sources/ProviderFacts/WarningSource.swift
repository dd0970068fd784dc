/// Every warning source a location can list under `alerts:` (SPEC §4 alerts), apart from its
/// forecast provider, and what the bridge knows about each that is not its wire format: the one
/// list of warning sources. Configuration checks names, keys and requirements against it, the
/// feeds read each source's cadence, and `Providers/Warnings/` asks and decodes each
/// (`WarningSource+Request.swift`). A new source is a case here, with its facts.
public enum WarningSource: String, Sendable, CaseIterable {
    /// US National Weather Service, `/alerts/active?point=`.
    case nws
    /// Deutscher Wetterdienst through Bright Sky, `/alerts?lat=&lon=` (Germany).
    case brightsky
    /// MET Norway MetAlerts 2.0, `/weatherapi/metalerts/2.0/current.json?lat=&lon=` (Norway).
    case metalerts
    /// EUMETNET MeteoAlarm, one feed per country, matched by region (Europe).
    case meteoalarm
    /// OpenWeatherMap One Call 4.0 alert detail, `/alert/{id}` (ids from the forecast).
    case openweathermap

    /// The credit each alert of this source carries in `attribution`.
    public var attribution: String {
        switch self {
        case .nws: "Warnings: US National Weather Service (public domain)"
        case .brightsky: "Warnings: Deutscher Wetterdienst, via Bright Sky"
        case .metalerts: "Warnings: MET Norway (CC BY 4.0)"
        case .meteoalarm: "Warnings: MeteoAlarm (EUMETNET) and the issuing national service"
        case .openweathermap: "Warnings: OpenWeatherMap, from the issuing national service"
        }
    }

    /// The forecast provider of the same name, whose `providers.<name>` entry (`base_url`,
    /// `api_key`) the source uses; `nil` for a source of its own, whose `providers.<name>` entry
    /// takes `settingsKeys`.
    public var provider: ProviderDescriptor? {
        switch self {
        case .nws: .nws
        case .openweathermap: .openWeatherMap
        case .brightsky, .metalerts, .meteoalarm: nil
        }
    }

    /// Sources that are not forecast providers: their `providers.<name>` entry takes `settingsKeys`.
    public static var warningOnly: [WarningSource] { allCases.filter { $0.provider == nil } }

    /// The keys of a warning-only source's `providers.<name>` entry (`format: json|atom` for meteoalarm).
    public var settingsKeys: [String] { self == .meteoalarm ? ["base_url", "format"] : ["base_url"] }

    /// Where the source answers unless `providers.<name>.base_url` says otherwise.
    public var defaultBaseURL: String {
        switch self {
        case .nws, .openweathermap: provider?.defaultBaseURL ?? ""
        case .brightsky: "https://api.brightsky.dev"
        case .metalerts: "https://api.met.no/weatherapi/metalerts/2.0"
        case .meteoalarm: "https://feeds.meteoalarm.org"
        }
    }

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
    public var needsKey: Bool { provider?.needsKey ?? false }

    /// How often the source is asked, after a forecast refresh of a location.
    public var cadence: WarningCadence {
        switch self {
        // MET Norway's terms: at most one request per 10 minutes per client and place.
        case .metalerts: .perLocation(seconds: 600)
        // One feed per country for all its locations: at each location's interval, at least a minute.
        case .meteoalarm: .sharedFeed(atLeast: 60)
        case .nws, .brightsky, .openweathermap: .everyRefresh
        }
    }

    /// The source whose area covers a point, for `alerts: auto` (`WarningArea`).
    public static func defaultSource(latitude: Double, longitude: Double) -> WarningSource? {
        WarningArea.defaultSource(latitude: latitude, longitude: longitude).flatMap(WarningSource.init(rawValue:))
    }
}

/// When a warning source is asked (`WarningSource.cadence`).
public enum WarningCadence: Sendable, Equatable {
    /// With every forecast refresh of the location.
    case everyRefresh
    /// At most once per `seconds` for each location.
    case perLocation(seconds: Int)
    /// One feed shared by the locations that name it (the request's URL is the same), asked at
    /// the asking location's interval but not more often than `atLeast` seconds, conditionally
    /// (`If-None-Match` / `If-Modified-Since`).
    case sharedFeed(atLeast: Int)
}
