import Foundation
import TestSupport
import Testing

/// Real faults, end to end: a real mosquitto, the real executable, a loopback provider that
/// fails in the ways real ones do. Each test checks that no retained data is lost and that the
/// provider sees no request it did not invite.
@Suite("Resilience", .serialized)
struct ResilienceTests {
    static let fixture = TestPaths.fixture("open-meteo", "forecast_current_hourly_daily_newyork_iso8601.json")
    static let metno = TestPaths.fixture("metno", "locationforecast2_compact_newyork_2020.json")
    static let now = "2026-02-06T21:40:00Z"

    struct Setup {
        let broker: TestBroker
        let server: FixtureServer
        let folder: TemporaryFolder
        let config: String
    }

    static func setup(interval: String = "15m", providers: String = "[open-meteo]") throws -> Setup {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        let folder = TemporaryFolder()
        let config = folder.write(
            "config.yaml",
            """
            mqtt:
              url: \(broker.url)
              client_id: resilience-test
            state_dir: \(folder.path)/state
            contact: tests@example.com
            providers:
              open-meteo: { base_url: \(server.baseURL) }
              met-no: { base_url: \(server.baseURL) }
            locations:
              - id: nyc
                name: New York
                latitude: 40.7886
                longitude: -73.9661
                timezone: America/New_York
                interval: \(interval)
                providers: \(providers)
            """)
        return Setup(broker: broker, server: server, folder: folder, config: config)
    }

    static func json(_ text: String?) -> [String: Any] {
        guard let text, let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { return [:] }
        return object as? [String: Any] ?? [:]
    }

    static func once(_ setup: Setup, now: String = ResilienceTests.now) throws -> BridgeProcess.Result {
        try BridgeProcess.run(
            ["run", "--once", "--config", setup.config], environment: ["WEATHER2MQTT_NOW": now], timeout: 60)
    }

