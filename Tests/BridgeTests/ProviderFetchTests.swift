import Foundation
import TestSupport
import Testing

/// Every provider through the real HTTP client (libcurl) against a loopback server serving its
/// recordings: `weather2mqtt fetch` prints readings from it, with the provider named.
@Suite("Providers over real HTTP", .serialized)
struct ProviderFetchTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var provider: String
        var section: String
        var routes: [(String, String)]
        var now: String
        var latitude: Double
        var longitude: Double
        /// Requests one refresh makes, where the test counts them.
        var requests: Int?
        var testDescription: String { provider + (requests.map { " (\($0) requests)" } ?? "") }
    }

    static let cases: [Case] = [
        Case(
            provider: "open-meteo", section: "open-meteo: { base_url: BASE }",
            routes: [("/v1/forecast", "open-meteo/forecast_current_hourly_daily_newyork_iso8601.json")],
            now: "2026-02-06T21:40:00Z", latitude: 40.7886, longitude: -73.9661),
        Case(
            provider: "openweathermap", section: "openweathermap: { base_url: BASE, api_key: test-owm-key-1234 }",
            routes: [("/data/3.0/onecall", "openweathermap/onecall3_full_newyork_metric.json")],
            now: "2026-02-06T21:50:00Z", latitude: 40.7767, longitude: -73.9713),
        Case(
            provider: "openweathermap",
            section: "openweathermap: { base_url: BASE, api_key: test-owm-key-1234, api: onecall4 }",
            routes: [
                ("/data/4.0/onecall/current", "openweathermap/onecall4_current_lisbon_metric_2026.json"),
                (
                    "/data/4.0/onecall/timeline/1h",
                    "openweathermap/onecall4_timeline1h_page1_prev_next_lisbon_2026.json"
                ),
                ("/data/4.0/onecall/timeline/1day", "openweathermap/onecall4_timeline1day_lisbon_2026.json"),
            ],
            now: "2026-08-02T10:55:00Z", latitude: 38.7223, longitude: -9.1393, requests: 5),
        Case(
            provider: "pirate-weather", section: "pirate-weather: { base_url: BASE, api_key: test-pirate-key-1234 }",
            routes: [
                (
                    "/forecast/test-pirate-key-1234/40.7128,-74.0060",
                    "pirateweather/forecast_full_newyork_si_with_alerts.json"
                )
            ],
            now: "2026-02-06T21:50:00Z", latitude: 40.7128, longitude: -74.006),
        Case(
            provider: "met-no", section: "met-no: { base_url: BASE }",
            routes: [
                ("/weatherapi/locationforecast/2.0/complete", "metno/locationforecast2_compact_newyork_2020.json")
            ],
            now: "2020-07-01T12:00:00Z", latitude: 40.7, longitude: -74.0),
        Case(
            provider: "nws", section: "nws: { base_url: BASE }",
            routes: [
                ("/points/38.8894,-77.0352", "nws/points_washington_dc.json"),
                ("/gridpoints/LWX/97,71/forecast/hourly", "nws/gridpoints_forecast_hourly_lwx_si.json"),
                ("/gridpoints/LWX/97,71/forecast", "nws/gridpoints_forecast_12h_periods_lwx_si.json"),
                ("/alerts/active", "nws/alerts_active_zone.json"),
            ],
            now: "2026-02-06T21:30:00Z", latitude: 38.8894, longitude: -77.0352),
    ]

    @Test("fetch prints normalised readings from each provider", arguments: cases)
    func fetch(_ testCase: Case) throws {
        let server = try FixtureServer.start()
        for (path, fixture) in testCase.routes {
            let parts = fixture.split(separator: "/")
            try server.route(path, [.file(TestPaths.fixture(String(parts[0]), String(parts[1])))])
        }
        let folder = TemporaryFolder()
        let config = folder.write(
            "config.yaml",
            """
            state_dir: \(folder.path)/state
            contact: tests@example.com
            providers:
              \(testCase.section.replacingOccurrences(of: "BASE", with: server.baseURL))
            locations:
              - id: here
                latitude: \(testCase.latitude)
                longitude: \(testCase.longitude)
                timezone: America/New_York
                providers: [\(testCase.provider)]
            """)
        let result = try BridgeProcess.run(
            ["fetch", "--config", config], environment: ["WEATHER2MQTT_NOW": testCase.now])
        #expect(result.status == 0, "\(testCase.provider): \(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let here = json?["here"] as? [String: Any]
        let current = here?["current"] as? [String: Any]
        #expect(current?["provider"] as? String == testCase.provider)
        #expect(current?["temperature"] is Double, "\(testCase.provider): \(result.stdout.prefix(400))")
        let daily = here?["daily"] as? [String: Any]
        #expect(((daily?["days"] as? [Any])?.count ?? 0) > 0)
        // Every request carried the identifying User-Agent; no key reached the output.
        if let requests = testCase.requests { #expect(try server.requests().count == requests) }
        for request in try server.requests() {
            #expect(request.header("user-agent")?.contains("tests@example.com") == true)
        }
        #expect(!result.stdout.contains("test-owm-key-1234") && !result.stderr.contains("test-owm-key-1234"))
        #expect(!result.stdout.contains("test-pirate-key-1234") && !result.stderr.contains("test-pirate-key-1234"))
    }
}

