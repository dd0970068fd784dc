import Foundation
import TestSupport
import Testing

/// A nowcast at its own cadence (`nowcast_interval`), end to end: the real executable, a real
/// mosquitto, recorded answers over loopback HTTP, `run --once` as cron would start it.
@Suite("Bridge nowcast at its own cadence", .serialized)
struct NowcastCadenceTests {
    static let bergen = TestPaths.fixture(
        "nowcast/open-meteo", "forecast_minutely15_precip_prob_bergen_unixtime_2026.json")

    static func openMeteoConfig(broker: TestBroker, server: FixtureServer, state: TemporaryFolder) -> String {
        """
        mqtt:
          url: \(broker.url)
          client_id: nowcast-cadence-test
          base_topic: weather
        state_dir: \(state.path)
        contact: tests@example.com
        providers:
          open-meteo: { base_url: \(server.baseURL) }
        locations:
          - id: bergen
            latitude: 60.39
            longitude: 5.32
            timezone: Europe/Oslo
            interval: 60m
        """
    }

    static func run(_ config: String, at now: String) throws -> BridgeProcess.Result {
        try BridgeProcess.run(["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": now])
    }

    @Test(
        "a 60-minute location gets a nowcast-only request 15 minutes after its forecast, and not again before 15 more")
    func betweenForecasts() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try server.route("/v1/forecast", [.file(Self.bergen)])
        let state = TemporaryFolder()
        let config = state.write("config.yaml", Self.openMeteoConfig(broker: broker, server: server, state: state))
        let first = try Self.run(config, at: "2026-10-01T23:01:00Z")
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(try server.requests(to: "/v1/forecast").count == 1)

