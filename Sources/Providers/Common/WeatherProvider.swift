import FoundationEssentials
import WeatherModel

/// One weather service: builds its requests, sends them through a `ProviderTransport`, and
/// decodes the answers into a `Forecast`. Decoding is pure (`decode(...)` static functions per
/// provider, bytes in, values out); only `fetch` does I/O, and only through the transport.
public protocol WeatherProvider: Sendable {
    /// The provider's name in configuration, payloads and topics (`open-meteo`).
    var name: String { get }
    /// The attribution its terms require in every payload, if any.
    var attribution: String? { get }
    /// How many calls of the provider's own quota one `fetch` costs (Open-Meteo counts
    /// a request with many variables as several).
    var callsPerFetch: Int { get }
    /// Asks the provider for the location and decodes the answer.
    func fetch(_ query: ProviderQuery, transport: any ProviderTransport) async throws(ProviderError) -> ProviderResult
    /// Whether and how it gives the nowcast with a request of its own (`nil`: it does not).
    var nowcastOffer: NowcastOffer? { get }
    /// Asks for the nowcast alone (the cheapest request that returns the minutely block).
    func fetchNowcast(_ query: ProviderQuery, transport: any ProviderTransport) async throws(ProviderError) -> Nowcast?
}

/// What a provider needs to know about a location.
public struct ProviderQuery: Sendable {
    public var latitude: Double
    public var longitude: Double
    /// The configured IANA zone, if any.
    public var timezone: String?
    /// Validators of the last good answer, for a conditional request (`If-None-Match`,
    /// `If-Modified-Since`); a 304 then ends `fetch` with `ProviderError.notModified`.
    public var validators: HTTPValidators?
    /// How many days and hours the payloads will hold.
    public var days: Int
    public var hours: Int
    /// The configured elevation in metres (`locations[].elevation`), if any: met.no's
    /// `altitude`, Open-Meteo's `elevation` (temperatures are corrected to it).
    public var elevation: Double?
    /// The language of the payloads' summaries (`language:`); providers that can answer in
    /// it are asked in it (`ProviderCatalog.answersIn`).
    public var language: Language

    public init(
        latitude: Double, longitude: Double, timezone: String? = nil, validators: HTTPValidators? = nil,
        days: Int = 7, hours: Int = 48, elevation: Double? = nil, language: Language = .en
    ) {
        self.elevation = elevation
        self.latitude = latitude
        self.longitude = longitude
        self.timezone = timezone
        self.validators = validators
        self.days = days
        self.hours = hours
        self.language = language
    }

    /// Latitude with 4 decimals, as SPEC §5 asks (about 11 m: better cache hits, less tracking).
    public var latitudeText: String { Self.coordinate(latitude) }
    /// Longitude with 4 decimals.
    public var longitudeText: String { Self.coordinate(longitude) }

    /// The elevation in whole metres, as the providers take it.
    public var elevationText: String? {
        guard let elevation, elevation.isFinite, abs(elevation) < 10000 else { return nil }
        return String(Int(elevation.rounded()))
    }

    static func coordinate(_ value: Double) -> String {
        let scaled = Int64((value * 10000).rounded(.toNearestOrAwayFromZero))
        let sign = scaled < 0 ? "-" : ""
        let magnitude = abs(scaled)
        let fraction = String(magnitude % 10000)
        return sign + String(magnitude / 10000) + "." + String(repeating: "0", count: 4 - fraction.count) + fraction
    }
}

/// A request a provider wants sent. `secrets` lists the substrings (API keys) that must never
/// appear in a log line or error message; the transport redacts them.
public struct ProviderRequest: Sendable {
    public var url: String
    public var headers: [(name: String, value: String)]
    public var secrets: [String]

    public init(url: String, headers: [(name: String, value: String)] = [], secrets: [String] = []) {
        self.url = url
        self.headers = headers
        self.secrets = secrets
    }
}

/// An answer as the transport received it (any status).
public struct ProviderResponse: Sendable {
    public var status: Int
    /// Header names lower-cased.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// When the answer arrived, by the bridge's clock.
    public var receivedAt: Date

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8], receivedAt: Date) {
        self.status = status
        self.headers = headers.map { (name: $0.name.lowercased(), value: $0.value) }
        self.body = body
        self.receivedAt = receivedAt
    }

    /// The first value of a header, case-insensitively.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name == wanted }?.value
    }
}

/// Sends provider requests: HTTP in the bridge, a table of canned answers in tests.
public protocol ProviderTransport: Sendable {
    func send(_ request: ProviderRequest) async throws(ProviderError) -> ProviderResponse
}

/// What a fetch yields: the forecast, and what the answer said about its own lifetime.
public struct ProviderResult: Sendable {
    public var forecast: Forecast
    public var freshness: Freshness
    /// Requests sent for this fetch (NWS sends several).
    public var requests: Int
    /// Rate-limit headers of the answer, where the provider sends them.
    public var rateLimit: RateLimit?
    /// The next hour or two by the minute, where the same answer carried it (SPEC §4 `nowcast`).
    public var nowcast: Nowcast?
    /// The air quality the same answer carried (Pirate Weather's `airQualityIndex`).
    public var airQuality: AirQuality?

    public init(
        forecast: Forecast, freshness: Freshness, requests: Int = 1, rateLimit: RateLimit? = nil,
        nowcast: Nowcast? = nil, airQuality: AirQuality? = nil
    ) {
        self.airQuality = airQuality
        self.forecast = forecast
        self.freshness = freshness
        self.requests = requests
        self.rateLimit = rateLimit
        self.nowcast = nowcast
    }
}

/// Why a fetch gave no forecast. Messages never contain API keys.
public enum ProviderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 304: the last reading stands; the answer's freshness refreshes it.
    case notModified(Freshness)
    /// The provider refused the key or the plan (401/403).
    case unauthorized(String)
    /// 429, or a quota exhausted; `retryAfter` in seconds when the provider said.
    case rateLimited(String, retryAfter: Double?)
    /// Any other HTTP error status.
    case http(status: Int, message: String, retryAfter: Double?)
    /// The body is not what this provider sends (HTML, truncated, wrong shape).
    case invalidResponse(String)
    /// The provider could not be reached (connect, timeout, TLS).
    case unreachable(String)

    public var description: String {
        switch self {
        case .notModified: "not modified"
        case .unauthorized(let message): "unauthorized: \(message)"
        case .rateLimited(let message, _): "rate limited: \(message)"
        case .http(let status, let message, _): "HTTP \(status): \(message)"
        case .invalidResponse(let message): "invalid response: \(message)"
        case .unreachable(let message): "unreachable: \(message)"
        }
    }

    /// The HTTP status behind the error, if there was one.
    public var httpStatus: Int? {
        switch self {
        case .notModified: 304
        case .unauthorized: 401
        case .rateLimited: 429
        case .http(let status, _, _): status
        default: nil
        }
    }

    /// Seconds the provider asked us to wait, if it did.
    public var retryAfter: Double? {
        switch self {
        case .rateLimited(_, let seconds), .http(_, _, let seconds): seconds
        default: nil
        }
    }
}
