/// The weather providers the bridge speaks to, by their configuration names.
public enum KnownProvider: String, CaseIterable, Sendable {
    case openMeteo = "open-meteo"
    case openWeatherMap = "openweathermap"
    case pirateWeather = "pirate-weather"
    case metNo = "met-no"
    case nws = "nws"

    /// Where the provider's API lives; `base_url` replaces it.
    public var defaultBaseURL: String {
        switch self {
        case .openMeteo: "https://api.open-meteo.com"
        case .openWeatherMap: "https://api.openweathermap.org"
        case .pirateWeather: "https://api.pirateweather.net"
        case .metNo: "https://api.met.no"
        case .nws: "https://api.weather.gov"
        }
    }

    /// Whether requests need `api_key` (or `api_key_file`).
    public var needsKey: Bool { self == .openWeatherMap || self == .pirateWeather }

    /// Whether the provider's terms require an identifying User-Agent (`contact`).
    public var needsContact: Bool { self == .metNo || self == .nws }

    /// Whether a location using it must name its time zone (the responses carry none).
    public var needsTimezone: Bool { self == .metNo }

    /// The default of `providers.open-meteo.geocoding_url`.
    public static let defaultGeocodingURL = "https://geocoding-api.open-meteo.com"

    /// Keys its `providers:` entry accepts.
    var validKeys: [String] {
        var keys = ["base_url", "api_key", "api_key_file", "daily_budget"]
        if self == .openWeatherMap { keys.append("api") }
        if self == .openMeteo { keys += ["geocoding_url", "air_quality_url"] }
        return keys
    }
}
