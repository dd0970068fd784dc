import Configuration
import Testing
import WireContract

/// `homeassistant.forecast_slots` (SPEC §6) and `mqtt.flat_topics` per kind (SPEC §3).
@Suite("Configuration: forecast slots and flat topics per kind")
struct ForecastSlotsSectionTests {
    static let two = """
        locations:
          - { id: home, latitude: 52.52, longitude: 13.405 }
          - { id: cabin, latitude: 61.1, longitude: 10.4 }
        """

    @Test("slots are read, clock hours sorted; the default location is the first unless named; none by default")
    func slots() throws {
        let yaml = "homeassistant:\n  forecast_slots:\n    days: 5\n    hours: 6\n    clock_hours: [18, 7]\n"
        let config = try ConfigTesting.parse(yaml + Self.two)
        #expect(config.homeAssistant.forecastSlots == ForecastSlots(days: 5, hours: 6, clockHours: [7, 18]))
        #expect(config.homeAssistant.slotsLocation == "home")
        let named = try ConfigTesting.parse(yaml + "    default_location: cabin\n" + Self.two)
        #expect(named.homeAssistant.slotsLocation == "cabin")
        #expect(try ConfigTesting.parse(ConfigTesting.minimal).homeAssistant.forecastSlots.isEmpty)
    }

    @Test("flat_topics: true is current alone, false none, a mapping per kind")
    func flatTopics() throws {
        #expect(try ConfigTesting.parse(ConfigTesting.minimal).mqtt.flatTopics == FlatTopicSettings())
        #expect(
            try ConfigTesting.parse(ConfigTesting.withMinimal("mqtt:\n  flat_topics: false")).mqtt.flatTopics == .off)
        let yaml = "mqtt:\n  flat_topics: { current: true, hourly: 48, daily: 7, outlook: true, air_quality: true }"
        #expect(
            try ConfigTesting.parse(ConfigTesting.withMinimal(yaml)).mqtt.flatTopics
                == FlatTopicSettings(current: true, outlook: true, airQuality: true, hourly: 48, daily: 7))
    }

    @Test(
        "a wrong value is exit 78 naming the key and its line",
        arguments: [
            ("homeassistant:\n  forecast_slots:\n    days: 8", 3, "homeassistant.forecast_slots.days must be 0…7"),
            ("homeassistant:\n  forecast_slots:\n    hours: 48", 3, "homeassistant.forecast_slots.hours must be 0…47"),
            ("homeassistant:\n  forecast_slots:\n    clock_hours: [7, 24]", 3, "clock_hours[1] must be 0…23"),
            ("homeassistant:\n  forecast_slots:\n    clock_hours: [7, 7]", 3, "clock_hours lists 7 twice"),
            ("homeassistant:\n  forecast_slots:\n    clock_hours: 7", 3, "must be a list of hours"),
            (
                "homeassistant:\n  forecast_slots:\n    default_location: lake", 3,
                "must be one of the locations' ids (home, cabin)"
            ),
            ("homeassistant:\n  forecast_slots:\n    day: 3", 3, "did you mean 'days'"),
            ("mqtt:\n  flat_topics:\n    hourly: 49", 3, "mqtt.flat_topics.hourly must be at most forecast.hours (48)"),
            ("mqtt:\n  flat_topics:\n    daily: 8", 3, "mqtt.flat_topics.daily must be at most forecast.days (7)"),
            ("mqtt:\n  flat_topics:\n    minutely: true", 3, "unknown key 'minutely' in mqtt.flat_topics"),
            ("mqtt:\n  flat_topics: yes", 2, "mqtt.flat_topics must be true or false"),
        ])
    func wrong(_ yaml: String, _ line: Int, _ message: String) throws {
        let error = try #require(ConfigTesting.error(yaml + "\n" + Self.two))
        #expect(error.description.contains(message), "\(error.description)")
        #expect(error.line == line, "\(error.description)")
    }
}
