import Foundation
import TestSupport
import Testing
import WeatherModel

/// SPEC §6 end to end: the real executable, a real mosquitto, recorded provider answers.
/// Disabled until `BridgeService` publishes discovery (announce, birth resend, cleanup) and
/// `Weather2MQTT` lists `HATemplate`; all four pass against that wiring.
@Suite("Home Assistant end to end", .serialized)
struct HomeAssistantIntegrationTests {
    /// SPEC §6: the components that are not sensors, by platform.
    static let platforms = [
        "precipitation_within_30_min": "binary_sensor", "warning_active": "binary_sensor", "warning": "event",
    ]

    static let fixture = TestPaths.fixture("open-meteo", "forecast_current_hourly_daily_newyork_iso8601.json")
    static let now = "2026-02-06T21:40:00Z"
    static let environment = ["WEATHER2MQTT_NOW": now]

    struct Setup {
        let broker: TestBroker
        let server: FixtureServer
        let folder: TemporaryFolder

        /// Writes a configuration with these location ids and returns its path.
        func config(_ locations: [String], base: String = "weather", discovery: Bool = true) -> String {
            let items = locations.map {
                """
                  - id: \($0)
                    name: Place \($0)
                    latitude: 40.7886
                    longitude: -73.9661
                    timezone: America/New_York
                """
            }.joined(separator: "\n")
            return folder.write(
                "config-\(locations.joined(separator: "-"))-\(base.replacingOccurrences(of: "/", with: "_")).yaml",
                """
                mqtt:
                  url: \(broker.url)
                  client_id: ha-test-\(UUID().uuidString.prefix(8))
                  base_topic: \(base)
                homeassistant:
                  discovery: \(discovery)
                  prefix: homeassistant
                state_dir: \(folder.path)/state
                contact: tests@example.com
                providers:
                  open-meteo: { base_url: \(server.baseURL) }
                locations:
                \(items)
                """)
        }
    }

    static func setup() throws -> Setup {
        let server = try FixtureServer.start()
        try server.route("/v1/forecast", [.file(fixture)])
        return Setup(broker: try TestBroker.start(), server: server, folder: TemporaryFolder())
    }

