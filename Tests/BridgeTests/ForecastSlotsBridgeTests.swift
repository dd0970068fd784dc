import Foundation
import TestSupport
import Testing
import WeatherModel
import WireContract

/// Flat topics and forecast slots end to end: the real executable, a real mosquitto, the
/// recorded New York answer, a clock that runs from WEATHER2MQTT_NOW.
@Suite("Flat topics and forecast slots end to end", .serialized)
struct ForecastSlotsBridgeTests {
    static let every = """
          flat_topics: { current: true, hourly: 48, daily: 7, outlook: true, nowcast: true, air_quality: true }
        homeassistant:
          forecast_slots: { days: 7, hours: 12, clock_hours: [0, 7, 17, 23] }
        forecast: { hours: 48, days: 7 }
        """

    static func start() throws -> (TestBroker, FixtureServer, TemporaryFolder) {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try server.route("/v1/forecast", [.file(BridgeEndToEndTests.newYorkFixture)])
        return (broker, server, TemporaryFolder())
    }

    /// Every flat and slot topic the retained JSON payloads say there should be, with its text
    /// (a null: no topic), as of `now` in New York.
    static func expected(_ retained: [String: String], now: Date) throws -> [String: String] {
        func json(_ kind: String) throws -> JSONValue {
            try JSONParser.parse(Array((retained["weather/nyc/" + kind] ?? "null").utf8))
        }
        let names = TopicNames(base: "weather")
        var result: [String: String] = [:]
        for kind in [LocationTopic.current, .outlook, .nowcast] {
            for flat in FlatTopics.topics(names, location: "nyc", kind: kind, payload: try json(kind.rawValue)) {
                result[flat.topic] = flat.text
            }
        }
        let hourly = try json("hourly")
        let daily = try json("daily")
        for (kind, payload, count) in [(LocationTopic.hourly, hourly, 48), (.daily, daily, 7)] {
            for flat in FlatTopics.topics(names, location: "nyc", kind: kind, payload: payload, entries: count) {
                result[flat.topic] = flat.text
            }
        }
        let zone = try #require(ZoneInfo(identifier: "America/New_York"))
        let slots = ForecastSlots(days: 7, hours: 12, clockHours: [0, 7, 17, 23])
        for (key, text) in slots.texts(hourly: hourly, daily: daily, now: now, zone: zone) {
            result[names.name(.slot("nyc", key))] = text ?? ""
        }
        return result.filter { !$0.value.isEmpty }
    }

    /// The retained flat and slot topics (everything below a payload's own topic).
    static func flat(_ retained: [String: String]) -> [String: String] {
        retained.filter {
            switch TopicNames(base: "weather").parse($0.key) {
            case .field, .slot: true
            default: false
            }
        }
    }

