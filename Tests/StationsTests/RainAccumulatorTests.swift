import Foundation
import Stations
import Testing
import WeatherModel

@Suite("Rain today and rate")
struct RainAccumulatorTests {
    let berlin = ZoneCache.zone("Europe/Berlin")!

    /// An instant given as Berlin wall-clock time.
    func local(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Date {
        berlin.date(CivilDateTime(date: CivilDate(year: year, month: month, day: day), hour: hour, minute: minute))
    }

    func counter(_ millimetres: Double, wrap: Double? = nil) -> RainReport {
        RainReport(.counter, millimetres: millimetres, name: "rain_mm", wrap: wrap)
    }

    @Test("a counter's increases are rain; the first day is partial, the next whole")
    func counterDays() {
        var rain = RainAccumulator()
        rain.apply(counter(94.4), sensor: "", at: local(2026, 6, 1, 10), zone: berlin)
        // started mid-day: today is not wholly known
        #expect(rain.rainToday(at: local(2026, 6, 1, 10), zone: berlin) == nil)
        rain.apply(counter(95.4), sensor: "", at: local(2026, 6, 1, 23, 55), zone: berlin)
        // just after midnight, 0.6 mm more: the new day has it
        rain.apply(counter(96.0), sensor: "", at: local(2026, 6, 2, 0, 5), zone: berlin)
        #expect(near(rain.rainToday(at: local(2026, 6, 2, 0, 5), zone: berlin), 0.6))
        rain.apply(counter(97.2), sensor: "", at: local(2026, 6, 2, 8), zone: berlin)
        // 0.6 + (97.2 − 96.0) = 1.8 mm
        #expect(near(rain.rainToday(at: local(2026, 6, 2, 8), zone: berlin), 1.8))
        // the next midnight passes with no report: today is 0 so far
        #expect(rain.rainToday(at: local(2026, 6, 3, 1), zone: berlin) == 0)
    }

    @Test("a counter reset (battery change) loses nothing and invents nothing")
    func reset() {
        var rain = RainAccumulator()
        let start = local(2026, 6, 1, 0, 1)
        rain.apply(counter(0), sensor: "", at: start.addingTimeInterval(-120), zone: berlin)
        rain.apply(counter(2411.0), sensor: "", at: start, zone: berlin)  // a jump no rain makes
        #expect(rain.rainToday(at: start, zone: berlin) == 0)
        rain.apply(counter(2412.0), sensor: "", at: start.addingTimeInterval(600), zone: berlin)
        // battery change: the counter starts again at 0, and 0.5 mm fell before the first message
        rain.apply(counter(0.5), sensor: "", at: start.addingTimeInterval(1200), zone: berlin)
        rain.apply(counter(0.7), sensor: "", at: start.addingTimeInterval(1800), zone: berlin)
        // 1.0 + 0.5 + 0.2 = 1.7 mm, never negative
        #expect(near(rain.rainToday(at: start.addingTimeInterval(1800), zone: berlin), 1.7))
    }

    @Test("a wrapping 16-bit counter (WS90, 6553.6 mm) keeps counting")
    func wrap() {
        var rain = RainAccumulator()
        let start = local(2026, 6, 1, 0)
        rain.apply(counter(6553.0, wrap: 6553.6), sensor: "", at: start.addingTimeInterval(-60), zone: berlin)
        rain.apply(counter(6553.4, wrap: 6553.6), sensor: "", at: start.addingTimeInterval(60), zone: berlin)
        rain.apply(counter(0.3, wrap: 6553.6), sensor: "", at: start.addingTimeInterval(120), zone: berlin)
        // 0.4 + (6553.6 − 6553.4 + 0.3) = 0.4 + 0.5 = 0.9 mm
        #expect(near(rain.rainToday(at: start.addingTimeInterval(120), zone: berlin), 0.9, 1e-9))
    }

    @Test("rain today restarts at the location's midnight across a DST change and a restore")
    func dstAndRestore() throws {
        var rain = RainAccumulator()
        // 2026-10-25: Berlin goes from CEST (+02:00) to CET (+01:00); the day has 25 hours
        rain.apply(counter(10), sensor: "", at: local(2026, 10, 24, 23, 50), zone: berlin)
        rain.apply(counter(10), sensor: "", at: local(2026, 10, 25, 0, 2), zone: berlin)
        rain.apply(counter(11), sensor: "", at: local(2026, 10, 25, 2, 30), zone: berlin)
        // saved (the bridge writes it when `revision` changes) and restored after a restart
        let saved = rain.json.utf8Bytes
        var restored = try #require(RainAccumulator(json: try JSONParser.parse(saved)))
        #expect(restored == rain)
        restored.apply(counter(12.5), sensor: "", at: local(2026, 10, 25, 23, 30), zone: berlin)
        // 1 + 1.5 = 2.5 mm in the 25-hour day
        #expect(near(restored.rainToday(at: local(2026, 10, 25, 23, 59), zone: berlin), 2.5))
        // 00:00 CET on the 26th is 23:00 UTC on the 25th: the new day begins there, not at UTC midnight
        let midnight = local(2026, 10, 26, 0)
        #expect(midnight == Date(timeIntervalSince1970: 1_792_969_200))  // 2026-10-25T23:00:00Z
        restored.apply(counter(12.5), sensor: "", at: midnight.addingTimeInterval(30), zone: berlin)
        #expect(restored.rainToday(at: midnight.addingTimeInterval(30), zone: berlin) == 0)
    }

    @Test("the saved form gives back every part: a device's daily total, its reset, increments and the rate")
    func savedFormRoundTrip() throws {
        var rain = RainAccumulator()
        let start = local(2026, 6, 2, 0, 4)
        func daily(_ millimetres: Double) -> RainReport {
            RainReport(.dailyTotal, millimetres: millimetres, name: "drain")
        }
        rain.apply(daily(7.3), sensor: "ws90", at: start.addingTimeInterval(-600), zone: berlin)
        // the device's own midnight 4 minutes after the location's: its total is today's
        rain.apply(daily(0.1), sensor: "ws90", at: start, zone: berlin)
        rain.apply(daily(0.30000000000000004), sensor: "ws90", at: start.addingTimeInterval(61.25), zone: berlin)
        let restored = try #require(RainAccumulator(json: try JSONParser.parse(rain.json.utf8Bytes)))
        #expect(restored == rain)
        let later = start.addingTimeInterval(120)
        // 0.1 after the device's reset, then 0.2 more: exactly what was counted, to the last bit
        #expect(restored.rainToday(at: later, zone: berlin) == rain.rainToday(at: later, zone: berlin))
        #expect(near(restored.rainToday(at: later, zone: berlin), 0.3))
        #expect(restored.rate(at: start.addingTimeInterval(120)) == rain.rate(at: start.addingTimeInterval(120)))

        var tips = RainAccumulator()
        let increment = RainReport(.increment, millimetres: 0.254, name: "precip")
        tips.apply(increment, sensor: "", deviceTime: start, at: start, zone: berlin)
        let again = try #require(RainAccumulator(json: try JSONParser.parse(tips.json.utf8Bytes)))
        #expect(again == tips)
        // the same tip seen again (its device time) still counts once after a restore
        var copy = again
        copy.apply(increment, sensor: "", deviceTime: start, at: start.addingTimeInterval(5), zone: berlin)
        #expect(copy.revision == again.revision)
    }

    @Test("a rain file in the layout written before (Foundation's coders) still loads and counts on")
    func earlierLayout() throws {
        let time = local(2026, 6, 2, 8).timeIntervalSinceReferenceDate  // times: seconds since 2001-01-01
        let file = """
            {"day":"2026-06-02","total":1.8,"coversDay":true,"revision":7,"gauge":"|rain_mm","kind":"counter",\
            "last":97.2,"lastTime":\(time),"deviceMidnightMatches":false,\
            "recent":[{"time":\(time),"millimetres":1.2}]}
            """
        var rain = try #require(RainAccumulator(json: try JSONParser.parse(file)))
        #expect(rain.day == "2026-06-02" && rain.total == 1.8 && rain.coversDay && rain.revision == 7)
        rain.apply(counter(97.5), sensor: "", at: local(2026, 6, 2, 8, 10), zone: berlin)
        // 1.8 + (97.5 − 97.2) = 2.1 mm
        #expect(near(rain.rainToday(at: local(2026, 6, 2, 8, 10), zone: berlin), 2.1))
        // 1.2 mm at 8:00 and 0.3 mm at 8:10, within 15 minutes: (1.2 + 0.3) × 4 = 6 mm/h
        #expect(near(rain.rate(at: local(2026, 6, 2, 8, 10)), 6.0))
    }

    @Test(
        "a damaged rain file is no accumulator (the bridge starts the day partial), never a wrong one",
        arguments: [
            #"{"total":"1.8","coversDay":true,"revision":7,"deviceMidnightMatches":false,"recent":[]}"#,
            #"{"total":1.8,"coversDay":true,"revision":7,"deviceMidnightMatches":false}"#,
            #"{"total":1.8,"coversDay":true,"revision":7,"deviceMidnightMatches":false,"recent":[],"kind":"bucket"}"#,
            #"{"total":1.8,"coversDay":true,"revision":7,"deviceMidnightMatches":false,"recent":[{"time":1}]}"#,
            #"[1.8]"#,
        ])
    func damagedFile(text: String) throws {
        #expect(RainAccumulator(json: try JSONParser.parse(text)) == nil)
    }

    @Test("rain across a long gap over midnight cannot be split: today becomes partial, nothing invented")
    func gapOverMidnight() {
        var rain = RainAccumulator()
        rain.apply(counter(10), sensor: "", at: local(2026, 6, 1, 22), zone: berlin)
        rain.apply(counter(14), sensor: "", at: local(2026, 6, 2, 6), zone: berlin)
        #expect(rain.rainToday(at: local(2026, 6, 2, 6), zone: berlin) == nil)
        // a dry gap over midnight loses nothing: today is whole
        var dry = RainAccumulator()
        dry.apply(counter(10), sensor: "", at: local(2026, 6, 1, 22), zone: berlin)
        dry.apply(counter(10), sensor: "", at: local(2026, 6, 2, 6), zone: berlin)
        #expect(dry.rainToday(at: local(2026, 6, 2, 6), zone: berlin) == 0)
    }

    @Test("a device's daily total at midnight still holding yesterday's amount is not counted twice")
    func lateDeviceReset() {
        // WeatherLink Live issue 4: at 00:00:01 rainfall_daily is still 11 counts (2.2 mm)
        var rain = RainAccumulator()
        let daily = { (mm: Double) in RainReport(.dailyTotal, millimetres: mm, name: "rainfall_daily") }
        rain.apply(daily(2.2), sensor: "", at: local(2026, 7, 28, 23, 59), zone: berlin)
        rain.apply(daily(2.2), sensor: "", at: local(2026, 7, 29, 0, 0).addingTimeInterval(1), zone: berlin)
        #expect(rain.rainToday(at: local(2026, 7, 29, 0, 1), zone: berlin) == 0)
        rain.apply(daily(0), sensor: "", at: local(2026, 7, 29, 0, 0).addingTimeInterval(3), zone: berlin)
        rain.apply(daily(0.4), sensor: "", at: local(2026, 7, 29, 1), zone: berlin)
        #expect(near(rain.rainToday(at: local(2026, 7, 29, 1), zone: berlin), 0.4))
    }

    @Test("a device's own daily total is today's only where its midnight is the location's")
    func deviceMidnight() {
        let daily = { (mm: Double) in RainReport(.dailyTotal, millimetres: mm, name: "dailyrainin") }
        // The bridge was down from 22:00 to 00:05 while it rained: the gap cannot be split, but the
        // device reset at the location's midnight, so its 0.3 mm is today's.
        var matching = RainAccumulator()
        matching.apply(daily(3.0), sensor: "", at: local(2026, 6, 1, 22), zone: berlin)
        matching.apply(daily(0.3), sensor: "", at: local(2026, 6, 2, 0, 5), zone: berlin)
        #expect(matching.rainToday(at: local(2026, 6, 2, 0, 5), zone: berlin) == 0.3)
        // A device on UTC resets at 02:00 Berlin summer time: its total is not the location's day
        var utcDevice = RainAccumulator()
        utcDevice.apply(daily(3.0), sensor: "", at: local(2026, 6, 1, 22), zone: berlin)
        utcDevice.apply(daily(0.3), sensor: "", at: local(2026, 6, 2, 2, 10), zone: berlin)
        #expect(utcDevice.rainToday(at: local(2026, 6, 2, 2, 10), zone: berlin) == nil)
    }

    @Test("increments: a datagram seen twice counts once; a single tip is not a rate forever")
    func incrementsAndRate() {
        var rain = RainAccumulator()
        let start = local(2026, 6, 1, 0, 0)
        let tip = RainReport(.increment, millimetres: 0.254, name: "rain")
        let none = RainReport(.increment, millimetres: 0, name: "rain")
        func send(_ report: RainReport, _ seconds: Double, arrival: Double? = nil) {
            let time = start.addingTimeInterval(seconds)
            rain.apply(
                report, sensor: "", deviceTime: time, at: start.addingTimeInterval(arrival ?? seconds), zone: berlin)
        }
        send(none, -30)
        send(tip, 60)
        send(tip, 60, arrival: 61)  // the same datagram again
        #expect(near(rain.rainToday(at: start.addingTimeInterval(61), zone: berlin), 0.254))
        // a lone tip spreads over an hour: 0.254 mm/h, and 15 minutes later the rate is 0
        #expect(near(rain.rate(at: start.addingTimeInterval(120)), 0.254))
        #expect(rain.rate(at: start.addingTimeInterval(60 + 900)) == 0)
        send(none, 500)
        send(tip, 1000)
        send(tip, 1300)
        // steady rain: two tips in 15 minutes → (0.254 + 0.254) × 4 = 2.032 mm/h
        #expect(near(rain.rate(at: start.addingTimeInterval(1300)), 2.032))
        // 3 tips × 0.254 = 0.762 mm today
        #expect(near(rain.rainToday(at: start.addingTimeInterval(1300), zone: berlin), 0.762))
    }

    @Test("the followed gauge keeps its place; another takes over only after it has been silent")
    func gaugeSwitch() {
        var rain = RainAccumulator()
        let start = local(2026, 6, 1, 0, 0).addingTimeInterval(-60)
        rain.apply(counter(10), sensor: "a", at: start, zone: berlin)
        rain.apply(counter(500), sensor: "b", at: start.addingTimeInterval(30), zone: berlin)  // a neighbour's gauge
        rain.apply(counter(10.4), sensor: "a", at: start.addingTimeInterval(120), zone: berlin)
        #expect(near(rain.rainToday(at: start.addingTimeInterval(120), zone: berlin), 0.4))
        // "a" silent for more than 15 minutes: "b" is followed from here, today is no longer whole
        rain.apply(counter(501), sensor: "b", at: start.addingTimeInterval(120 + 901), zone: berlin)
        rain.apply(counter(501.5), sensor: "b", at: start.addingTimeInterval(120 + 961), zone: berlin)
        #expect(rain.rainToday(at: start.addingTimeInterval(120 + 961), zone: berlin) == nil)
    }

    @Test("revision changes with rain, not with every dry message")
    func revision() {
        var rain = RainAccumulator()
        let start = local(2026, 6, 1, 12)
        rain.apply(counter(5), sensor: "", at: start, zone: berlin)
        let baseline = rain.revision
        for minute in 1...30 {
            rain.apply(counter(5), sensor: "", at: start.addingTimeInterval(Double(minute) * 16), zone: berlin)
        }
        #expect(rain.revision == baseline)
        rain.apply(counter(5.3), sensor: "", at: start.addingTimeInterval(600), zone: berlin)
        #expect(rain.revision == baseline + 1)
    }
}
