import FoundationEssentials
import Testing
import WeatherModel
import WireContract

@Suite("Forecast slots: values from the payloads, a clock and the location's zone")
struct ForecastSlotsTests {
    /// An hourly payload of `count` hours from `start`, `temperature` = the index, conditions
    /// cycling, times written in `zone` as the bridge writes them.
    static func hourly(from start: Date, count: Int, zone: ZoneInfo) -> JSONValue {
        let conditions = ["sunny", "cloudy", "rainy"]
        let hours: [JSONValue] = (0..<count).map { index in
            [
                "time": .string(ISO8601.string(start.addingTimeInterval(Double(index) * 3600), in: zone)),
                "temperature": .number(Double(index) + 0.5), "condition": .string(conditions[index % 3]),
            ]
        }
        return ["interval_minutes": 60, "hours": .array(hours)]
    }

    static func daily(from date: CivilDate, count: Int) -> JSONValue {
        let days: [JSONValue] = (0..<count).map { index in
            [
                "date": .string(date.adding(days: index).description), "temperature_max": .number(Double(20 + index)),
                "temperature_min": .number(Double(10 + index)), "condition": index == 1 ? .null : "sunny",
            ]
        }
        return ["days": .array(days)]
    }

    static func utc(_ text: String) -> Date { ISO8601.date(text)! }

    func texts(_ slots: ForecastSlots, hourly: JSONValue, daily: JSONValue, now: Date, zone: ZoneInfo) -> [String:
        String]
    {
        var result: [String: String] = [:]
        for (key, text) in slots.texts(hourly: hourly, daily: daily, now: now, zone: zone) { result[key] = text ?? "" }
        return result
    }

