import Foundation
import TestSupport
import Testing

/// A TRMNL device's battery, signal and firmware, from the headers of its wakes to the retained
/// `<base>/displays/<id>/state` and Home Assistant's discovery on a real mosquitto.
@Suite("Serve: display health on the broker", .serialized)
struct ServeHealthTests {
    static let config = """
        homeassistant:
          prefix: ha
        displays:
          devices:
            - mac: "A1:B2:C3:D4:E5:F6"
              name: Kitchen
        """

    static func json(_ text: String?) -> [String: Any] {
        text.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } ?? [:]
    }

    @Test(
        "a wake publishes the state and the device's discovery, retained; the token is in neither",
        .timeLimit(.minutes(TestTiming.minutes(2))))
    func published() throws {
        let serve = try ServeFixture(config: Self.config)
        var device = TRMNLDevice(server: serve.url(""))
        #expect(try device.setup() == 200)
        let key = try #require(device.apiKey)
        guard case .downloaded(let filename, _) = try device.wake() else {
            Issue.record("the first wake downloaded nothing")
            return
        }
        var retained: [String: String] = [:]
        #expect(
            try waitUntil {
                retained = try serve.broker.retained("#")
                return retained["weather/displays/kitchen/state"] != nil
                    && retained["ha/device/weather2mqtt-display_kitchen/config"] != nil
            }, "\(retained.keys.sorted())")
        let stateText = try #require(retained["weather/displays/kitchen/state"])
        #expect(try SchemaValidator.repository().validate(stateText, against: "display-state") == [])
        let state = Self.json(stateText)
        #expect(state["display"] as? String == "kitchen" && state["mac"] as? String == "A1:B2:C3:D4:E5:F6")
        #expect(state["battery_voltage"] as? Double == 4.12 && state["battery_percent"] as? Int == 91)
        #expect(state["rssi"] as? Int == -61 && state["firmware"] as? String == "1.6.9")
        #expect(state["model"] as? String == "og" && state["filename"] as? String == filename)
        #expect(state["width"] as? Int == 800 && state["refresh_rate"] as? Int == device.refreshRate)

        let discovery = Self.json(retained["ha/device/weather2mqtt-display_kitchen/config"])
        let components = try #require(discovery["cmps"] as? [String: [String: Any]])
        #expect(Set(components.keys) == ["battery_voltage", "battery", "signal_strength", "last_seen", "firmware"])
        #expect(components.values.allSatisfy { $0["state_topic"] as? String == "weather/displays/kitchen/state" })
        #expect(components["battery"]?["device_class"] as? String == "battery")
        #expect((discovery["dev"] as? [String: Any])?["sw_version"] as? String == "1.6.9")
        for (topic, payload) in retained { #expect(!payload.contains(key), "the token is in \(topic)") }

        // A new firmware is published at once (not a minute later), and its discovery too.
        device.firmware = "1.7.0"
        device.batteryVoltage = "3.80"
        _ = try device.wake()
        #expect(
            try waitUntil {
                retained = try serve.broker.retained("#")
                return Self.json(retained["weather/displays/kitchen/state"])["firmware"] as? String == "1.7.0"
            })
        let updated = Self.json(retained["weather/displays/kitchen/state"])
        #expect(updated["battery_voltage"] as? Double == 3.8 && updated["battery_percent"] as? Int == 40)
        let announced = Self.json(retained["ha/device/weather2mqtt-display_kitchen/config"])
        #expect((announced["dev"] as? [String: Any])?["sw_version"] as? String == "1.7.0")
        #expect(!serve.process.stderr.contains(key), "the token was logged")
    }

    @Test(
        "with homeassistant.discovery off, the state alone", .timeLimit(.minutes(TestTiming.minutes(2))))
    func discoveryOff() throws {
        let serve = try ServeFixture(config: "homeassistant:\n  discovery: false\n")
        var device = TRMNLDevice(server: serve.url(""))
        #expect(try device.setup() == 200)
        _ = try device.wake()
        var retained: [String: String] = [:]
        #expect(
            try waitUntil {
                retained = try serve.broker.retained("#")
                return retained["weather/displays/a1b2c3d4e5f6/state"] != nil
            })
        // Discovery would have gone out before the state, on the same connection.
        #expect(retained.keys.filter { $0.hasPrefix("homeassistant/") }.isEmpty, "\(retained.keys.sorted())")
    }

    @Test(
        "a display that left displays: has its state and its device cleared at the next start",
        .timeLimit(.minutes(TestTiming.minutes(2))))
    func removed() throws {
        let serve = try ServeFixture(config: Self.config)
        var device = TRMNLDevice(server: serve.url(""))
        #expect(try device.setup() == 200)
        _ = try device.wake()
        let topics = ["weather/displays/kitchen/state", "ha/device/weather2mqtt-display_kitchen/config"]
        var retained: [String: String] = [:]
        #expect(
            try waitUntil {
                retained = try serve.broker.retained("#")
                return topics.allSatisfy { retained[$0] != nil }
            }, "\(retained.keys.sorted())")
        // The section goes: the device is still answered (unknown: default), under its MAC's id.
        try serve.restart(config: "homeassistant:\n  prefix: ha\n")
        #expect(
            try waitUntil {
                retained = try serve.broker.retained("#")
                return topics.allSatisfy { retained[$0] == nil }
            }, "\(retained.keys.sorted())")
        #expect(serve.process.stderr.contains("display kitchen is no longer in displays:"))
        // Cleared once: the state file forgot it, so the next start clears nothing.
        let file = serve.folder.path + "/devices.json"
        #expect(waitUntil { (try? String(contentsOfFile: file, encoding: .utf8))?.contains("\"kitchen\"") == false })
        try serve.restart(config: "homeassistant:\n  prefix: ha\n")
        #expect(!serve.process.stderr.contains("no longer in displays:"))
    }

    @Test(
        "Home Assistant's birth message brings every display's discovery again",
        .timeLimit(.minutes(TestTiming.minutes(2))))
    func birth() throws {
        let serve = try ServeFixture(config: Self.config)
        var device = TRMNLDevice(server: serve.url(""))
        #expect(try device.setup() == 200)
        _ = try device.wake()
        let topic = "ha/device/weather2mqtt-display_kitchen/config"
        #expect(try waitUntil { try serve.broker.retained("ha/#")[topic] != nil })
        // Home Assistant lost it (a broker without persistence, say), restarted, and says so.
        try serve.broker.publish(topic, "", retain: true)
        #expect(try waitUntil { try serve.broker.retained("ha/#")[topic] == nil })
        try serve.broker.publish("ha/status", "online")
        #expect(try waitUntil { try serve.broker.retained("ha/#")[topic] != nil })
        let announced = Self.json(try serve.broker.retained("ha/#")[topic])
        #expect((announced["dev"] as? [String: Any])?["name"] as? String == "Display kitchen")
    }

    @Test(
        "a frame as a Home Assistant image: the bytes of /frames, its entity; both removed when turned off",
        .timeLimit(.minutes(TestTiming.minutes(2))))
    func image() throws {
        let config = "homeassistant:\n  prefix: ha\ndisplays:\n  images:\n    - location: munich\n      colors: gray4\n"
        let serve = try ServeFixture(config: config)
        let imageTopic = "weather/displays/munich/image"
        let configTopic = "ha/device/weather2mqtt-display_munich/config"
        var retained: [String: [UInt8]] = [:]
        #expect(
            try waitUntil {
                retained = try serve.broker.retainedBytes("#")
                return retained[imageTopic] != nil && retained[configTopic] != nil
            }, "\(retained.keys.sorted())")
        let served = try HTTPCall.run(serve.url("/frames/munich.png?colors=gray4"))
        #expect(served.status == 200)
        let same = retained[imageTopic] == served.body
        #expect(same, "the image topic's bytes are not those of /frames/munich.png?colors=gray4")
        let discovery = Self.json(retained[configTopic].map { String(decoding: $0, as: UTF8.self) })
        let frame = (discovery["cmps"] as? [String: [String: Any]])?["frame"] ?? [:]
        #expect(frame["platform"] as? String == "image" && frame["image_topic"] as? String == imageTopic)
        #expect(frame["content_type"] as? String == "image/png")

        try serve.restart(config: "homeassistant:\n  prefix: ha\n")
        #expect(
            try waitUntil {
                retained = try serve.broker.retainedBytes("#")
                return retained[imageTopic] == nil && retained[configTopic] == nil
            }, "\(retained.keys.sorted())")
    }
}
