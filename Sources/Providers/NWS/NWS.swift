import FoundationEssentials
import ProviderFacts
import WeatherModel

/// The US National Weather Service (api.weather.gov): no key, but an identifying
/// `User-Agent` with a contact is required (refused at `init` without one).
///
/// A fetch is several requests: `/points/{lat},{lon}` (once per location, then from the
/// `NWSPointsCache`), the hourly forecast (required), the 12-hour day/night forecast, the raw
/// grid data (apparent temperature, sky cover, gusts, precipitation amounts, visibility) and
/// `/alerts/active?point=`. The forecast URLs the points answer gives are absolute URLs on
/// api.weather.gov; their scheme and host are replaced by the configured base URL, so a proxy,
/// a self-hosted mirror or a test server works.
///
/// Only the hourly forecast can fail a fetch. A failing 12-hour forecast leaves the days to
/// be built from the hours; a failing grid request leaves its fields `null`; a failing alerts
/// request leaves `alerts` `nil` ("unknown", published as an empty list) — never an error.
public struct NWS: WeatherProvider {
    public static let defaultBaseURL = ProviderDescriptor.nws.defaultBaseURL

    public let name = "nws"
    public let attribution: String? = ProviderDescriptor.nws.attribution
    /// Hourly, 12-hour, grid and alerts (points come from the cache).
    public let callsPerFetch = 4
    public var baseURL: String
    public var userAgent: String
    public var pointsCache: any NWSPointsCache

    /// Throws `.unauthorized` when `userAgent` carries no contact (`weather2mqtt/1.0 (you@example.com)`).
    public init(
        baseURL: String = NWS.defaultBaseURL, userAgent: String,
        pointsCache: any NWSPointsCache = InMemoryNWSPointsCache()
    ) throws(ProviderError) {
        try ProviderCatalog.requireIdentifying(userAgent, provider: "nws")
        self.baseURL = ProviderCatalog.trimmedBaseURL(baseURL)
        self.userAgent = userAgent
        self.pointsCache = pointsCache
    }

    /// `38.8894,-77.0352`: 4 decimals at most and no trailing zeros (NWS redirects
    /// `38.8900` to `38.89`).
    static func point(_ query: ProviderQuery) -> String {
        func trimmed(_ text: String) -> String {
            guard text.contains(".") else { return text }
            var result = text
            while result.hasSuffix("0") { result.removeLast() }
            if result.hasSuffix(".") { result.removeLast() }
            return result == "-0" ? "0" : result
        }
        return trimmed(query.latitudeText) + "," + trimmed(query.longitudeText)
    }

    /// The key of a location's points answer in the cache.
    public static func pointsKey(_ query: ProviderQuery) -> String { "nws-points-" + point(query) }

    func request(_ url: String) -> ProviderRequest {
        ProviderRequest(url: url, headers: [("User-Agent", userAgent), ("Accept", "application/geo+json")])
    }

    /// `/points/{lat},{lon}`.
    public func pointsRequest(for query: ProviderQuery) -> ProviderRequest {
        request(baseURL + "/points/" + Self.point(query))
    }

    /// `/alerts/active?point={lat},{lon}`.
    public func alertsRequest(for query: ProviderQuery) -> ProviderRequest {
        request(baseURL + "/alerts/active?point=" + Self.point(query))
    }

    /// An absolute URL from a points answer with its scheme and host replaced by `baseURL`.
    public func rewritten(_ url: String) -> String {
        let text = Substring(url)
        if let separator = text.range(of: "://") {
            let rest = text[separator.upperBound...]
            guard let slash = rest.firstIndex(of: "/") else { return baseURL }
            return baseURL + rest[slash...]
        }
        return url.hasPrefix("/") ? baseURL + url : baseURL + "/" + url
    }

