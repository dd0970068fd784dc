import FoundationEssentials
import ProviderFacts
import WeatherModel

/// MET Norway Locationforecast 2.0 (`/weatherapi/locationforecast/2.0/complete`, the variant
/// with dew point, gust, UV index, fog and precipitation probability; `altitude` from the
/// location's `elevation`): no key, but
/// the terms require an identifying `User-Agent` with a contact (refused at `init` without
/// one), coordinates of at most 4 decimals, and honouring `Expires` and `If-Modified-Since`.
/// The answer has no daily series and no sunrise or sunset: days are built from the hours in
/// the configured zone, and the payload builder computes the sun.
public struct MetNo: WeatherProvider {
    public static let defaultBaseURL = ProviderDescriptor.metNo.defaultBaseURL

    public let name = "met-no"
    public let attribution: String? = ProviderDescriptor.metNo.attribution
    public let callsPerFetch = 1
    public var baseURL: String
    public var userAgent: String

    /// Throws `.unauthorized` when `userAgent` carries no contact (`weather2mqtt/1.0 (you@example.com)`).
    public init(baseURL: String = MetNo.defaultBaseURL, userAgent: String) throws(ProviderError) {
        try ProviderCatalog.requireIdentifying(userAgent, provider: "met-no")
        self.baseURL = ProviderCatalog.trimmedBaseURL(baseURL)
        self.userAgent = userAgent
    }

    /// The one request for a location (conditional when `validators` are known).
    public func request(for query: ProviderQuery) -> ProviderRequest {
        let url =
            baseURL + "/weatherapi/locationforecast/2.0/complete?lat=" + query.latitudeText + "&lon="
            + query.longitudeText + (query.elevationText.map { "&altitude=" + $0 } ?? "")
        var headers: [(name: String, value: String)] = [("User-Agent", userAgent), ("Accept", "application/json")]
        headers += query.validators?.requestHeaders ?? []
        return ProviderRequest(url: url, headers: headers)
    }

    public func fetch(_ query: ProviderQuery, transport: any ProviderTransport) async throws(ProviderError)
        -> ProviderResult
    {
        let response = ProviderCatalog.defused(try await transport.send(request(for: query)))
        try ResponseCheck.requireSuccess(response, provider: name)
        let forecast = try Self.decode(response.body, zone: Self.zone(for: query), now: response.receivedAt)
        return ProviderResult(
            forecast: forecast, freshness: Freshness(response: response), requests: 1,
            rateLimit: RateLimit(response: response))
    }

    /// The configured zone. met.no names none, so configuration requires one; should it still
    /// be missing or unknown, the mean solar offset of the longitude (whole hours) stands in.
    static func zone(for query: ProviderQuery) -> ZoneInfo {
        if let name = query.timezone, let zone = ZoneCache.zone(name) { return zone }
        let hours = Int((max(-180, min(180, query.longitude)) / 15).rounded())
        return ZoneInfo(fixed: hours * 3600)
    }
}
