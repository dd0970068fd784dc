import FoundationEssentials
import ProviderFacts
import WeatherModel

/// OpenWeatherMap: One Call 3.0 (`api: onecall`, one request) or the free 2.5 pair
/// (`api: free`: `/data/2.5/weather` for the current reading and the 5 day / 3 hour
/// `/data/2.5/forecast`). Asked for `units=metric`; the decoder reads whatever units the
/// request asked for. The key travels in the query (`appid=`) and is listed in `secrets`.
public struct OpenWeatherMap: WeatherProvider {
    /// Which of OpenWeatherMap's APIs to use (`providers.openweathermap.api`).
    public enum API: String, Sendable, CaseIterable {
        /// One Call 3.0: current, 48 hours, 8 days and alerts in one request (needs the
        /// "One Call by Call" subscription).
        case oneCall = "onecall"
        /// The free plan: current weather plus the 5 day / 3 hour forecast (two requests, no alerts).
        case free
        /// One Call 4.0: current, hourly and daily as separate, paged calls (the product new
        /// accounts get since mid-2026; it cannot coexist with a 3.0 subscription).
        case oneCall4 = "onecall4"
    }

    public static let defaultBaseURL = ProviderDescriptor.openWeatherMap.defaultBaseURL

    public let name = "openweathermap"
    public let attribution: String? = ProviderDescriptor.openWeatherMap.attribution
    public var baseURL: String
    public var apiKey: String
    public var api: API
    public var userAgent: String

    /// What the payloads hold (`forecast.hours`, `forecast.days`): how many 4.0 pages a refresh needs.
    public var forecastHours = 48
    public var forecastDays = 7

    public var callsPerFetch: Int {
        switch api {
        case .oneCall: 1
        case .free: 2
        case .oneCall4: Self.oneCall4Calls(hours: forecastHours, days: forecastDays)
        }
    }

    public init(baseURL: String = OpenWeatherMap.defaultBaseURL, apiKey: String, api: API = .oneCall, userAgent: String)
    {
        self.baseURL = ProviderCatalog.trimmedBaseURL(baseURL)
        self.apiKey = apiKey
        self.api = api
        self.userAgent = userAgent
    }

    /// The requests of one fetch: the One Call request, or current weather then forecast.
    public func requests(for query: ProviderQuery) -> [ProviderRequest] {
        let location =
            "lat=" + query.latitudeText + "&lon=" + query.longitudeText + "&units=metric"
            + (query.language == .en ? "" : "&lang=" + Self.languageCode(query.language))
        let key = "&appid=" + percentEncode(apiKey)
        let paths: [String] =
            switch api {
            case .oneCall: ["/data/3.0/onecall?" + location + key]
            case .free: ["/data/2.5/weather?" + location + key, "/data/2.5/forecast?" + location + key]
            case .oneCall4: []
            }
        if api == .oneCall4 { return oneCall4Requests(for: query) }
        var headers: [(name: String, value: String)] = [("User-Agent", userAgent), ("Accept", "application/json")]
        if api == .oneCall { headers += query.validators?.requestHeaders ?? [] }
        return paths.map {
            ProviderRequest(url: baseURL + $0, headers: headers, secrets: [apiKey, percentEncode(apiKey)])
        }
    }

    public func fetch(_ query: ProviderQuery, transport: any ProviderTransport) async throws(ProviderError)
        -> ProviderResult
    {
        if api == .oneCall4 { return try await fetchOneCall4(query, transport: transport) }
        var bodies: [[UInt8]] = []
        var last: ProviderResponse?
        var units = Units.metric
        for request in requests(for: query) {
            let response = ProviderCatalog.defused(try await transport.send(request))
            if api == .oneCall, response.status == 401, Self.isSeparateSubscription(response.body) {
                throw .unauthorized(Self.oneCall3Refused)
            }
            try ResponseCheck.requireSuccess(
                response, provider: name, secrets: request.secrets, message: { $0["message"]?.text })
            units = Units(requestURL: request.url)
            bodies.append(response.body)
            last = response
        }
        guard let last, let first = bodies.first else { throw .invalidResponse("openweathermap: nothing was asked") }
        let forecast =
            bodies.count == 2
            ? try Self.decode(current: first, forecast: bodies[1], units: units, timezone: query.timezone)
            : try Self.decode(first, units: units, timezone: query.timezone)
        return ProviderResult(
            forecast: forecast, freshness: Freshness(response: last), requests: bodies.count,
            rateLimit: RateLimit(response: last),
            nowcast: bodies.count == 1 ? try? Self.decodeNowcast(first) : nil)
    }
}

extension OpenWeatherMap {
    /// What a "requires a separate subscription" 401 to One Call 3.0 means, and the setting to change.
    public static let oneCall3Refused =
        "openweathermap refused One Call 3.0 (HTTP 401): this API key has no One Call 3.0 subscription "
        + "(new OpenWeather accounts can only subscribe to One Call 4.0, and the two cannot coexist). "
        + "Set `api: onecall4` under providers.openweathermap in the configuration (or `api: free`)"

    /// OpenWeatherMap's `lang=` code for a language: its own spellings for Czech (`cz`),
    /// Norwegian (`no`) and Chinese (`zh_cn`), else the ISO 639-1 code.
    public static func languageCode(_ language: Language) -> String {
        switch language {
        case .cs: "cz"
        case .nb: "no"
        case .zh: "zh_cn"
        default: language.rawValue
        }
    }

    /// The `units=` an answer was asked in. OpenWeatherMap answers in Kelvin and m/s
    /// (`standard`, its default), °C and m/s (`metric`), or °F and mph (`imperial`);
    /// pressure is always hPa, visibility metres, rain and snow millimetres.
    public enum Units: String, Sendable, CaseIterable {
        case metric, standard, imperial

        /// The units a request URL asks for (`standard` when it names none, as OpenWeatherMap does).
        public init(requestURL: String) {
            let query = requestURL.split(separator: "?", maxSplits: 1).dropFirst().first ?? ""
            var found = Units.standard
            for pair in query.split(separator: "&") where pair.hasPrefix("units=") {
                found = Units(rawValue: String(pair.dropFirst(6)).lowercased()) ?? .standard
            }
            self = found
        }

        var temperature: TemperatureUnit {
            switch self {
            case .metric: .celsius
            case .standard: .kelvin
            case .imperial: .fahrenheit
            }
        }

        var speed: SpeedUnit { self == .imperial ? .milesPerHour : .metresPerSecond }
    }
}