    public func fetch(_ query: ProviderQuery, transport: any ProviderTransport) async throws(ProviderError)
        -> ProviderResult
    {
        var requests = 0
        let key = Self.pointsKey(query)
        var fromCache = false
        var point: NWSPoint
        if let cached = await pointsCache.load(key: key), let decoded = try? Self.decodePoint(cached) {
            point = decoded
            fromCache = true
        } else {
            point = try await fetchPoint(query, key: key, transport: transport)
            requests += 1
        }

        // Each of the two forecasts can fail alone (NWS answers 503 for one while the other
        // works): what came is published, marked (`Forecast.lacking`); only both failing fails.
        var hourly: Result<ProviderResponse, ProviderError>
        do {
            hourly = .success(try await send(request(rewritten(point.hourlyURL)), transport))
            requests += 1
        } catch {
            requests += 1
            // A cached point can go stale (NWS re-gridded an office): ask again, once.
            if fromCache, error.httpStatus == 404 || error.httpStatus == 301 {
                point = try await fetchPoint(query, key: key, transport: transport)
                do {
                    hourly = .success(try await send(request(rewritten(point.hourlyURL)), transport))
                } catch {
                    hourly = .failure(error)
                }
            } else {
                hourly = .failure(error)
            }
        }
        if case .failure(let error) = hourly, !Self.failsAlone(error) { throw error }
        let hourlyResponse = try? hourly.get()
        let forecastResponse = try? await send(request(rewritten(point.forecastURL)), transport)
        requests += 1
        let received: ProviderResponse
        switch (hourly, forecastResponse) {
        case (.success(let response), _), (.failure, .some(let response)): received = response
        case (.failure(let error), nil): throw error
        }
        var gridBody: [UInt8]?
        if let gridURL = point.gridURL, hourlyResponse != nil {
            gridBody = try? await send(request(rewritten(gridURL)), transport).body
            requests += 1
        }
        let alertsBody = try? await send(alertsRequest(for: query), transport).body
        requests += 1

        let zone =
            query.timezone.flatMap(ZoneInfo.init(identifier:)) ?? point.timezone.flatMap(ZoneInfo.init(identifier:))
            ?? .utc
        var forecast = try Self.decode(
            forecast: forecastResponse?.body, hourly: hourlyResponse?.body, grid: gridBody, zone: zone,
            now: received.receivedAt)
        forecast.lacking = hourlyResponse == nil ? .hourly : forecastResponse == nil ? .daily : []
        forecast.alerts = alertsBody.flatMap { try? Self.decodeAlerts($0) }
        forecast.timezone = point.timezone
        // Several answers make one reading: no conditional requests, only a lifetime.
        var freshness = Freshness(response: received)
        freshness.validators = HTTPValidators()
        return ProviderResult(forecast: forecast, freshness: freshness, requests: requests)
    }

    private func fetchPoint(_ query: ProviderQuery, key: String, transport: any ProviderTransport)
        async throws(ProviderError) -> NWSPoint
    {
        let response = try await send(pointsRequest(for: query), transport)
        let point = try Self.decodePoint(response.body)
        await pointsCache.store(key: key, bytes: response.body)
        return point
    }

    private func send(_ request: ProviderRequest, _ transport: any ProviderTransport) async throws(ProviderError)
        -> ProviderResponse
    {
        let response = ProviderCatalog.defused(try await transport.send(request))
        try ResponseCheck.requireSuccess(response, provider: name, message: Self.problemMessage)
        return response
    }

    /// Whether a failure of one of the two forecasts may leave the other to be asked: a server
    /// error or a broken answer. A refused key, a rate limit or no network fails the refresh.
    static func failsAlone(_ error: ProviderError) -> Bool {
        switch error {
        case .http(let status, _, _): status >= 500
        case .invalidResponse: true
        default: false
        }
    }

    /// The text of an `application/problem+json` answer: `title: detail`.
    public static func problemMessage(_ body: JSONValue) -> String? {
        let parts = [body["title"]?.text, body["detail"]?.text].compactMap { $0 }
        return parts.isEmpty ? ResponseCheck.defaultMessage(body) : parts.joined(separator: ": ")
    }
}
