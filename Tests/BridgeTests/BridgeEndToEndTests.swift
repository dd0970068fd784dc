import Foundation
import TestSupport
import Testing

/// The bridge end to end: the real executable, a real mosquitto, real HTTP over libcurl to a
/// loopback server serving recorded answers.
@Suite("Bridge end to end", .serialized)
struct BridgeEndToEndTests {
    static let newYorkFixture = TestPaths.fixture("open-meteo", "forecast_current_hourly_daily_newyork_iso8601.json")
    /// 16:40 local in New York on the day of the recording.
    static let now = "2026-02-06T21:40:00Z"

    static func config(broker: TestBroker, server: FixtureServer, state: TemporaryFolder, extra: String = "") -> String
    {
        """
        mqtt:
          url: \(broker.url)
          client_id: bridge-test
          base_topic: weather
          protocol: 5
        \(extra)
        state_dir: \(state.path)
        contact: tests@example.com
        providers:
          open-meteo: { base_url: \(server.baseURL) }
        locations:
          - id: nyc
            name: New York
            latitude: 40.7886
            longitude: -73.9661
            timezone: America/New_York
            interval: 15m
        """
    }

    @Test("run --once publishes every topic of SPEC §3 and exits 0")
    func runOncePublishesEverything() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try server.route("/v1/forecast", [.file(Self.newYorkFixture)])
        let state = TemporaryFolder()
        let config = state.write("config.yaml", Self.config(broker: broker, server: server, state: state))
        let result = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": Self.now])
        #expect(result.status == 0, "stderr: \(result.stderr)")

        let topics = try broker.retained("weather/#")
        for topic in [
            "weather/bridge/state", "weather/bridge/info", "weather/nyc/current", "weather/nyc/hourly",
            "weather/nyc/daily", "weather/nyc/alerts", "weather/nyc/status", "weather/nyc/current/temperature",
            "weather/nyc/current/condition",
        ] {
            #expect(topics[topic] != nil, "missing \(topic); have \(topics.keys.sorted())")
        }
        #expect(topics["weather/bridge/state"] == "offline")
        #expect(topics["weather/nyc/current/temperature"] == "-1.4")
        #expect(topics["weather/nyc/current/condition"] == "cloudy")

        let current =
            try JSONSerialization.jsonObject(with: Data(topics["weather/nyc/current"]!.utf8)) as! [String: Any]
        #expect(current["temperature"] as? Double == -1.4)
        #expect(current["provider"] as? String == "open-meteo")
        let status = try JSONSerialization.jsonObject(with: Data(topics["weather/nyc/status"]!.utf8)) as! [String: Any]
        #expect(status["state"] as? String == "ok")

        // The provider saw one polite request.
        let requests = try server.requests()
        #expect(requests.count == 1)
        #expect(requests.first?.headers["user-agent"]?.hasPrefix("weather2mqtt/") == true)
        #expect(requests.first?.headers["user-agent"]?.contains("tests@example.com") == true)
        #expect(requests.first?.query.contains("latitude=40.7886") == true)
    }

    @Test("a running bridge says online, republishes after a broker restart, and says offline on SIGTERM")
    func runningBridge() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try server.route("/v1/forecast", [.file(Self.newYorkFixture)])
        let state = TemporaryFolder()
        let config = state.write("config.yaml", Self.config(broker: broker, server: server, state: state))
        let bridge = try BridgeProcess(["run", "--config", config], environment: ["WEATHER2MQTT_NOW": Self.now])
        defer { bridge.kill() }

        #expect(
            try waitUntil {
                let topics = try broker.retained("weather/#", timeout: 0.5)
                return topics["weather/bridge/state"] == "online" && topics["weather/nyc/current"] != nil
            }, "stderr: \(bridge.stderr)")

        // A broker that lost its retained store is whole again within seconds, with no new request.
        let before = try server.requests().count
        try broker.restart()
        #expect(
            try waitUntil(seconds: 20) {
                let topics = try broker.retained("weather/#", timeout: 0.5)
                return topics["weather/bridge/state"] == "online" && topics["weather/nyc/daily"] != nil
            }, "stderr: \(bridge.stderr)")
        #expect(try server.requests().count == before)

        #expect(bridge.terminate() == 0)
        #expect(try broker.retained("weather/bridge/state")["weather/bridge/state"] == "offline")
    }

    @Test("an unreachable broker is exit 69 for run --once, quickly")
    func brokerUnreachable() throws {
        let server = try FixtureServer.start()
        let state = TemporaryFolder()
        let port = freeLoopbackPort()
        let config = state.write(
            "config.yaml",
            """
            mqtt: { url: "mqtt://127.0.0.1:\(port)" }
            state_dir: \(state.path)
            providers:
              open-meteo: { base_url: \(server.baseURL) }
            locations:
              - { id: home, latitude: 52.52, longitude: 13.405, timezone: Europe/Berlin }
            """)
        let result = try BridgeProcess.run(["run", "--once", "--config", config], timeout: 30)
        #expect(result.status == 69, "stderr: \(result.stderr)")
        #expect(try server.requests().isEmpty)
    }

    @Test("a configuration error is exit 78 naming the file and line")
    func configurationError() throws {
        let state = TemporaryFolder()
        let config = state.write("config.yaml", "mqtt:\n  qso: 1\nlocations: []\n")
        let result = try BridgeProcess.run(["check", "--config", config])
        #expect(result.status == 78)
        #expect(result.stderr.contains("config.yaml"))
        #expect(result.stderr.contains(":2"))
    }

    @Test("fetch prints the normalised payloads; a provider error is exit 69, a bad body exit 65")
    func fetch() throws {
        let server = try FixtureServer.start()
        let state = TemporaryFolder()
        let config = state.write(
            "config.yaml",
            """
            state_dir: \(state.path)
            providers:
              open-meteo: { base_url: \(server.baseURL) }
            locations:
              - { id: nyc, latitude: 40.7886, longitude: -73.9661, timezone: America/New_York }
            """)
        try server.route("/v1/forecast", [.file(Self.newYorkFixture)])
        let good = try BridgeProcess.run(
            ["fetch", "--config", config], environment: ["WEATHER2MQTT_NOW": Self.now])
        #expect(good.status == 0, "stderr: \(good.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(good.stdout.utf8)) as! [String: Any]
        let nyc = json["nyc"] as! [String: Any]
        #expect(Set(nyc.keys) == ["current", "hourly", "daily", "alerts"])

        try server.reset()
        try server.route("/v1/forecast", [FixtureResponse.json("<html>oops</html>", status: 200)])
        let html = try BridgeProcess.run(["fetch", "--config", config])
        #expect(html.status == 65, "stderr: \(html.stderr)")

        try server.reset()
        try server.route("/v1/forecast", [FixtureResponse.json("{\"error\":true,\"reason\":\"down\"}", status: 503)])
        let down = try BridgeProcess.run(["fetch", "--config", config])
        #expect(down.status == 69, "stderr: \(down.stderr)")
        #expect(down.stderr.contains("down"))
    }
}
