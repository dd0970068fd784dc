/// One entry of `providers:`, with its defaults filled in.
///
/// Keys: `base_url` (http or https, default `KnownProvider.defaultBaseURL`; a trailing `/` is
/// dropped), `api_key` / `api_key_file`, `daily_budget` (requests per UTC day, > 0; `nil` = the
/// provider's free tier with margin, chosen by the bridge), `api` (openweathermap only: `onecall`
/// (3.0), `onecall4` (4.0) or `free`, default `onecall`), `geocoding_url` (open-meteo only, default
/// `https://geocoding-api.open-meteo.com`).
public struct ProviderSettings: Sendable, Equatable {
    /// The `KnownProvider` raw value.
    public var name: String
    public var baseURL: String
    public var apiKey: String?
    /// `onecall`, `onecall4` or `free` for openweathermap, `nil` for the others.
    public var api: String?
    public var dailyBudget: Int?
    /// Set for open-meteo only.
    public var geocodingURL: String?
    /// open-meteo only: the Air Quality API's base URL (`air_quality_url`), `nil` for the default
    /// `https://air-quality-api.open-meteo.com`.
    public var airQualityURL: String?
    /// The line of the provider's section, `nil` when it has none.
    public var line: Int?

    public init(
        name: String, baseURL: String, apiKey: String? = nil, api: String? = nil, dailyBudget: Int? = nil,
        geocodingURL: String? = nil, line: Int? = nil
    ) {
        self.name = name
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.api = api
        self.dailyBudget = dailyBudget
        self.geocodingURL = geocodingURL
        self.line = line
    }

    /// A provider without a section: every default.
    public init(defaultsFor provider: KnownProvider) {
        self.init(
            name: provider.rawValue, baseURL: provider.defaultBaseURL,
            api: provider.descriptor.apiModes.first, geocodingURL: provider.descriptor.geocodingURL)
    }

    public var known: KnownProvider? { KnownProvider(rawValue: name) }
}

extension ProviderSettings: CustomStringConvertible {
    /// The settings with the API key left out, safe for logs.
    public var description: String {
        "ProviderSettings(name: \(name), baseURL: \(baseURL), apiKey: \(apiKey == nil ? "nil" : "<redacted>"), "
            + "api: \(api ?? "nil"), dailyBudget: \(dailyBudget.map(String.init) ?? "nil"), "
            + "geocodingURL: \(geocodingURL ?? "nil"))"
    }
}
