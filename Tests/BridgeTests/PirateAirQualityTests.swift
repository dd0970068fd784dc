import Foundation
import TestSupport
import Testing

/// Pirate Weather's air quality index, from the request the bridge already makes (`version=2`).
@Suite("Bridge Pirate Weather air quality", .serialized)
struct PirateAirQualityTests {
    @Test("a Pirate Weather location publishes its airQualityIndex in air_quality, free, without air_quality: true")
    func index() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        let path = "/forecast/test-pirate-key-1234/37.8267,-122.4233"
        try server.route(
            path, [.file(TestPaths.fixture("pirateweather", "forecast_v2_sanfrancisco_us_version2_trimmed.json"))])
        let state = TemporaryFolder()
        let config = state.write(
            "config.yaml",
            """
            mqtt:
              url: \(broker.url)
              client_id: pirate-air-test
              base_topic: weather
            state_dir: \(state.path)
            contact: tests@example.com
            providers:
              pirate-weather: { base_url: \(server.baseURL), api_key: test-pirate-key-1234 }
            locations:
              - id: sf
                latitude: 37.8267
                longitude: -122.4233
                timezone: America/Los_Angeles
                providers: [pirate-weather]
            """)
        let result = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": "2025-10-05T20:50:00Z"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let requests = try server.requests(to: path)
        #expect(requests.count == 1)
        #expect(requests.first?.query.contains("version=2") == true)
        let topics = try broker.retained("weather/#")
        let payload = try #require(topics["weather/sf/air_quality"], "have \(topics.keys.sorted())")
        let problems = try SchemaValidator.repository().validate(payload, against: "air_quality")
        #expect(problems.isEmpty, "\(problems)")
        let air = try NowcastBridgeTests.object(payload)
        #expect(air["source"] as? String == "pirate-weather")
        #expect(air["provider_index_scale"] as? String == "us-epa")
        let current = try #require(air["current"] as? [String: Any])
        #expect(current["provider_index"] as? Double == 42)
        #expect(current["european_aqi"] is NSNull)
        #expect(current["pm2_5"] is NSNull)
        #expect(try server.requests(to: "/v1/air-quality").isEmpty)
    }
}