        let later = try Self.run(config, at: "2026-10-01T23:17:00Z")
        #expect(later.status == 0, "stderr: \(later.stderr)")
        let requests = try server.requests(to: "/v1/forecast")
        #expect(requests.count == 2)
        let nowcastQuery = try #require(requests.last?.query)
        #expect(nowcastQuery.contains("minutely_15=precipitation,precipitation_probability,weather_code"))
        #expect(
            !nowcastQuery.contains("hourly=") && !nowcastQuery.contains("daily=") && !nowcastQuery.contains("current="))
        let topics = try broker.retained("weather/#")
        let nowcast = try NowcastBridgeTests.object(topics["weather/bergen/nowcast"])
        #expect(nowcast["available"] as? Bool == true)
        #expect(nowcast["source"] as? String == "open-meteo minutely_15")
        // The budget counts it, saved before the process ends: 5 calls of the forecast, 1 of the nowcast.
        let budget = try NowcastBridgeTests.object(
            String(contentsOfFile: state.path + "/budget.json", encoding: .utf8))
        #expect((budget["used"] as? [String: Any])?["open-meteo"] as? Int == 6, "\(budget)")

        let soon = try Self.run(config, at: "2026-10-01T23:27:00Z")
        #expect(soon.status == 0, "stderr: \(soon.stderr)")
        #expect(try server.requests(to: "/v1/forecast").count == 2)
    }

    @Test("a failing nowcast-only request is logged and leaves the readings ok, never stale")
    func failureKeepsReadings() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try server.route(
            "/v1/forecast", [.file(Self.bergen), .json(#"{"error":true,"reason":"overloaded"}"#, status: 503)])
        let state = TemporaryFolder()
        let config = state.write("config.yaml", Self.openMeteoConfig(broker: broker, server: server, state: state))
        #expect(try Self.run(config, at: "2026-10-01T23:01:00Z").status == 0)
        let later = try Self.run(config, at: "2026-10-01T23:17:00Z")
        #expect(later.status == 0, "stderr: \(later.stderr)")
        #expect(later.stderr.contains("nowcast failed"), "stderr: \(later.stderr)")
        #expect(try server.requests(to: "/v1/forecast").count == 2)
        let topics = try broker.retained("weather/#")
        let status = try NowcastBridgeTests.object(topics["weather/bergen/status"])
        #expect(status["state"] as? String == "ok")
        #expect(status["last_error"] is NSNull)
        #expect(topics["weather/bergen/current"] != nil)
    }

    @Test("nowcast_interval: false asks nothing between forecasts; check counts 24 requests, no nowcast line")
    func off() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try server.route("/v1/forecast", [.file(Self.bergen)])
        let state = TemporaryFolder()
        let config = state.write(
            "config.yaml",
            Self.openMeteoConfig(broker: broker, server: server, state: state) + "\n    nowcast_interval: false\n")
        #expect(try Self.run(config, at: "2026-10-01T23:01:00Z").status == 0)
        #expect(try Self.run(config, at: "2026-10-01T23:17:00Z").status == 0)
        #expect(try server.requests(to: "/v1/forecast").count == 1)
        let check = try BridgeProcess.run(["check", "--config", config])
        #expect(check.stdout.contains("open-meteo: 120 of 8000 a day (24 weather requests"), "\(check.stdout)")
        #expect(!check.stdout.contains("nowcast"), "\(check.stdout)")
    }

    @Test("check counts the nowcasts between forecasts: 24 forecasts of 5 calls and 72 nowcasts of 1")
    func checkCounts() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        let state = TemporaryFolder()
        let config = state.write("config.yaml", Self.openMeteoConfig(broker: broker, server: server, state: state))
        let check = try BridgeProcess.run(["check", "--config", config])
        #expect(check.status == 0, "stderr: \(check.stderr)")
        #expect(check.stdout.contains("every 60 min via open-meteo, nowcast every 15 min"), "\(check.stdout)")
        #expect(check.stdout.contains("open-meteo: 192 of 8000 a day (24 weather requests"), "\(check.stdout)")
        #expect(check.stdout.contains("of which nowcast-only requests: 72 (1 location(s)"), "\(check.stdout)")
    }

    @Test("language: de writes the nowcast's sentence in German")
    func german() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try server.route("/v1/forecast", [.file(Self.bergen)])
        let state = TemporaryFolder()
        let config = state.write(
            "config.yaml",
            "language: de\n" + Self.openMeteoConfig(broker: broker, server: server, state: state))
        #expect(try Self.run(config, at: "2026-10-01T23:01:00Z").status == 0)
        let topics = try broker.retained("weather/#")
        let nowcast = try NowcastBridgeTests.object(topics["weather/bergen/nowcast"])
        #expect(nowcast["summary"] as? String == "Leichter Regen, endet in etwa 15 Min.")
    }

    static func oneCall4Config(broker: TestBroker, server: FixtureServer, state: TemporaryFolder) -> String {
        """
        mqtt:
          url: \(broker.url)
          client_id: nowcast-onecall4-test
          base_topic: weather
        state_dir: \(state.path)
        contact: tests@example.com
        providers:
          openweathermap: { base_url: \(server.baseURL), api_key: test-owm-key-1234, api: onecall4 }
        locations:
          - id: lisbon
            latitude: 38.7223
            longitude: -9.1393
            timezone: Europe/Lisbon
            providers: [openweathermap]
            interval: 15m
        """
    }

    @Test("One Call 4.0 locations get their nowcast from /timeline/1min, a call of its own counted by check")
    func oneCall4() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        let owm = "/data/4.0/onecall"
        try server.route(
            owm + "/current", [.file(TestPaths.fixture("openweathermap", "onecall4_current_lisbon_metric_2026.json"))])
        try server.route(
            owm + "/timeline/1h",
            [.file(TestPaths.fixture("openweathermap", "onecall4_timeline1h_page1_prev_next_lisbon_2026.json"))])
        try server.route(
            owm + "/timeline/1day",
            [.file(TestPaths.fixture("openweathermap", "onecall4_timeline1day_lisbon_2026.json"))])
        try server.route(
            owm + "/timeline/1min",
            [.file(TestPaths.fixture("nowcast/openweathermap", "onecall4_timeline1min_dry_lisbon_2026.json"))])
        let state = TemporaryFolder()
        let config = state.write("config.yaml", Self.oneCall4Config(broker: broker, server: server, state: state))
        let result = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": "2026-08-02T11:22:30Z"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let minute = try server.requests(to: owm + "/timeline/1min")
        #expect(minute.count == 1)
        #expect(minute.first?.query.hasPrefix("lat=38.7223&lon=-9.1393&units=metric") == true)
        let topics = try broker.retained("weather/#")
        let payload = try #require(topics["weather/lisbon/nowcast"])
        #expect(try SchemaValidator.repository().validate(payload, against: "nowcast").isEmpty)
        let nowcast = try NowcastBridgeTests.object(payload)
        #expect(nowcast["available"] as? Bool == true)
        #expect(nowcast["source"] as? String == "openweathermap timeline/1min")
        #expect(nowcast["interval_minutes"] as? Int == 1)
        #expect(nowcast["starts_at"] is NSNull)

        let check = try BridgeProcess.run(["check", "--config", config])
        // 96 refreshes of 5 calls (current, 3 hourly pages, 1 daily page) and 96 nowcasts.
        #expect(check.stdout.contains("openweathermap: 576 of 900 a day"), "\(check.stdout)")
        #expect(check.stdout.contains("of which nowcast-only requests: 96 (1 location(s)"), "\(check.stdout)")
    }

    @Test("One Call 4.0 with nowcast_interval: false asks no /timeline/1min and says why there is no nowcast")
    func oneCall4Off() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        let owm = "/data/4.0/onecall"
        for (path, file) in [
            ("/current", "onecall4_current_lisbon_metric_2026.json"),
            ("/timeline/1h", "onecall4_timeline1h_page1_prev_next_lisbon_2026.json"),
            ("/timeline/1day", "onecall4_timeline1day_lisbon_2026.json"),
        ] {
            try server.route(owm + path, [.file(TestPaths.fixture("openweathermap", file))])
        }
        let state = TemporaryFolder()
        let config = state.write(
            "config.yaml",
            Self.oneCall4Config(broker: broker, server: server, state: state) + "\n    nowcast_interval: false\n")
        let result = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": "2026-08-02T11:22:30Z"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try server.requests(to: owm + "/timeline/1min").isEmpty)
        let nowcast = try NowcastBridgeTests.object(try broker.retained("weather/#")["weather/lisbon/nowcast"])
        #expect(nowcast["available"] as? Bool == false)
        #expect(nowcast["reason"] as? String == "nowcast_interval: false turns off the openweathermap nowcast request")
    }
}