/// `language:` through the real bridge: the provider asked in it over HTTP, the summaries in it.
@Suite("The bridge in another language", .serialized)
struct BridgeLanguageTests {
    @Test("language: de asks OpenWeatherMap with lang=de and keeps its text; Open-Meteo gets the bridge's German")
    func german() throws {
        let server = try FixtureServer.start()
        try server.route(
            "/data/3.0/onecall", [.file(TestPaths.fixture("openweathermap", "onecall3_full_newyork_metric.json"))])
        try server.route(
            "/v1/forecast",
            [.file(TestPaths.fixture("open-meteo", "forecast_current_hourly_daily_newyork_iso8601.json"))])
        let folder = TemporaryFolder()
        let config = folder.write(
            "config.yaml",
            """
            state_dir: \(folder.path)/state
            language: de
            providers:
              openweathermap: { base_url: \(server.baseURL), api_key: test-owm-key-1234 }
              open-meteo: { base_url: \(server.baseURL) }
            locations:
              - id: owm
                latitude: 40.7767
                longitude: -73.9713
                timezone: America/New_York
                providers: [openweathermap]
              - id: meteo
                latitude: 40.7886
                longitude: -73.9661
                timezone: America/New_York
                providers: [open-meteo]
              - id: english
                latitude: 40.7886
                longitude: -73.9661
                timezone: America/New_York
                providers: [open-meteo]
                language: en
            """)
        let result = try BridgeProcess.run(
            ["fetch", "--config", config], environment: ["WEATHER2MQTT_NOW": "2026-02-06T21:50:00Z"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        func current(_ id: String) -> [String: Any]? { (json?[id] as? [String: Any])?["current"] as? [String: Any] }
        let owmRequests = try server.requests(to: "/data/3.0/onecall")
        #expect(owmRequests.count == 1)
        #expect(owmRequests.allSatisfy { $0.query.contains("lang=de") })
        #expect(try server.requests(to: "/v1/forecast").allSatisfy { !$0.query.contains("lang=") })
        // The recording is English (it was not asked in German): what the provider says is kept as it came.
        #expect(current("owm")?["summary"] as? String == "Broken clouds")
        let meteo = try #require(current("meteo"))
        let condition = try #require((meteo["condition"] as? String).flatMap(WeatherCondition.init(rawValue:)))
        #expect(meteo["summary"] as? String == condition.german)
        #expect(current("english")?["summary"] as? String != condition.german)
    }
}

/// The bridge's German words for the conditions this test meets (the tables themselves are
/// tested in WeatherModelTests).
enum WeatherCondition: String {
    case sunny, cloudy, fog, rainy, snowy
    case clearNight = "clear-night"
    case partlyCloudy = "partlycloudy"

    var german: String {
        switch self {
        case .sunny: "Sonnig"
        case .clearNight: "Klar"
        case .partlyCloudy: "Teilweise bewölkt"
        case .cloudy: "Bewölkt"
        case .fog: "Nebel"
        case .rainy: "Regen"
        case .snowy: "Schnee"
        }
    }
}
