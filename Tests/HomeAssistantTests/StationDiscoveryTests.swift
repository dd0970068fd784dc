import Configuration
import HomeAssistant
import Stations
import TestSupport
import Testing
import WeatherModel

/// A station's Home Assistant device: its topics, and its templates rendered by Jinja2 (Home
/// Assistant's engine) against station payloads, stale fields and payloads that are not JSON.
@Suite("Home Assistant: a device per station", .enabled(if: HomeAssistantTestTools.hasJinja, "needs python3-jinja2"))
struct StationDiscoveryTests {
    var configuration: BridgeConfiguration {
        var configuration = BridgeConfiguration(
            contact: "tests@example.com", locations: [LocationSettings(id: "home", latitude: 52.5, longitude: 13.4)])
        configuration.stations = [StationSettings(id: "roof", kind: .tempest, maxAge: 600)]
        return configuration
    }

    @Test("sensors read the state topic, unavailable unless fresh or partial; a field past max_age is unknown")
    func templates() throws {
        let payload = StationDiscovery.payload(for: configuration.stations[0], configuration: configuration)
        #expect(
            StationDiscovery.configTopic(prefix: "homeassistant", station: "roof")
                == "homeassistant/device/weather2mqtt-station_roof/config")
        #expect(
            Discovery.ownedLocation(
                topic: "homeassistant/device/weather2mqtt-station_roof/config", prefix: "homeassistant") == nil)
        let temperature = try #require(payload["cmps"]?["temperature"])
        #expect(temperature["state_topic"]?.string == "weather/stations/roof/state")
        let availability = try #require(payload["availability"]?.array)
        #expect(availability.map { $0["topic"]?.string } == ["weather/bridge/state", "weather/stations/roof/status"])
        let template = try #require(temperature["value_template"]?.string)
        let status = try #require(availability[1]["value_template"]?.string)
        let battery = try #require(payload["cmps"]?["battery"]?["value_template"]?.string)
        typealias Render = HomeAssistantTestTools.Render
        let rendered = try HomeAssistantTestTools.render([
            Render(template: template, valueJSON: #"{"fields": {"temperature": {"value": 22.4, "age": 12}}}"#),
            Render(template: template, valueJSON: #"{"fields": {"temperature": {"value": 22.4, "age": 601}}}"#),
            Render(template: template, valueJSON: #"{"fields": {}}"#),
            Render(template: template, valueJSON: nil),
            Render(template: status, valueJSON: #"{"state": "fresh"}"#),
            Render(template: status, valueJSON: #"{"state": "partial"}"#),
            Render(template: status, valueJSON: #"{"state": "silent"}"#),
            Render(template: status, valueJSON: nil),
            Render(template: battery, valueJSON: #"{"batteries": {"voltage": 2.41}}"#),
            Render(template: battery, valueJSON: #"{"batteries": {}}"#),
        ])
        #expect(rendered == ["22.4", "None", "None", "None", "online", "online", "offline", "offline", "2.41", "None"])
    }
}
