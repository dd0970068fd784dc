import Configuration
import HomeAssistant
import Testing
import WeatherModel

/// `Discovery.shouldRemove`: a location's device is removed once it leaves the configuration,
/// and nothing that belongs to anyone else is ever touched.
@Suite("Home Assistant discovery cleanup")
struct HomeAssistantCleanupTests {
    typealias Tools = HomeAssistantTestTools

    /// What this bridge published for `location` (base topic `base`).
    static func ours(_ location: String, base: String = "weather") -> [UInt8] {
        let configuration = Tools.configuration(base: base, locations: [location])
        return Discovery.payload(for: configuration.locations[0], provider: "open-meteo", configuration: configuration)
            .utf8Bytes
    }

    static func shouldRemove(
        _ topic: String, _ payload: [UInt8], configured: Set<String> = ["home"], prefix: String = "homeassistant",
        base: String = "weather"
    ) -> Bool {
        Discovery.shouldRemove(
            topic: topic, payload: payload, configuredLocations: configured, prefix: prefix, baseTopic: base)
    }

    @Test("our device of a location no longer configured is removed")
    func removedLocation() {
        #expect(Self.shouldRemove("homeassistant/device/weather2mqtt_cabin/config", Self.ours("cabin")))
        #expect(Self.shouldRemove("homeassistant/device/weather2mqtt_cabin/config", Self.ours("cabin"), configured: []))
        #expect(
            Self.shouldRemove(
                "ha/device/weather2mqtt_old-place/config", Self.ours("old-place", base: "home/wx"), prefix: "ha",
                base: "home/wx"))
    }

    @Test("a configured location keeps its device")
    func configuredLocation() {
        #expect(!Self.shouldRemove("homeassistant/device/weather2mqtt_home/config", Self.ours("home")))
        #expect(
            !Self.shouldRemove(
                "homeassistant/device/weather2mqtt_home/config", Self.ours("home"), configured: ["home", "cabin"]))
    }

    @Test("another weather2mqtt bridge (another base topic) is never touched")
    func otherBridge() {
        #expect(
            !Self.shouldRemove("homeassistant/device/weather2mqtt_cabin/config", Self.ours("cabin", base: "weather2")))
        #expect(
            !Self.shouldRemove(
                "homeassistant/device/weather2mqtt_cabin/config", Self.ours("cabin", base: "home/weather")))
        #expect(
            !Self.shouldRemove("homeassistant/device/weather2mqtt_cabin/config", Self.ours("cabin"), base: "weather/"))
    }

    @Test("other programs' devices are never touched")
    func otherPrograms() {
        let zigbee = Array(
            #"{"dev":{"ids":["0x00158d0001"],"name":"Kitchen"},"o":{"name":"Zigbee2MQTT"},"avty":[{"t":"weather/bridge/state"}],"cmps":{}}"#
                .utf8)
        #expect(!Self.shouldRemove("homeassistant/device/0x00158d0001/config", zigbee))
        // Named like ours, published by someone else.
        #expect(!Self.shouldRemove("homeassistant/device/weather2mqtt_cabin/config", zigbee))
        // Ours by origin, but no availability at all: not provably this bridge's.
        let noAvailability = Array(#"{"o":{"name":"weather2mqtt"},"dev":{"ids":["x"]},"cmps":{}}"#.utf8)
        #expect(!Self.shouldRemove("homeassistant/device/weather2mqtt_cabin/config", noAvailability))
        // A single-component discovery topic, even with our payload.
        #expect(!Self.shouldRemove("homeassistant/sensor/weather2mqtt_cabin/config", Self.ours("cabin")))
        #expect(!Self.shouldRemove("homeassistant/sensor/weather2mqtt_cabin/temperature/config", Self.ours("cabin")))
    }

    @Test("topics outside our prefix and our exact topic shape are never touched")
    func topicShape() {
        let payload = Self.ours("cabin")
        for topic in [
            "other/device/weather2mqtt_cabin/config",
            "homeassistant2/device/weather2mqtt_cabin/config",
            "xhomeassistant/device/weather2mqtt_cabin/config",
            "homeassistant/device/weather2mqtt_cabin/extra/config",
            "homeassistant/device/weather2mqtt_/config",
            "homeassistant/device/weather2mqtt_cabin/config/x",
            "homeassistant/device/weather2mqtt_cabin",
            "homeassistant/device/weather2mqttcabin/config",
            "homeassistant/device/weather2mqtt_+/config",
            "homeassistant/status",
        ] {
            #expect(!Self.shouldRemove(topic, payload), "\(topic)")
        }
    }

    @Test("empty, malformed and non-object payloads are never touched")
    func payloads() {
        let topic = "homeassistant/device/weather2mqtt_cabin/config"
        for payload in [
            "", "online", "{", "[]", "null", "42", #"{"o":"weather2mqtt"}"#,
            #"{"o":{"name":"weather2mqtt"},"availability":"weather/bridge/state"}"#,
        ] {
            #expect(!Self.shouldRemove(topic, Array(payload.utf8)), "\(payload)")
        }
        #expect(!Self.shouldRemove(topic, [0xFF, 0xFE, 0x00]))
    }

    @Test("abbreviated keys are understood")
    func abbreviations() {
        let topic = "homeassistant/device/weather2mqtt_cabin/config"
        let abbreviated = Array(
            #"{"o":{"name":"weather2mqtt"},"avty":[{"t":"weather/bridge/state"}],"dev":{"ids":["x"]},"cmps":{}}"#.utf8)
        #expect(Self.shouldRemove(topic, abbreviated))
        let single = Array(#"{"origin":{"name":"weather2mqtt"},"avty_t":"weather/bridge/state","cmps":{}}"#.utf8)
        #expect(Self.shouldRemove(topic, single))
        let otherBase = Array(#"{"o":{"name":"weather2mqtt"},"avty":[{"t":"other/bridge/state"}],"cmps":{}}"#.utf8)
        #expect(!Self.shouldRemove(topic, otherBase))
    }
}
