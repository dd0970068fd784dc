import MQTTClient
import Testing

@Suite("Topic filters")
struct TopicFilterTests {
    @Test(
        "matching follows the MQTT rules",
        arguments: [
            ("weather/home/current", "weather/home/current", true),
            ("weather/home/current", "weather/home/hourly", false),
            ("weather/+/current", "weather/home/current", true),
            ("weather/+/current", "weather/home/current/temperature", false),
            ("weather/+", "weather/", true),
            ("weather/#", "weather", true),
            ("weather/#", "weather/home/current/temperature", true),
            ("weather/#", "weathers/home", false),
            ("#", "weather/home", true),
            ("#", "$SYS/broker/uptime", false),
            ("+/broker/uptime", "$SYS/broker/uptime", false),
            ("$SYS/#", "$SYS/broker/uptime", true),
            ("+/+", "a/b", true),
            ("+/+", "a/b/c", false),
            ("+", "/a", false),
            ("/+", "/a", true),
            ("a/b", "a/b/", false),
            ("homeassistant/status", "homeassistant/status", true),
            ("weather/#/x", "weather/a/x", false),
            ("weather/a+", "weather/a+", false),
            ("a/b", "a/+", false),
        ])
    func matches(filter: String, topic: String, expected: Bool) {
        #expect(MQTTTopicFilter.matches(filter: filter, topic: topic) == expected)
    }

    @Test("filter and topic validity")
    func validity() {
        #expect(MQTTTopicFilter.isValidFilter("a/+/#"))
        #expect(MQTTTopicFilter.isValidFilter("#"))
        #expect(!MQTTTopicFilter.isValidFilter(""))
        #expect(!MQTTTopicFilter.isValidFilter("a/#/b"))
        #expect(!MQTTTopicFilter.isValidFilter("a/b#"))
        #expect(!MQTTTopicFilter.isValidFilter("a/+b"))
        #expect(MQTTTopicFilter.isValidTopic("weather/home/current"))
        #expect(!MQTTTopicFilter.isValidTopic("weather/+/current"))
        #expect(!MQTTTopicFilter.isValidTopic("weather/#"))
        #expect(!MQTTTopicFilter.isValidTopic(""))
    }
}
