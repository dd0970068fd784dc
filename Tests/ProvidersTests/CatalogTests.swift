import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel
import WireContract

@Suite("Provider catalog")
struct CatalogTests {
    static let userAgent = "weather2mqtt/test (me@example.com)"

    @Test("every provider name builds its provider", arguments: ProviderCatalog.names)
    func builds(name: String) throws {
        let provider = try ProviderCatalog.make(
            name: name, baseURL: "", apiKey: "k3y-secret", api: nil, userAgent: Self.userAgent,
            contact: "me@example.com", pointsCache: nil)
        #expect(provider.name == name)
        #expect(provider.attribution == ProviderCatalog.attribution(for: name))
        #expect(provider.callsPerFetch >= 1)
    }

    @Test("the attributions the providers' terms ask for")
    func attributions() {
        #expect(ProviderCatalog.attribution(for: "open-meteo") == "Weather data by Open-Meteo.com (CC BY 4.0)")
        #expect(ProviderCatalog.attribution(for: "met-no") == "Data from MET Norway (CC BY 4.0)")
        #expect(ProviderCatalog.attribution(for: "openweathermap") == "Weather data by OpenWeather")
        #expect(ProviderCatalog.attribution(for: "pirate-weather") == "Powered by Pirate Weather")
        #expect(ProviderCatalog.attribution(for: "nws") == "Data from the US National Weather Service")
        #expect(ProviderCatalog.attribution(for: "brightsky") == nil)
    }

    @Test("MET Norway and the NWS refuse to run without a contact", arguments: ["met-no", "nws"])
    func contactRequired(name: String) {
        for (contact, userAgent) in [
            (nil, "weather2mqtt/1.0"), ("", "weather2mqtt/1.0 ()"), ("me@example.com", "weather2mqtt/1.0"),
        ] {
            #expect(throws: ProviderError.self) {
                _ = try ProviderCatalog.make(
                    name: name, baseURL: "", apiKey: nil, api: nil, userAgent: userAgent, contact: contact,
                    pointsCache: nil)
            }
        }
    }

    @Test("keys, APIs and names are checked")
    func refusals() {
        for name in ["openweathermap", "pirate-weather"] {
            #expect(throws: ProviderError.self) {
                _ = try ProviderCatalog.make(
                    name: name, baseURL: "", apiKey: " ", api: nil, userAgent: Self.userAgent, contact: nil,
                    pointsCache: nil)
            }
        }
        #expect(throws: ProviderError.self) {
            _ = try ProviderCatalog.make(
                name: "openweathermap", baseURL: "", apiKey: "key", api: "pro", userAgent: Self.userAgent,
                contact: nil, pointsCache: nil)
        }
        #expect(throws: ProviderError.self) {
            _ = try ProviderCatalog.make(
                name: "weatherflow", baseURL: "", apiKey: nil, api: nil, userAgent: Self.userAgent, contact: nil,
                pointsCache: nil)
        }
    }

    @Test("OpenWeatherMap's api choice sets the calls per fetch")
    func owmAPI() throws {
        let free = try ProviderCatalog.make(
            name: "openweathermap", baseURL: "http://127.0.0.1:9/", apiKey: "key", api: "free",
            userAgent: Self.userAgent, contact: nil, pointsCache: nil)
        #expect(free.callsPerFetch == 2)
        let oneCall = try ProviderCatalog.make(
            name: "openweathermap", baseURL: "", apiKey: "key", api: "onecall", userAgent: Self.userAgent,
            contact: nil, pointsCache: nil)
        #expect(oneCall.callsPerFetch == 1)
    }

    @Test("absurd header values never crash a fetch")
    func hostileHeaders() async throws {
        let transport = FixtureTransport()
        await transport.serve(
            "/forecast/key/1.0000,2.0000",
            body: Fixtures.bytes("pirateweather", "forecast_v2_sanfrancisco_us_version2_trimmed.json"),
            headers: [
                ("RateLimit-Limit", "1e300"), ("RateLimit-Remaining", "-1e300"), ("X-Forecast-API-Calls", "7"),
                ("Date", "Mon, 20 Jul 2020 11:44:31 GMT"), ("Expires", "Mon, 20 Jul 999999999999999999 12:14:53 GMT"),
                ("Retry-After", "Mon, 20 Jul 99999999999999999999 12:14:53 GMT"),
            ])
        let provider = PirateWeather(apiKey: "key", userAgent: Self.userAgent)
        let result = try await provider.fetch(ProviderQuery(latitude: 1, longitude: 2), transport: transport)
        #expect(result.freshness.lifetime == nil)
        #expect(result.rateLimit?.limit == nil)
    }
}

