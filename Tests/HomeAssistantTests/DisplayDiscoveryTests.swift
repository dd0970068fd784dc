import Foundation
import HomeAssistant
import TestSupport
import Testing
import WeatherModel
import WireContract

/// A network display's Home Assistant device (weatherview serve): its topic, the shapes Home
/// Assistant accepts, and its templates rendered by Jinja2 against state payloads.
@Suite("Home Assistant: a device per network display")
struct DisplayDiscoveryTests {
    static var health: DisplayHealth {
        var health = DisplayHealth(
            id: "kitchen", friendlyID: "KITCHEN", mac: "A0:B1:C2:D3:E4:F5",
            lastContact: Date(timeIntervalSince1970: 1_796_000_000))
        (health.model, health.firmware, health.batteryVoltage, health.batteryPercent) = ("og", "1.6.9", 3.91, 65)
        health.rssi = -61
        return health
    }

    @Test("the config topic, device and the five sensors as Home Assistant accepts them")
    func shape() throws {
        #expect(
            DisplayDiscovery.configTopic(prefix: "ha", display: "kitchen")
                == "ha/device/weather2mqtt-display_kitchen/config")
        let payload = DisplayDiscovery.payload(for: Self.health, baseTopic: "home/weather", expireAfter: 10800)
        let device = try #require(payload["dev"])
        #expect(device["identifiers"]?[0]?.string == "weather2mqtt_home_weather_display_kitchen")
        #expect(device["connections"]?[0] == ["mac", "a0:b1:c2:d3:e4:f5"])
        #expect(device["name"]?.string == "Display kitchen")
        #expect(device["model"]?.string == "TRMNL protocol (og)" && device["sw_version"]?.string == "1.6.9")
        #expect(device["via_device"] == nil && payload["availability"] == nil)
        #expect(payload["o"]?["name"]?.string == "weather2mqtt")
        let components = try #require(payload["cmps"]?.object)
        #expect(components.keys == ["battery_voltage", "battery", "signal_strength", "last_seen", "firmware"])
        for (key, component) in components {
            #expect(HomeAssistantRules.problems(sensor: component, id: key) == [])
            #expect(component["state_topic"]?.string == "home/weather/displays/kitchen/state")
            #expect(component["unique_id"]?.string == "weather2mqtt_home_weather_display_kitchen_" + key)
        }
        let classes = components.map { $0.value["device_class"]?.string ?? "-" }
        #expect(classes == ["voltage", "battery", "signal_strength", "timestamp", "-"])
        let units = components.map { $0.value["unit_of_measurement"]?.string ?? "-" }
        #expect(units == ["V", "%", "dBm", "-", "-"])
        let diagnostic = components.filter { $0.value["entity_category"]?.string == "diagnostic" }.map(\.key)
        #expect(diagnostic == ["signal_strength", "firmware"])
        let expiring = components.filter { $0.value["expire_after"]?.int == 10800 }.map(\.key)
        #expect(expiring == ["battery_voltage", "battery", "signal_strength"])
    }

    @Test("a frame as an image entity: one component Home Assistant accepts, reading the PNG's topic")
    func image() throws {
        let payload = DisplayDiscovery.imagePayload(id: "hall", baseTopic: "home/weather", model: "800x480 bw, munich")
        #expect(payload["dev"]?["identifiers"]?[0]?.string == "weather2mqtt_home_weather_display_hall")
        #expect(payload["dev"]?["name"]?.string == "Frame hall" && payload["o"]?["name"]?.string == "weather2mqtt")
        let components = try #require(payload["cmps"]?.object)
        #expect(components.keys == ["frame"])
        let frame = try #require(components["frame"])
        #expect(HomeAssistantRules.problems(sensor: frame, id: "frame") == [])
        #expect(frame["image_topic"]?.string == "home/weather/displays/hall/image")
        #expect(frame["content_type"]?.string == "image/png")
        #expect(frame["unique_id"]?.string == "weather2mqtt_home_weather_display_hall_frame")
        // The rules can fail: a state topic, both topics, no content type's image type.
        var wrong = try #require(frame.object)
        wrong["state_topic"] = "x"
        wrong["url_topic"] = "y"
        wrong["content_type"] = "text/plain"
        #expect(HomeAssistantRules.problems(sensor: .object(wrong), id: "frame").count == 4)
    }

    @Test("the bridge's discovery cleanup never takes a display's device")
    func cleanup() {
        let payload = DisplayDiscovery.payload(for: Self.health, baseTopic: "weather", expireAfter: 600)
        #expect(
            !Discovery.shouldRemove(
                topic: DisplayDiscovery.configTopic(prefix: "homeassistant", display: "kitchen"),
                payload: Array(payload.serialized().utf8), configuredLocations: ["home"], prefix: "homeassistant",
                baseTopic: "weather"))
    }

    @Test("a display known only by its MAC is named by its friendly id")
    func unnamed() {
        var health = Self.health
        (health.id, health.friendlyID, health.model, health.firmware) = ("a0b1c2d3e4f5", "3F2A1C", nil, nil)
        let payload = DisplayDiscovery.payload(for: health, baseTopic: "weather", expireAfter: 600)
        #expect(payload["dev"]?["name"]?.string == "Display 3F2A1C")
        #expect(payload["dev"]?["model"]?.string == "TRMNL protocol" && payload["dev"]?["sw_version"] == nil)
    }

    @Test(
        "templates read the state payload; a missing or wrong-typed value is unknown",
        .enabled(if: HomeAssistantTestTools.hasJinja, "needs python3-jinja2"))
    func templates() throws {
        let payload = DisplayDiscovery.payload(for: Self.health, baseTopic: "weather", expireAfter: 600)
        let state = Self.health.payload.serialized()
        typealias Render = HomeAssistantTestTools.Render
        var jobs: [Render] = []
        for key in ["battery_voltage", "battery", "signal_strength", "last_seen", "firmware"] {
            let template = try #require(payload["cmps"]?[key]?["value_template"]?.string)
            jobs.append(Render(template: template, valueJSON: state))
            jobs.append(Render(template: template, valueJSON: #"{"battery_voltage":"4.1","firmware":3}"#))
            jobs.append(Render(template: template, valueJSON: nil))
        }
        let rendered = try HomeAssistantTestTools.render(jobs)
        #expect(
            rendered == [
                "3.91", "None", "None", "65", "None", "None", "-61", "None", "None",
                "2026-11-30T00:53:20+00:00", "None", "None", "1.6.9", "None", "None",
            ])
    }
}