    static func json(_ text: String?) -> [String: Any] {
        guard let text, let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) else { return [:] }
        return object as? [String: Any] ?? [:]
    }

    static func devices(_ broker: TestBroker) throws -> [String: String] {
        try broker.retained("homeassistant/device/+/config", timeout: 1)
    }

    @Test("a bridge with two locations announces two devices, each with every sensor")
    func twoDevices() throws {
        let setup = try Self.setup()
        let bridge = try BridgeProcess(
            ["run", "--config", setup.config(["nyc", "brooklyn"])], environment: Self.environment)
        defer { bridge.kill() }
        #expect(
            try waitUntil(seconds: 20) {
                let devices = try Self.devices(setup.broker)
                return devices["homeassistant/device/weather2mqtt_nyc/config"] != nil
                    && devices["homeassistant/device/weather2mqtt_brooklyn/config"] != nil
            }, "stderr: \(bridge.stderr)")
        let devices = try Self.devices(setup.broker)
        #expect(devices.count == 2, "\(devices.keys.sorted())")
        for location in ["nyc", "brooklyn"] {
            let payload = Self.json(devices["homeassistant/device/weather2mqtt_\(location)/config"])
            let device = payload["dev"] as? [String: Any] ?? [:]
            #expect(device["name"] as? String == "Place \(location)")
            #expect((device["identifiers"] as? [String])?.first == "weather2mqtt_weather_\(location)")
            #expect((payload["o"] as? [String: Any])?["name"] as? String == "weather2mqtt")
            let components = payload["cmps"] as? [String: [String: Any]] ?? [:]
            // 18 weather sensors, the warnings' four and the nowcast's two (no air_quality here)
            #expect(components.count == 24)
            for (key, component) in components {
                let platform = Self.platforms[key] ?? "sensor"
                #expect(component["platform"] as? String == platform, "\(key)")
                #expect((component["state_topic"] as? String)?.hasPrefix("weather/\(location)/") == true, "\(key)")
            }
        }
        // Home Assistant would find data behind every state topic.
        let topics = try setup.broker.retained("weather/#", timeout: 1)
        for location in ["nyc", "brooklyn"] {
            for topic in ["current", "daily", "alerts", "nowcast"] {
                #expect(topics["weather/\(location)/\(topic)"] != nil, "\(topic)")
            }
        }
    }

    @Test("`online` on homeassistant/status makes the devices come again")
    func birthMessage() throws {
        let setup = try Self.setup()
        let bridge = try BridgeProcess(
            ["run", "--config", setup.config(["nyc", "brooklyn"])], environment: Self.environment)
        defer { bridge.kill() }
        #expect(
            try waitUntil(seconds: 20) { try Self.devices(setup.broker).count == 2 }, "stderr: \(bridge.stderr)")
        // A broker that lost the retained configurations, then Home Assistant starting.
        for location in ["nyc", "brooklyn"] {
            try setup.broker.publish("homeassistant/device/weather2mqtt_\(location)/config", "", retain: true)
        }
        #expect(try Self.devices(setup.broker).isEmpty)
        try setup.broker.publish("homeassistant/status", "online")
        // Resent after a random 1–5 s delay.
        #expect(
            try waitUntil(seconds: 15) { try Self.devices(setup.broker).count == 2 }, "stderr: \(bridge.stderr)")
        // `offline` asks for nothing.
        try setup.broker.publish("homeassistant/device/weather2mqtt_nyc/config", "", retain: true)
        try setup.broker.publish("homeassistant/status", "offline")
        #expect(
            try !waitUntil(seconds: 6) {
                try Self.devices(setup.broker)["homeassistant/device/weather2mqtt_nyc/config"] != nil
            })
    }

    @Test("a location removed from the configuration loses its device at the next start; foreign devices stay")
    func removedLocation() throws {
        let setup = try Self.setup()
        // Devices that are not this bridge's: another weather2mqtt (other base topic), another program.
        let otherBridge =
            #"{"dev":{"identifiers":["weather2mqtt_weather2_lake"],"name":"Lake"},"o":{"name":"weather2mqtt"},"availability":[{"topic":"weather2/bridge/state"}],"cmps":{"t":{"p":"sensor","unique_id":"x","state_topic":"weather2/lake/current"}}}"#
        let zigbee =
            #"{"dev":{"ids":["0x00158d0001"],"name":"Kitchen"},"o":{"name":"Zigbee2MQTT"},"avty":[{"t":"weather/bridge/state"}],"cmps":{"t":{"p":"sensor","uniq_id":"y","stat_t":"zigbee2mqtt/kitchen"}}}"#
        try setup.broker.publish("homeassistant/device/weather2mqtt_lake/config", otherBridge, retain: true)
        try setup.broker.publish("homeassistant/device/0x00158d0001/config", zigbee, retain: true)
        try setup.broker.publish("homeassistant/device/weather2mqtt_cabin/config", zigbee, retain: true)

        let first = try BridgeProcess(
            ["run", "--config", setup.config(["nyc", "brooklyn"])], environment: Self.environment)
        #expect(
            try waitUntil(seconds: 20) {
                try Self.devices(setup.broker)["homeassistant/device/weather2mqtt_brooklyn/config"] != nil
            }, "stderr: \(first.stderr)")
        #expect(first.terminate() == 0)

        let second = try BridgeProcess(["run", "--config", setup.config(["nyc"])], environment: Self.environment)
        defer { second.kill() }
        #expect(
            try waitUntil(seconds: 20) {
                try Self.devices(setup.broker)["homeassistant/device/weather2mqtt_brooklyn/config"] == nil
            }, "stderr: \(second.stderr)")
        // Given a wrong cleanup time to happen, what must stay stays.
        var devices: [String: String] = [:]
        let changed = try waitUntil(seconds: 2) {
            devices = try Self.devices(setup.broker)
            return devices["homeassistant/device/weather2mqtt_nyc/config"] == nil
                || devices["homeassistant/device/weather2mqtt_lake/config"] != otherBridge
                || devices["homeassistant/device/0x00158d0001/config"] != zigbee
                || devices["homeassistant/device/weather2mqtt_cabin/config"] != zigbee
        }
        #expect(!changed, "\(devices.keys.sorted())")
        #expect(second.terminate() == 0)
    }

    @Test("ha-template prints YAML for a location; unknown location is 64, a bad configuration 78")
    func haTemplateCommand() throws {
        let folder = TemporaryFolder()
        let config = folder.write(
            "config.yaml",
            """
            mqtt: { url: "mqtt://127.0.0.1:1883", base_topic: wx }
            state_dir: \(folder.path)/state
            units: imperial
            locations:
              - { id: home, name: Home, latitude: 52.52, longitude: 13.405, timezone: Europe/Berlin }
            """)
        let result = try BridgeProcess.run(["ha-template", "--location", "home", "--config", config])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let document = try JSONParser.parse(try Python.yamlAsJSON(result.stdout))
        #expect(document["mqtt"]?["sensor"]?[0]?["state_topic"] == "wx/home/current")
        #expect(document["template"]?[0]?["weather"]?[0]?["temperature_unit"] == "°F")

        let unknown = try BridgeProcess.run(["ha-template", "--location", "cabin", "--config", config])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("cabin"))

        let broken = folder.write("broken.yaml", "locations: [\n")
        #expect(try BridgeProcess.run(["ha-template", "--location", "home", "--config", broken]).status == 78)
        #expect(try BridgeProcess.run(["ha-template", "--config", config]).status == 64)
    }
}