    @Test("run --once: every flat topic and slot equals the JSON's value; turned off, they are cleared")
    func flatTopicsEqualTheJSON() throws {
        let (broker, server, state) = try Self.start()
        let config = state.write(
            "config.yaml", BridgeEndToEndTests.config(broker: broker, server: server, state: state, extra: Self.every))
        let result = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": BridgeEndToEndTests.now])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let retained = try broker.retained("weather/#")
        let now = try #require(ISO8601.date(BridgeEndToEndTests.now))
        let expected = try Self.expected(retained, now: now)
        #expect(expected.count > 48 * 10, "\(expected.count)")
        #expect(expected["weather/nyc/slots/day_0_high"] != nil && expected["weather/nyc/slots/plus_1h"] != nil)
        let published = Self.flat(retained)
        for (topic, text) in expected where published[topic] != text {
            Issue.record("\(topic): published \(published[topic] ?? "nothing"), the JSON has \(text)")
        }
        #expect(Set(published.keys) == Set(expected.keys))

        // Off (the default: current alone, no slots): the others are cleared at the next run.
        let plain = state.write(
            "plain.yaml", BridgeEndToEndTests.config(broker: broker, server: server, state: state))
        let bridge = try BridgeProcess(
            ["run", "--config", plain], environment: ["WEATHER2MQTT_NOW": BridgeEndToEndTests.now])
        defer { bridge.terminate() }
        let cleared = try waitUntil(seconds: 20) {
            Self.flat(try broker.retained("weather/#")).keys.allSatisfy { $0.hasPrefix("weather/nyc/current/") }
        }
        #expect(
            cleared,
            "left: \(Self.flat((try? broker.retained("weather/#")) ?? [:]).keys.filter { !$0.contains("/current/") }.sorted().prefix(5))"
        )
        #expect(try broker.retained("weather/nyc/current/temperature")["weather/nyc/current/temperature"] == "-1.4")
        // Home Assistant removes the slots' entities: the device announces each slot component
        // reduced to its platform (the record of the first run, in state_dir, says which).
        let device = "homeassistant/device/weather2mqtt_nyc/config"
        let announced = try JSONParser.parse(Array((try broker.retained(device)[device] ?? "").utf8))
        let slots = (announced["cmps"]?.object ?? JSONObject()).filter { $0.key.hasPrefix("forecast_") }
        #expect(slots.count == 7 * 3 + 12 * 2 + 4 * 2, "\(slots.count) slot components")
        #expect(slots.allSatisfy { $0.value == ["platform": "sensor"] })
        #expect(announced["cmps"]?["temperature"]?["state_topic"] == "weather/nyc/current")
        let record = try JSONParser.parse(
            Array(try String(contentsOfFile: state.path + "/discovery.json", encoding: .utf8).utf8))
        #expect(record["locations"]?["nyc"]?["removed"]?["forecast_plus_1h"] == "sensor")
    }

    @Test("the slots and flat entries move at the hour and the day boundary in New York without a new forecast")
    func slotsMove() throws {
        let (broker, server, state) = try Self.start()
        let config = state.write(
            "config.yaml", BridgeEndToEndTests.config(broker: broker, server: server, state: state, extra: Self.every))
        // 23:59:57 in New York: the hour and the day end three seconds later.
        let start = "2026-02-07T04:59:57Z"
        let bridge = try BridgeProcess(["run", "--config", config], environment: ["WEATHER2MQTT_NOW": start])
        defer { bridge.terminate() }
        let firstDay = try waitUntil(seconds: 20) {
            try broker.retained("weather/nyc/daily/0/date")["weather/nyc/daily/0/date"] == "2026-02-06"
        }
        #expect(firstDay, "stderr: \(bridge.stderr)")
        let moved = try waitUntil(seconds: 20) {
            try broker.retained("weather/nyc/daily/0/date")["weather/nyc/daily/0/date"] == "2026-02-07"
        }
        #expect(moved, "stderr: \(bridge.stderr)")
        // After the boundary every slot and flat topic equals the JSON as of the new hour.
        let settled = try waitUntil(seconds: 10) {
            let retained = try broker.retained("weather/#")
            let now = try #require(ISO8601.date("2026-02-07T05:00:01Z"))
            return Self.flat(retained) == (try Self.expected(retained, now: now))
        }
        if !settled {
            let retained = try broker.retained("weather/#")
            let expected = try Self.expected(retained, now: try #require(ISO8601.date("2026-02-07T05:00:01Z")))
            let published = Self.flat(retained)
            let differing = Set(expected.keys).union(published.keys).filter { expected[$0] != published[$0] }.sorted()
            Issue.record(
                "not settled: \(differing.prefix(8).map { "\($0): \(published[$0] ?? "-") vs \(expected[$0] ?? "-")" })"
            )
        }
        let retained = try broker.retained("weather/nyc/slots/#")
        let hourly = try JSONParser.parse(
            Array((try broker.retained("weather/nyc/hourly")["weather/nyc/hourly"] ?? "").utf8))
        // plus_1h is 01:00 local, the second hour of the hourly payload now that hours[0] is 00:00.
        #expect(hourly["hours"]?[0]?["time"]?.string?.hasPrefix("2026-02-07T00:00") == true)
        #expect(retained["weather/nyc/slots/plus_1h"] == hourly["hours"]?[1]?["temperature"].flatMap(FlatTopics.text))
    }
}
