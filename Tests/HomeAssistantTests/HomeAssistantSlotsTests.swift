import Configuration
import HomeAssistant
import Testing
import WeatherModel
import WireContract

@Suite("Home Assistant: the forecast slots' sensors")
struct HomeAssistantSlotsTests {
    typealias Tools = HomeAssistantTestTools

    static func payloads(
        _ slots: ForecastSlots, units: UnitSettings = .metric, default location: String? = nil
    ) -> [String: JSONValue] {
        var configuration = Tools.configuration(units: units, locations: ["home", "new-york"])
        configuration.homeAssistant.forecastSlots = slots
        configuration.homeAssistant.slotsLocation = location
        var result: [String: JSONValue] = [:]
        for place in configuration.locations {
            result[place.id] = Discovery.payload(for: place, provider: "open-meteo", configuration: configuration)
        }
        return result
    }

    static func slotComponents(_ payload: JSONValue?) -> [(key: String, value: JSONValue)] {
        (payload?["cmps"]?.object ?? JSONObject()).filter { $0.key.hasPrefix("forecast_") }.map { ($0.key, $0.value) }
    }

    @Test("entity ids as ESPHomeDesigner reads them for the default location, with the id for the others")
    func entityIDs() {
        let slots = ForecastSlots(days: 2, hours: 1, clockHours: [7])
        let payloads = Self.payloads(slots)
        let home = Self.slotComponents(payloads["home"]).compactMap { $0.value["default_entity_id"]?.string }
        #expect(
            home == [
                "sensor.weather_forecast_day_0_high", "sensor.weather_forecast_day_0_low",
                "sensor.weather_forecast_day_0_condition", "sensor.weather_forecast_day_1_high",
                "sensor.weather_forecast_day_1_low", "sensor.weather_forecast_day_1_condition",
                "sensor.weather_forecast_plus_1h", "sensor.weather_forecast_plus_1h_condition",
                "sensor.weather_forecast_hour_0700", "sensor.weather_forecast_hour_0700_condition",
            ])
        let other = Self.slotComponents(payloads["new-york"])
        #expect(other.first?.value["default_entity_id"] == "sensor.weather_forecast_new_york_day_0_high")
        #expect(other.first?.value["state_topic"] == "weather/new-york/slots/day_0_high")
        #expect(other.first?.value["unique_id"] == "weather2mqtt_weather_new-york_forecast_day_0_high")
        // The default moved to new-york: its ids lose the location, home's gain it.
        let moved = Self.payloads(slots, default: "new-york")
        #expect(
            Self.slotComponents(moved["new-york"]).first?.value["default_entity_id"]
                == "sensor.weather_forecast_day_0_high")
        #expect(
            Self.slotComponents(moved["home"]).first?.value["default_entity_id"]
                == "sensor.weather_forecast_home_day_0_high")
        // Off: no slot component at all.
        #expect(Self.slotComponents(Self.payloads(ForecastSlots())["home"]).isEmpty)
    }

    @Test("every slot sensor passes Home Assistant's rules for every unit combination; no state_class")
    func rules() {
        let slots = ForecastSlots(days: 7, hours: 24, clockHours: Array(0...23))
        for units in Tools.everyUnitCombination.prefix(12) + [.imperial, .metric] {
            for (key, component) in Self.slotComponents(Self.payloads(slots, units: units)["home"]) {
                #expect(HomeAssistantRules.problems(sensor: component, id: key) == [], "\(key)")
                #expect(component["state_class"] == nil)
                #expect(HomeAssistantRules.isEntityID(component["default_entity_id"]?.string ?? "", domain: "sensor"))
                if key.hasSuffix("_condition") {
                    #expect(component["device_class"] == "enum")
                    #expect(component["unit_of_measurement"] == nil)
                } else {
                    #expect(component["device_class"] == "temperature")
                    #expect(component["unit_of_measurement"]?.string == units.temperature.rawValue)
                }
            }
        }
    }

    @Test("slot sensors share the location's availability: unavailable with the rest when the data is stale")
    func availability() {
        let payload = Self.payloads(ForecastSlots(days: 1))["home"]
        #expect(payload?["availability"]?.array?.isEmpty == false)
        for (_, component) in Self.slotComponents(payload) { #expect(component["availability"] == nil) }
    }
}

extension HomeAssistantSlotsTests {
    @Test("slots turned off or fewer: the device is announced with each gone component reduced to its platform")
    func removal() throws {
        let before = try #require(Self.payloads(ForecastSlots(days: 2, hours: 1))["home"])
        let after = try #require(Self.payloads(ForecastSlots(days: 1))["home"])
        var record = AnnouncedComponents()
        // The first announcement: as it is.
        #expect(record.announcing(before) == before)
        let announced = record.announcing(after)
        let components = announced["cmps"]?.object ?? JSONObject()
        let gone = ["forecast_day_1_high", "forecast_day_1_low", "forecast_day_1_condition", "forecast_plus_1h"]
        for key in gone { #expect(components[key] == ["platform": "sensor"], "\(key)") }
        #expect(components["forecast_day_0_high"] == after["cmps"]?["forecast_day_0_high"])
        #expect(components["temperature"] == after["cmps"]?["temperature"])
        #expect(announced["dev"] == after["dev"])
        // Announced again (the next start, a Home Assistant that was offline): still reduced,
        // the same bytes (the publisher builds the payload again on every connect).
        #expect(record.announcing(after) == announced)
        // Read back from state_dir: the same record.
        let reread = try #require(AnnouncedComponents(json: try JSONParser.parse(record.json.utf8Bytes)))
        #expect(reread == record)
        #expect(Set(record.removed.keys).isSuperset(of: gone) && record.removed["forecast_day_1_high"] == "sensor")
        // Turned on again: announced in full, no longer removed.
        #expect(record.announcing(before) == before)
        #expect(record.removed.isEmpty)
        #expect(AnnouncedComponents(json: ["announced": "x"]) == nil)
    }
}

extension HomeAssistantSlotsTests {
    @Test("the ha-template current sensor's attributes: the payload, or {} for a cleared topic (no Erroneous JSON)")
    func currentAttributes() throws {
        let template = "{{ value_json | tojson if value_json is defined and value_json is mapping else '{}' }}"
        let yaml = TemplateWeather.yaml(for: Tools.configuration().locations[0], configuration: Tools.configuration())
        #expect(yaml.contains(template))
        let rendered = try Tools.render([
            .init(template: template, valueJSON: nil), .init(template: template, valueJSON: "\"text\""),
            .init(template: template, valueJSON: "{\"condition\": \"rainy\"}"),
        ])
        #expect(rendered.count == 3 && rendered[0] == "{}" && rendered[1] == "{}")
        #expect(rendered.last.flatMap { try? JSONParser.parse(Array($0.utf8)) } == ["condition": "rainy"])
    }
}