    @Test("SIGKILL, provider down, restart: the last readings come back at once, with no request")
    func killedWhileProviderDown() throws {
        let setup = try Self.setup()
        try setup.server.route("/v1/forecast", [.file(Self.fixture)])
        let bridge = try BridgeProcess(["run", "--config", setup.config], environment: ["WEATHER2MQTT_NOW": Self.now])
        #expect(
            try waitUntil {
                try setup.broker.retained("weather/nyc/current", timeout: 0.5)["weather/nyc/current"] != nil
            }, "stderr: \(bridge.stderr)")
        bridge.kill()
        // The last will says what happened.
        #expect(
            try waitUntil {
                try setup.broker.retained("weather/bridge/state", timeout: 0.5)["weather/bridge/state"] == "offline"
            })

        // The provider goes down and the broker loses its retained store.
        try setup.server.reset()
        try setup.server.route("/v1/forecast", [.status(503)])
        try setup.broker.restart()

        let restarted = try BridgeProcess(
            ["run", "--config", setup.config], environment: ["WEATHER2MQTT_NOW": Self.now])
        defer { restarted.kill() }
        #expect(
            try waitUntil {
                let topics = try setup.broker.retained("weather/#", timeout: 0.5)
                return topics["weather/nyc/current"] != nil && topics["weather/nyc/daily"] != nil
                    && topics["weather/bridge/state"] == "online"
            }, "stderr: \(restarted.stderr)")
        let current = Self.json(try setup.broker.retained("weather/nyc/current")["weather/nyc/current"])
        #expect(current["temperature"] as? Double == -1.4)
        // Not due yet: the provider was not asked.
        #expect(try setup.server.requests().isEmpty)
        #expect(restarted.terminate() == 0)
    }

    @Test("500: an error status, backoff, and no retry before it is due")
    func serverError() throws {
        let setup = try Self.setup()
        try setup.server.route("/v1/forecast", [.json("{\"error\":true,\"reason\":\"Internal\"}", status: 500)])
        let first = try Self.once(setup)
        #expect(first.status == 69, "stderr: \(first.stderr)")
        let status = Self.json(try setup.broker.retained("weather/nyc/status")["weather/nyc/status"])
        #expect(status["state"] as? String == "error")
        #expect(status["consecutive_failures"] as? Int == 1)
        let lastError = status["last_error"] as? [String: Any]
        #expect(lastError?["http_status"] as? Int == 500)
        #expect(try setup.broker.retained("weather/nyc/current")["weather/nyc/current"] == nil)
        // A second run right away asks nothing: the backoff is in state_dir.
        _ = try Self.once(setup)
        #expect(try setup.server.requests().count == 1)
    }

    @Test("429 with Retry-After is honoured exactly, across restarts")
    func rateLimited() throws {
        let setup = try Self.setup(interval: "1m")
        try setup.server.route(
            "/v1/forecast",
            [
                .json(
                    "{\"error\":true,\"reason\":\"Minutely API request limit exceeded\"}", status: 429,
                    headers: ["Retry-After": "600"])
            ])
        let first = try Self.once(setup)
        #expect(first.status == 69)
        let status = Self.json(try setup.broker.retained("weather/nyc/status")["weather/nyc/status"])
        #expect((status["last_error"] as? [String: Any])?["http_status"] as? Int == 429)
        // Five minutes later (beyond any backoff of a first failure) it still waits for Retry-After.
        _ = try Self.once(setup, now: "2026-02-06T21:45:00Z")
        #expect(try setup.server.requests().count == 1)
        // Past the ten minutes it asks again.
        try setup.server.reset()
        try setup.server.route("/v1/forecast", [.file(Self.fixture)])
        let later = try Self.once(setup, now: "2026-02-06T21:51:00Z")
        #expect(later.status == 0, "stderr: \(later.stderr)")
        #expect(try setup.server.requests().count == 1)
    }

    @Test("a 200 with an HTML body is an error, never a reading; the good reading stays")
    func htmlBody() throws {
        let setup = try Self.setup(interval: "1m")
        try setup.server.route("/v1/forecast", [.file(Self.fixture)])
        #expect(try Self.once(setup).status == 0)
        try setup.server.reset()
        try setup.server.route("/v1/forecast", [.text("<html><body>Captive portal</body></html>", status: 200)])
        // Due again (1 min interval), and less than an interval past expiry: still "ok".
        let second = try Self.once(setup, now: "2026-02-06T21:41:30Z")
        #expect(second.status == 65, "stderr: \(second.stderr)")
        let topics = try setup.broker.retained("weather/nyc/#")
        let current = Self.json(topics["weather/nyc/current"])
        #expect(current["temperature"] as? Double == -1.4)
        let status = Self.json(topics["weather/nyc/status"])
        #expect(status["state"] as? String == "ok")
        #expect(((status["last_error"] as? [String: Any])?["message"] as? String)?.contains("HTML") == true)
    }

    @Test("a provider that never answers does not hold up shutdown")
    func hangingProvider() throws {
        let setup = try Self.setup()
        try setup.server.route("/v1/forecast", [.hang])
        let bridge = try BridgeProcess(["run", "--config", setup.config], environment: ["WEATHER2MQTT_NOW": Self.now])
        #expect(try waitUntil { (try setup.server.requests().count) >= 1 }, "stderr: \(bridge.stderr)")
        // The hanging request ends only at the bridge's 30 s request timeout: a shutdown that waited
        // for it would still be running when `terminate` stops waiting, and `terminate` gives nil.
        #expect(bridge.terminate(timeout: 20) == 0, "stderr: \(bridge.stderr)")
        #expect(try setup.broker.retained("weather/bridge/state")["weather/bridge/state"] == "offline")
    }

    @Test("304: a conditional request keeps the last reading and costs no parse")
    func notModified() throws {
        let setup = try Self.setup(interval: "1m")
        try setup.server.route(
            "/v1/forecast",
            [
                .file(Self.fixture, headers: ["ETag": "\"v1\"", "Last-Modified": "Fri, 06 Feb 2026 21:00:00 GMT"]),
                .status(304, headers: ["ETag": "\"v1\""]),
            ])
        #expect(try Self.once(setup).status == 0)
        let second = try Self.once(setup, now: "2026-02-06T21:45:00Z")
        #expect(second.status == 0, "stderr: \(second.stderr)")
        let requests = try setup.server.requests()
        #expect(requests.count == 2)
        #expect(requests.last?.header("if-none-match") == "\"v1\"")
        #expect(requests.last?.header("if-modified-since") == "Fri, 06 Feb 2026 21:00:00 GMT")
        let current = Self.json(try setup.broker.retained("weather/nyc/current")["weather/nyc/current"])
        #expect(current["temperature"] as? Double == -1.4)
    }

    @Test("when the primary fails, the fallback serves and says so; the primary is tried again later")
    func fallback() throws {
        let setup = try Self.setup(interval: "10m", providers: "[open-meteo, met-no]")
        try setup.server.route("/v1/forecast", [.status(503)])
        try setup.server.route("/weatherapi/locationforecast/2.0/complete", [.file(Self.metno)])
        let result = try Self.once(setup, now: "2020-07-01T12:00:00Z")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let topics = try setup.broker.retained("weather/nyc/#")
        #expect(Self.json(topics["weather/nyc/current"])["provider"] as? String == "met-no")
        let status = Self.json(topics["weather/nyc/status"])
        #expect(status["provider"] as? String == "met-no")
        #expect((status["last_error"] as? [String: Any])?["provider"] as? String == "open-meteo")
        #expect(try setup.server.requests(to: "/v1/forecast").count == 1)
    }

    @Test("a status shows the quota as of its own location's refresh: another location's request does not republish it")
    func statusQuotaPerLocation() throws {
        let setup = try Self.setup()
        try setup.server.route("/v1/forecast", [.file(Self.fixture)])
        #expect(try Self.once(setup).status == 0)
        let quota = { (topic: String) throws -> Int? in
            let status = Self.json(try setup.broker.retained(topic)[topic])
            return ((status["quota"] as? [String: Any])?["open-meteo"] as? [String: Any])?["used_today"] as? Int
        }
        let afterFirst = try #require(try quota("weather/nyc/status"))
        #expect(afterFirst > 0)

        // A second location joins; nyc is not due, so only the new one asks the provider.
        let text = try String(contentsOfFile: setup.config, encoding: .utf8)
        try
            (text + """

                  - id: park
                    name: Central Park
                    latitude: 40.78
                    longitude: -73.97
                    timezone: America/New_York
                    interval: 15m
                    providers: [open-meteo]
                """).write(toFile: setup.config, atomically: true, encoding: .utf8)
        #expect(try Self.once(setup).status == 0)
        #expect(try setup.server.requests(to: "/v1/forecast").count == 2)
        let park = try #require(try quota("weather/park/status"))
        #expect(park == 2 * afterFirst, "the new location's status shows both requests")
        #expect(try quota("weather/nyc/status") == afterFirst, "nyc's status was not republished for park's request")
    }
}
