import Configuration
import FoundationEssentials
import Testing
import WeatherModel
import WireContract

@testable import Bridge

@Suite("Flat topics and slots: what a configuration publishes and what it clears")
struct FlatTopicPlanTests {
    static func plan(flat: FlatTopicSettings, slots: ForecastSlots = ForecastSlots()) -> FlatTopicPlan {
        var configuration = BridgeConfiguration(
            mqtt: MQTTSettings(baseTopic: "weather", flatTopics: flat),
            locations: [LocationSettings(id: "home", name: "Home", latitude: 52.5, longitude: 13.4)])
        configuration.homeAssistant.forecastSlots = slots
        return FlatTopicPlan(configuration: configuration)
    }

    @Test("a kind that is off publishes nothing; hourly and daily up to their entries")
    func publishes() {
        let plan = Self.plan(flat: FlatTopicSettings(current: false, hourly: 2))
        let hourly: JSONValue = ["hours": [["temperature": 1], ["temperature": 2], ["temperature": 3]]]
        #expect(
            plan.flatTopics("home", .hourly, hourly).map(\.topic) == [
                "weather/home/hourly/0/temperature", "weather/home/hourly/1/temperature",
            ])
        #expect(plan.flatTopics("home", .current, ["temperature": 1]).isEmpty)
        #expect(plan.flatTopics("home", .daily, ["days": [["temperature_max": 1]]]).isEmpty)
    }

    @Test("retained flat and slot topics the configuration no longer wants are cleared, nothing else")
    func clears() {
        let plan = Self.plan(flat: FlatTopicSettings(current: true, hourly: 2), slots: ForecastSlots(days: 1))
        let value = Array("7".utf8)
        for kept in [
            "weather/home/current/temperature", "weather/home/hourly/1/temperature", "weather/home/slots/day_0_high",
            "weather/home/current", "weather/bridge/state", "weather/stations/roof/state",
        ] {
            #expect(!plan.clears(kept, payload: value), "\(kept)")
        }
        for gone in [
            "weather/home/hourly/2/temperature", "weather/home/daily/0/temperature_max",
            "weather/home/outlook/tonight_low", "weather/home/slots/day_1_high", "weather/home/slots/plus_1h",
            "weather/cabin/current/temperature", "weather/cabin/slots/day_0_high",
        ] {
            #expect(plan.clears(gone, payload: value), "\(gone)")
        }
        #expect(!plan.clears("weather/cabin/current/temperature", payload: []))
    }
}
