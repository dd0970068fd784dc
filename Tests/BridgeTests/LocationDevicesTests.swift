import Configuration
import FoundationEssentials
import HomeAssistant
import Testing
import WeatherModel
import WireContract

@testable import Bridge

@Suite("Location devices: what earlier runs announced, and the components to remove")
struct LocationDevicesTests {
    static func configuration(slots: ForecastSlots, locations: [String] = ["home", "cabin"]) -> BridgeConfiguration {
        var configuration = BridgeConfiguration(
            mqtt: MQTTSettings(baseTopic: "weather"),
            locations: locations.map { LocationSettings(id: $0, name: $0, latitude: 52.5, longitude: 13.4) })
        configuration.homeAssistant.forecastSlots = slots
        return configuration
    }

    static func components(_ bytes: [UInt8]) throws -> JSONObject {
        try JSONParser.parse(bytes)["cmps"]?.object ?? JSONObject()
    }

    @Test("slots off after a run with slots: each slot component reduced to its platform, saved once")
    func slotsOff() throws {
        let first = LocationDevices(configuration: Self.configuration(slots: ForecastSlots(days: 2)), saved: nil)
        #expect(first.changed, "no record yet: written at the first announcement")
        let home = Self.configuration(slots: ForecastSlots(days: 2)).locations[0]
        #expect(try Self.components(first.payload(home))["forecast_day_1_high"]?["state_topic"] != nil)

        let off = Self.configuration(slots: ForecastSlots())
        let second = LocationDevices(configuration: off, saved: try JSONParser.parse(first.json.utf8Bytes))
        #expect(second.changed)
        let components = try Self.components(second.payload(off.locations[0]))
        let slots = components.filter { $0.key.hasPrefix("forecast_") }
        #expect(slots.count == 6 && slots.allSatisfy { $0.value == ["platform": "sensor"] })
        #expect(components["temperature"]?["state_topic"] == "weather/home/current")
        // Built again (every connect): the same bytes.
        #expect(second.payload(off.locations[0]) == second.payload(off.locations[0]))

        // The next start with the same configuration: still reduced, nothing to write.
        let third = LocationDevices(configuration: off, saved: try JSONParser.parse(second.json.utf8Bytes))
        #expect(!third.changed)
        #expect(third.payload(off.locations[0]) == second.payload(off.locations[0]))
    }

    @Test("a location no longer configured loses its record; a damaged file is no record")
    func removedLocation() throws {
        let both = LocationDevices(configuration: Self.configuration(slots: ForecastSlots(days: 1)), saved: nil)
        let one = LocationDevices(
            configuration: Self.configuration(slots: ForecastSlots(days: 1), locations: ["home"]),
            saved: try JSONParser.parse(both.json.utf8Bytes))
        #expect(one.records.keys.sorted() == ["home"] && one.changed)
        let damaged = LocationDevices(
            configuration: Self.configuration(slots: ForecastSlots(days: 1)), saved: ["locations": ["home": 7]])
        #expect(damaged.records["home"]?.removed.isEmpty == true && damaged.changed)
    }
}