    @Test("the keys ESPHomeDesigner reads, in order")
    func keys() {
        let slots = ForecastSlots(days: 2, hours: 2, clockHours: [7, 18])
        #expect(
            slots.values.map(\.key) == [
                "day_0_high", "day_0_low", "day_0_condition", "day_1_high", "day_1_low", "day_1_condition",
                "plus_1h", "plus_1h_condition", "plus_2h", "plus_2h_condition", "hour_0700", "hour_0700_condition",
                "hour_1800", "hour_1800_condition",
            ])
        #expect(ForecastSlots().values.isEmpty && ForecastSlots().isEmpty)
    }

    @Test(
        "Europe/Berlin's last Sunday of October: plus_1h is the next hour, hour_0200 the second 02:00 once the first ended"
    )
    func berlinFallBack() throws {
        let zone = try #require(ZoneInfo(identifier: "Europe/Berlin"))
        let start = Self.utc("2026-10-24T20:00:00Z")
        let hourly = Self.hourly(from: start, count: 48, zone: zone)
        let daily = Self.daily(from: CivilDate(year: 2026, month: 10, day: 24), count: 7)
        let slots = ForecastSlots(days: 2, hours: 2, clockHours: [2, 23])

        // 23:30 CEST on Saturday: one minute before... the day boundary is 22:00 UTC.
        var now = Self.utc("2026-10-24T21:30:00Z")
        #expect(ForecastSlots.nextHour(after: now, zone: zone) == Self.utc("2026-10-24T22:00:00Z"))
        var values = texts(slots, hourly: hourly, daily: daily, now: now, zone: zone)
        #expect(values["day_0_high"] == "20" && values["day_1_low"] == "11" && values["day_1_condition"] == "")
        #expect(values["plus_1h"] == "2.5" && values["plus_2h"] == "3.5" && values["plus_1h_condition"] == "rainy")
        #expect(values["hour_2300"] == "1.5")  // today's 23:00, the hour running

        // Past midnight local: Sunday is day 0, hour_2300 is Sunday's.
        now = Self.utc("2026-10-24T22:00:00Z")
        values = texts(slots, hourly: hourly, daily: daily, now: now, zone: zone)
        #expect(values["day_0_high"] == "21" && values["day_0_condition"] == "")
        #expect(values["plus_1h"] == "3.5")
        #expect(values["hour_2300"] == "26.5")  // 22:00 UTC on the 25th is 23:00 CET

        // 02:30 CEST: the first 02:00 is running; the clock changes at 01:00 UTC.
        now = Self.utc("2026-10-25T00:30:00Z")
        #expect(ForecastSlots.nextHour(after: now, zone: zone) == Self.utc("2026-10-25T01:00:00Z"))
        values = texts(slots, hourly: hourly, daily: daily, now: now, zone: zone)
        #expect(values["hour_0200"] == "4.5" && values["plus_1h"] == "5.5")
        // 02:00 CET, the second 02:00: plus_1h moved by one hour, hour_0200 is that hour.
        now = Self.utc("2026-10-25T01:00:01Z")
        values = texts(slots, hourly: hourly, daily: daily, now: now, zone: zone)
        #expect(values["hour_0200"] == "5.5" && values["plus_1h"] == "6.5")
        // Once it has ended, tomorrow's 02:00 (01:00 UTC on the 26th).
        now = Self.utc("2026-10-25T02:00:00Z")
        values = texts(slots, hourly: hourly, daily: daily, now: now, zone: zone)
        #expect(values["hour_0200"] == "29.5")
    }

    @Test("America/New_York on the first Sunday of November, and a zone half an hour off UTC")
    func newYorkAndKolkata() throws {
        let zone = try #require(ZoneInfo(identifier: "America/New_York"))
        let start = Self.utc("2026-11-01T04:00:00Z")  // 00:00 EDT
        let hourly = Self.hourly(from: start, count: 30, zone: zone)
        let daily = Self.daily(from: CivilDate(year: 2026, month: 11, day: 1), count: 3)
        let slots = ForecastSlots(days: 1, hours: 1, clockHours: [1])
        // 01:30 EDT, then 01:30 EST an hour later: hour_0100 follows the clock hour running.
        var values = texts(slots, hourly: hourly, daily: daily, now: Self.utc("2026-11-01T05:30:00Z"), zone: zone)
        #expect(values["hour_0100"] == "1.5" && values["plus_1h"] == "2.5" && values["day_0_high"] == "20")
        values = texts(slots, hourly: hourly, daily: daily, now: Self.utc("2026-11-01T06:30:00Z"), zone: zone)
        #expect(values["hour_0100"] == "2.5" && values["plus_1h"] == "3.5")
        // 23:59 EST and a minute later: the day moves at local midnight (05:00 UTC).
        #expect(
            ForecastSlots.nextHour(after: Self.utc("2026-11-02T04:59:00Z"), zone: zone)
                == Self.utc("2026-11-02T05:00:00Z"))
        values = texts(slots, hourly: hourly, daily: daily, now: Self.utc("2026-11-02T05:00:00Z"), zone: zone)
        #expect(values["day_0_high"] == "21")
        // Past the end of the hourly payload: no value.
        values = texts(slots, hourly: hourly, daily: daily, now: Self.utc("2026-11-02T09:30:00Z"), zone: zone)
        #expect(values["plus_1h"] == "" && values["hour_0100"] == "")

        let kolkata = try #require(ZoneInfo(identifier: "Asia/Kolkata"))
        #expect(
            ForecastSlots.nextHour(after: Self.utc("2026-11-02T10:00:00Z"), zone: kolkata)
                == Self.utc("2026-11-02T10:30:00Z"))
    }

    @Test("flat topics carry each entry's values as the JSON has them")
    func flatTopics() {
        let names = TopicNames(base: "weather")
        let zone = ZoneInfo.utc
        let hourly = Self.hourly(from: Self.utc("2026-12-07T10:00:00Z"), count: 3, zone: zone)
        let flat = FlatTopics.topics(names, location: "home", kind: .hourly, payload: hourly, entries: 2)
        #expect(flat.count == 6)
        for (index, entry) in (hourly["hours"]?.array ?? []).prefix(2).enumerated() {
            for field in ["time", "temperature", "condition"] {
                let topic = names.name(.field("home", .hourly, entry: index, field))
                #expect(flat.first(where: { $0.topic == topic })?.text == entry[field].flatMap(FlatTopics.text))
                #expect(names.parse(topic) == .field("home", .hourly, entry: index, field))
            }
        }
        let daily = Self.daily(from: CivilDate(year: 2026, month: 12, day: 7), count: 2)
        let days = FlatTopics.topics(names, location: "home", kind: .daily, payload: daily, entries: 7)
        #expect(days.first(where: { $0.topic == "weather/home/daily/1/condition" })?.text == "")
        #expect(days.first(where: { $0.topic == "weather/home/daily/1/temperature_max" })?.text == "21")
        let outlook: JSONValue = ["schema": 1, "tonight_low": 3.5, "next_24h": ["rain": 1]]
        #expect(
            FlatTopics.topics(names, location: "home", kind: .outlook, payload: outlook).map(\.topic) == [
                "weather/home/outlook/tonight_low"
            ])
        #expect(names.parse("weather/home/slots/day_0_high") == .slot("home", "day_0_high"))
        #expect(names.parse("weather/home/hourly/01/temperature") == nil)
        #expect(names.parse("weather/home/status/x") == nil)
        #expect(names.parse("weather/stations/roof/state") == .station("roof", .state))
    }
}
