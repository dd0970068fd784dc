import Foundation
import TestSupport
import Testing

/// SPEC §3: after the broker loses its retained store, the bridge puts back every topic it
/// holds, byte for byte, without asking a provider — also the large payloads (hourly, daily,
/// nowcast, outlook, air quality, discovery) it keeps only as a hash and builds again.
@Suite("Republishing what the bridge holds", .serialized)
struct RepublishTests {
    static let forecast = TestPaths.fixture("open-meteo", "forecast_current_hourly_daily_newyork_iso8601.json")
    static let air = TestPaths.fixture(
        "air-quality/open-meteo", "airquality_hourly_eaqi_uv_pollen_brno_unixtime_2026.json")

    @Test("a broker restart: every retained topic comes back identical, with no provider request")
    func identicalAfterBrokerRestart() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try server.route("/v1/forecast", [.file(Self.forecast)])
        try server.route("/v1/air-quality", [.file(Self.air)])
        let state = TemporaryFolder()
        let config = state.write(
            "config.yaml",
            """
            mqtt:
              url: \(broker.url)
              client_id: republish-test
            state_dir: \(state.path)/state
            contact: tests@example.com
            providers:
              open-meteo: { base_url: \(server.baseURL), air_quality_url: \(server.baseURL) }
            locations:
              - { id: nyc, name: New York, latitude: 40.7886, longitude: -73.9661, timezone: America/New_York,
                  interval: 15m, air_quality: true }
            """)
        let bridge = try BridgeProcess(
            ["run", "--config", config], environment: ["WEATHER2MQTT_NOW": "2026-02-06T21:40:00Z"])
        defer { bridge.kill() }
        let large = [
            "weather/nyc/hourly", "weather/nyc/daily", "weather/nyc/nowcast", "weather/nyc/outlook",
            "weather/nyc/air_quality", "homeassistant/device/weather2mqtt_nyc/config",
        ]
        func snapshot() throws -> [String: String] {
            try broker.retained("weather/#", timeout: 0.5).merging(
                broker.retained("homeassistant/#", timeout: 0.5)
            ) { first, _ in first }
        }
        var before: [String: String] = [:]
        #expect(
            try waitUntil {
                before = try snapshot()
                // The snapshot is of a settled bridge: status says `ok` (it is `waiting` first).
                return large.allSatisfy { before[$0] != nil }
                    && before["weather/nyc/status"]?.contains(#""state":"ok""#) == true
            }, "stderr: \(bridge.stderr)")
        let requests = try server.requests().count

        try broker.restart()
        var after: [String: String] = [:]
        #expect(
            try waitUntil(seconds: 20) {
                after = try snapshot()
                return after.keys.sorted() == before.keys.sorted()
            }, "stderr: \(bridge.stderr)")
        for topic in before.keys.sorted() {
            #expect(after[topic] == before[topic], "\(topic) changed across the broker restart")
        }
        #expect(try server.requests().count == requests)
    }
}
