/// Everything the bridge, its configuration and Home Assistant discovery know about one weather
/// provider that is not its wire format. Each is declared in `ProviderFacts/Providers/<Name>.swift`
/// and is the `descriptor` of one `ProviderID`; how the provider is built and decoded is its folder
/// in `Sources/Providers/` (`<Provider>+Kind.swift`, chosen in `ProviderCatalog.kind(_:)`). Configuration
/// (names, keys, defaults), Providers (base URLs, attribution), Bridge (minimum interval, daily
/// budget) and discovery (display name) all read them, and none of them needs a decoder for it:
/// `weatherview`, which reads the configuration's `mqtt:`, links no provider.
public struct ProviderDescriptor: Sendable, Equatable {
    /// The name configuration uses (`providers:` keys, a location's `providers: [...]`), e.g. `open-meteo`.
    public let name: String
    /// How people write it (`Open-Meteo`): Home Assistant's model name.
    public let displayName: String
    /// Where the provider's API lives; `base_url` replaces it.
    public let defaultBaseURL: String
    /// The default of `geocoding_url`, for a provider that also answers place-name searches.
    public let geocodingURL: String?
    /// The default of `air_quality_url`, for a provider that also serves air quality.
    public let airQualityURL: String?
    /// The attribution its terms ask for in every payload.
    public let attribution: String
    /// The shortest interval (seconds) the bridge polls it at, whatever the configuration says.
    public let minimumInterval: Double
    /// Requests per UTC day when `daily_budget` is not set: the free tier with a margin.
    public let dailyBudget: Int
    /// Budgets for particular `api:` modes, where they differ from `dailyBudget`.
    public let dailyBudgetByAPI: [String: Int]
    /// The `api:` modes it offers, the default first; empty when it has no `api:` key.
    public let apiModes: [String]
    /// Whether requests need `api_key` (or `api_key_file`).
    public let needsKey: Bool
    /// Whether its terms require an identifying User-Agent (`contact`).
    public let needsContact: Bool
    /// Whether a location using it must name its time zone (the responses carry none).
    public let needsTimezone: Bool
    /// Whether it writes its condition texts in the language it is asked in (`lang=`); the
    /// others write English or none.
    public let answersInLanguage: Bool
    /// Why an answer of it can lack a nowcast, as the `nowcast` payload says it; `nil` for "its
    /// answer carried no minutely block".
    public let noNowcastReason: String?

    public init(
        name: String, displayName: String, defaultBaseURL: String, geocodingURL: String? = nil,
        airQualityURL: String? = nil, attribution: String, minimumInterval: Double = 60, dailyBudget: Int,
        dailyBudgetByAPI: [String: Int] = [:], apiModes: [String] = [], needsKey: Bool = false,
        needsContact: Bool = false, needsTimezone: Bool = false, answersInLanguage: Bool = false,
        noNowcastReason: String? = nil
    ) {
        self.name = name
        self.displayName = displayName
        self.defaultBaseURL = defaultBaseURL
        self.geocodingURL = geocodingURL
        self.airQualityURL = airQualityURL
        self.attribution = attribution
        self.minimumInterval = minimumInterval
        self.dailyBudget = dailyBudget
        self.dailyBudgetByAPI = dailyBudgetByAPI
        self.apiModes = apiModes
        self.needsKey = needsKey
        self.needsContact = needsContact
        self.needsTimezone = needsTimezone
        self.answersInLanguage = answersInLanguage
        self.noNowcastReason = noNowcastReason
    }

    /// The daily budget for `api` (OpenWeatherMap's `api:`; `nil` for the default mode).
    public func dailyBudget(api: String?) -> Int { api.flatMap { dailyBudgetByAPI[$0] } ?? dailyBudget }

    /// Keys its `providers:` entry accepts.
    public var configurationKeys: [String] {
        var keys = ["base_url", "api_key", "api_key_file", "daily_budget"]
        if !apiModes.isEmpty { keys.append("api") }
        if geocodingURL != nil { keys.append("geocoding_url") }
        if airQualityURL != nil { keys.append("air_quality_url") }
        return keys
    }
}
