import Stations
import Testing
import WeatherModel

@Suite("Generic MQTT fields")
struct GenericMQTTDecoderTests {
    let fields = [
        GenericField(target: .quantity(.temperature), path: ["temp_c"], unit: "°C"),
        GenericField(target: .quantity(.humidity), path: ["humidity"]),
        GenericField(target: .quantity(.windSpeed), path: ["wind_avg"], unit: "m/s"),
        GenericField(target: .quantity(.windGust), path: ["wind_gust"], unit: "m/s"),
        GenericField(target: .quantity(.windBearing), path: ["wind_dir"]),
        GenericField(target: .rain(.counter), path: ["rain"], unit: "mm"),
    ]

    @Test("a Bresser receiver's JSON: declared paths and units; its own corrupt daily total rejected")
    func bresserReceiver() throws {
        let payload = StationFixtures.bytes("diy", "bresser_receiver_corrupt_rain_issue202.json")
        let message = try GenericMQTTDecoder.decode(
            topic: "bresser/data", payload: payload, fields: fields, stationTopic: "bresser/data")
        #expect(message.values[.temperature] == 10.8)
        #expect(message.values[.humidity] == 96)
        // 3.6 m/s × 3.6 = 12.96 km/h; 3.7 m/s × 3.6 = 13.32 km/h
        #expect(near(message.values[.windSpeed], 12.96))
        #expect(near(message.values[.windGust], 13.32))
        #expect(message.rain == RainReport(.counter, millimetres: 994.6, name: "rain"))

        let daily = [GenericField(target: .rain(.dailyTotal), path: ["rain_d"], unit: "mm")]
        let corrupt = try GenericMQTTDecoder.decode(
            topic: "bresser/data", payload: payload, fields: daily, stationTopic: "bresser/data")
        var state = StationState()
        state.apply(corrupt, at: .at(0), elevation: nil, zone: .utc)
        // 22940.6 mm "today" is no rain a day can bring
        #expect(state.rejections["rain"]?.rejection.rule == .rainJump)
        #expect(state.rain.rainToday(at: .at(0), zone: .utc) == nil)
    }

    @Test("a bare number on its own topic, in °F; topic filters with + and #")
    func perTopic() throws {
        let field = GenericField(target: .quantity(.temperature), topic: "esphome/+/temperature", unit: "°F")
        let message = try GenericMQTTDecoder.decode(
            topic: "esphome/garden/temperature", payload: Array("68.5".utf8), fields: [field], stationTopic: nil)
        // 68.5 °F = (68.5 − 32) × 5/9 = 20.2778 °C
        #expect(near(message.values[.temperature], 20.277778, 1e-5))
        #expect(TopicFilter.matches("a/#", "a/b/c"))
        #expect(!TopicFilter.matches("a/+", "a/b/c"))
        #expect(throws: StationDecodeError.self) {
            try GenericMQTTDecoder.decode(topic: "other", payload: Array("1".utf8), fields: [field], stationTopic: nil)
        }
        let missing = try GenericMQTTDecoder.decode(
            topic: "esphome/garden/temperature", payload: Array("".utf8), fields: [field], stationTopic: nil)
        #expect(missing.values.isEmpty)
        #expect(!GenericField(target: .quantity(.temperature), unit: "furlongs").unitIsKnown)
    }
}
