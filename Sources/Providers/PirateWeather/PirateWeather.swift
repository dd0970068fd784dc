import FoundationEssentials
import ProviderFacts
import WeatherModel

/// Pirate Weather (the Dark Sky API): `/forecast/{key}/{lat},{lon}?units=si&version=2`, one request
/// for current, the next hour by the minute, 48 hours, 8 days, alerts and (`version=2`) the air
/// quality index. The key is part of the PATH, so it
/// is listed in `secrets`. The decoder reads `flags.units` rather than trusting the request.
public struct PirateWeather: WeatherProvider {
    public static let defaultBaseURL = ProviderDescriptor.pirateWeather.defaultBaseURL

    public let name = "pirate-weather"
    public let attribution: String? = ProviderDescriptor.pirateWeather.attribution
    public let callsPerFetch = 1
    public var baseURL: String
    public var apiKey: String
    public var userAgent: String

    public init(baseURL: String = PirateWeather.defaultBaseURL, apiKey: String, userAgent: String) {
        self.baseURL = ProviderCatalog.trimmedBaseURL(baseURL)
        self.apiKey = apiKey
        self.userAgent = userAgent
    }

    /// The one request for a location.
    public func request(for query: ProviderQuery) -> ProviderRequest {
        let url =
            baseURL + "/forecast/" + percentEncode(apiKey) + "/" + query.latitudeText + "," + query.longitudeText
            + "?units=si&version=2" + (query.language == .en ? "" : "&lang=" + query.language.rawValue)
        var headers: [(name: String, value: String)] = [("User-Agent", userAgent), ("Accept", "application/json")]
        headers += query.validators?.requestHeaders ?? []
        return ProviderRequest(url: url, headers: headers, secrets: [apiKey, percentEncode(apiKey)])
    }

    public func fetch(_ query: ProviderQuery, transport: any ProviderTransport) async throws(ProviderError)
        -> ProviderResult
    {
        let request = request(for: query)
        let response = ProviderCatalog.defused(try await transport.send(request))
        try ResponseCheck.requireSuccess(response, provider: name, secrets: request.secrets)
        // Parsed once for the readings, the `minutely` nowcast and the air quality index.
        let json = try ProviderCatalog.parse(response.body, provider: "pirate-weather")
        let forecast = try Self.decode(json: json, requestedUnits: "si", timezone: query.timezone)
        return ProviderResult(
            forecast: forecast, freshness: Freshness(response: response), requests: 1,
            rateLimit: Self.rateLimit(response), nowcast: try? Self.decodeNowcast(json: json, requestedUnits: "si"),
            airQuality: try? Self.decodeAirQuality(json: json, requestedUnits: "si"))
    }

    /// `ratelimit-limit`/`-remaining`/`-reset`; where only `x-forecast-api-calls` (calls used
    /// today) comes with a limit, the remainder is computed from it.
    static func rateLimit(_ response: ProviderResponse) -> RateLimit? {
        let calls = response.header("x-forecast-api-calls").flatMap { Int($0.trimmingSpaces()) }
        var limit = RateLimit(response: response)
        if calls != nil, limit == nil { limit = RateLimit() }
        if limit?.remaining == nil, let calls, let total = limit?.limit { limit?.remaining = max(0, total - calls) }
        return limit
    }
}

extension PirateWeather {
    /// The units of one `flags.units` value (Dark Sky's presets).
    struct Units: Sendable {
        var temperature: TemperatureUnit
        var speed: SpeedUnit
        /// `precipIntensity` per hour.
        var intensity: PrecipitationUnit
        /// `precipAccumulation`: centimetres in every metric preset, inches in `us`.
        var accumulation: PrecipitationUnit
        var distance: DistanceUnit

        /// `us` (°F, mph, in, mi), `si` (°C, m/s, mm, cm, km), `ca` (as si with km/h),
        /// `uk`/`uk2` (as si with mph and miles); `nil` for anything else.
        init?(flag: String) {
            switch flag.lowercased() {
            case "us":
                self.init(
                    temperature: .fahrenheit, speed: .milesPerHour, intensity: .inches, accumulation: .inches,
                    distance: .miles)
            case "si":
                self.init(
                    temperature: .celsius, speed: .metresPerSecond, intensity: .millimetres,
                    accumulation: .centimetres, distance: .kilometres)
            case "ca":
                self.init(
                    temperature: .celsius, speed: .kilometresPerHour, intensity: .millimetres,
                    accumulation: .centimetres, distance: .kilometres)
            case "uk", "uk2":
                self.init(
                    temperature: .celsius, speed: .milesPerHour, intensity: .millimetres, accumulation: .centimetres,
                    distance: .miles)
            default: return nil
            }
        }

        init(
            temperature: TemperatureUnit, speed: SpeedUnit, intensity: PrecipitationUnit,
            accumulation: PrecipitationUnit, distance: DistanceUnit
        ) {
            self.temperature = temperature
            self.speed = speed
            self.intensity = intensity
            self.accumulation = accumulation
            self.distance = distance
        }
    }
}