// MARK: - Shared by the provider tests

/// Turns a decoded forecast into the published payloads as of a fixed `now`, and into golden text.
enum ProviderGolden {
    static func payloads(
        _ forecast: Forecast, provider: String, location: LocationInfo, now: Date, units: UnitSettings = .metric,
        hourLimit: Int = 24
    ) -> ReadingPayloads {
        let zone =
            location.timezone.flatMap(ZoneInfo.init(identifier:))
            ?? forecast.timezone.flatMap(ZoneInfo.init(identifier:)) ?? .utc
        var location = location
        location.timezone = location.timezone ?? forecast.timezone
        let builder = PayloadBuilder(
            location: location, zone: zone, provider: provider,
            attribution: ProviderCatalog.attribution(for: provider), fetchedAt: now,
            expiresAt: now.addingTimeInterval(900), units: units, hourLimit: hourLimit)
        return builder.payloads(for: forecast, now: now)
    }

    static func text(_ payloads: ReadingPayloads) -> String {
        let all: JSONValue = [
            "current": payloads.current, "hourly": payloads.hourly, "daily": payloads.daily,
            "alerts": payloads.alerts,
        ]
        return all.prettyPrinted() + "\n"
    }

    /// The golden text of a recording that is an error (or that a decoder refuses).
    static func text(_ error: ProviderError) -> String {
        let value: JSONValue = [
            "error": .string(error.description), "http_status": JSONValue(error.httpStatus),
            "retry_after": JSONValue(error.retryAfter),
        ]
        return value.prettyPrinted() + "\n"
    }

    /// The status an error recording's name states (`error_401_…`).
    static func status(ofErrorFile file: String) -> Int? {
        guard file.hasPrefix("error_") else { return nil }
        return Int(file.dropFirst(6).prefix(3))
    }

    static func instant(_ text: String) -> Date {
        guard let date = ISO8601.date(text) else { fatalError("bad test instant \(text)") }
        return date
    }
}

/// Serves recorded answers by URL path and records every request it was sent.
actor FixtureTransport: ProviderTransport {
    struct Route {
        var status: Int
        var body: [UInt8]
        var headers: [(name: String, value: String)]
    }

    struct Sent: Sendable {
        var url: String
        var headers: [(name: String, value: String)]
        var secrets: [String]

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    private var routes: [String: Route] = [:]
    private(set) var sent: [Sent] = []
    let receivedAt: Date

    init(receivedAt: Date = Date(timeIntervalSince1970: 1_770_414_300)) {
        self.receivedAt = receivedAt
    }

    /// Answers requests whose path (without the query) is `path`.
    func serve(
        _ path: String, status: Int = 200, body: [UInt8], headers: [(name: String, value: String)] = []
    ) {
        routes[path] = Route(status: status, body: body, headers: headers)
    }

    func send(_ request: ProviderRequest) async throws(ProviderError) -> ProviderResponse {
        sent.append(Sent(url: request.url, headers: request.headers, secrets: request.secrets))
        var path = request.url
        if let scheme = path.range(of: "://") {
            let rest = path[scheme.upperBound...]
            path = rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
        }
        path = String(path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        guard let route = routes[path] else {
            return ProviderResponse(
                status: 404, body: Array("{\"title\":\"no route for \(path)\"}".utf8), receivedAt: receivedAt)
        }
        return ProviderResponse(status: route.status, headers: route.headers, body: route.body, receivedAt: receivedAt)
    }
}
