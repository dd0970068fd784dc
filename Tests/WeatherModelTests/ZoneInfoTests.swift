import Foundation
import Testing
import WeatherModel

@Suite("ZoneInfo")
struct ZoneInfoTests {
    /// (zone, instant, offset in seconds east of UTC); transitions checked with Python's zoneinfo.
    @Test(
        "offsets on both sides of every transition",
        arguments: [
            // Europe/Berlin 2026: CET -> CEST 2026-03-29 01:00Z, back 2026-10-25 01:00Z.
            ("Europe/Berlin", "2026-01-15T12:00:00Z", 3600), ("Europe/Berlin", "2026-03-29T00:59:59Z", 3600),
            ("Europe/Berlin", "2026-03-29T01:00:00Z", 7200), ("Europe/Berlin", "2026-10-25T00:59:59Z", 7200),
            ("Europe/Berlin", "2026-10-25T01:00:00Z", 3600),
            // America/New_York 2026: EST -> EDT 2026-03-08 07:00Z, back 2026-11-01 06:00Z.
            ("America/New_York", "2026-03-08T06:59:59Z", -18000), ("America/New_York", "2026-03-08T07:00:00Z", -14400),
            ("America/New_York", "2026-11-01T05:59:59Z", -14400), ("America/New_York", "2026-11-01T06:00:00Z", -18000),
            // Asia/Kolkata: +05:30 all year.
            ("Asia/Kolkata", "2026-01-01T00:00:00Z", 19800), ("Asia/Kolkata", "2026-07-01T00:00:00Z", 19800),
            // Australia/Adelaide, southern summer time: +10:30 until 2026-04-04 16:30Z, +09:30 until 2026-10-03 16:30Z.
            ("Australia/Adelaide", "2026-01-15T00:00:00Z", 37800),
            ("Australia/Adelaide", "2026-04-04T16:29:59Z", 37800),
            ("Australia/Adelaide", "2026-04-04T16:30:00Z", 34200),
            ("Australia/Adelaide", "2026-07-01T00:00:00Z", 34200),
            ("Australia/Adelaide", "2026-10-03T16:29:59Z", 34200),
            ("Australia/Adelaide", "2026-10-03T16:30:00Z", 37800),
            ("Australia/Adelaide", "2026-12-31T23:59:59Z", 37800),
            // Asia/Kathmandu: +05:45.
            ("Asia/Kathmandu", "2026-06-01T00:00:00Z", 20700),
            // America/St_Johns: -03:30 / -02:30.
            ("America/St_Johns", "2026-01-15T12:00:00Z", -12600), ("America/St_Johns", "2026-07-15T12:00:00Z", -9000),
        ])
    func offsets(identifier: String, at text: String, offset: Int) {
        #expect(zone(identifier).offset(at: instant(text)) == offset)
    }

    /// 2040 is past the last transition a TZif file lists (2037 at the latest), so these come
    /// from the POSIX rule in the file's footer.
    @Test(
        "far-future offsets follow the footer rule",
        arguments: [
            ("Europe/Berlin", "2040-03-25T00:59:59Z", 3600), ("Europe/Berlin", "2040-03-25T01:00:00Z", 7200),
            ("Europe/Berlin", "2040-10-28T00:59:59Z", 7200), ("Europe/Berlin", "2040-10-28T01:00:00Z", 3600),
            ("America/New_York", "2040-03-11T06:59:59Z", -18000), ("America/New_York", "2040-03-11T07:00:00Z", -14400),
            ("America/New_York", "2040-11-04T05:59:59Z", -14400), ("America/New_York", "2040-11-04T06:00:00Z", -18000),
            ("Australia/Adelaide", "2040-01-01T00:00:00Z", 37800),
            ("Australia/Adelaide", "2040-03-31T16:29:59Z", 37800),
            ("Australia/Adelaide", "2040-03-31T16:30:00Z", 34200),
            ("Australia/Adelaide", "2040-10-06T16:29:59Z", 34200),
            ("Australia/Adelaide", "2040-10-06T16:30:00Z", 37800),
            ("Asia/Kolkata", "2040-06-01T00:00:00Z", 19800), ("Asia/Kathmandu", "2040-06-01T00:00:00Z", 20700),
            ("Europe/Berlin", "2099-07-01T00:00:00Z", 7200), ("Europe/Berlin", "2099-12-01T00:00:00Z", 3600),
        ])
    func footer(identifier: String, at text: String, offset: Int) {
        #expect(zone(identifier).offset(at: instant(text)) == offset)
    }

    @Test("the wall clock and the local date")
    func civil() {
        let berlin = zone("Europe/Berlin")
        let local = berlin.civil(instant("2026-03-29T01:00:00Z"))
        #expect(local.date == CivilDate(year: 2026, month: 3, day: 29))
        #expect(local.hour == 3 && local.minute == 0 && local.second == 0)
        // 04:30Z on the 7th is still the 6th in New York, already the 7th in Kolkata.
        #expect(zone("America/New_York").localDate(instant("2026-02-07T04:30:00Z")).description == "2026-02-06")
        #expect(zone("Asia/Kolkata").localDate(instant("2026-02-06T18:45:00Z")).description == "2026-02-07")
    }

    @Test(
        "local -> UTC is the one instant outside overlaps, and the same wall clock in them",
        arguments: [
            "Europe/Berlin", "America/New_York", "Australia/Adelaide", "Asia/Kolkata", "Asia/Kathmandu", "UTC",
        ])
    func localToUTC(identifier: String) {
        let zone = zone(identifier)
        var mismatches: [String] = []
        // Every 7 hours through 2026 and 2040.
        for start in [instant("2026-01-01T00:00:00Z"), instant("2040-01-01T00:00:00Z")] {
            for step in 0..<(366 * 24 / 7) {
                let date = start.addingTimeInterval(Double(step) * 7 * 3600)
                let wall = zone.civil(date)
                // Within an hour of a transition the wall clock may name two instants.
                let before = zone.offset(at: date.addingTimeInterval(-3600))
                let nearTransition = before != zone.offset(at: date.addingTimeInterval(3600))
                if nearTransition ? zone.civil(zone.date(wall)) != wall : zone.date(wall) != date {
                    mismatches.append("\(date)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test("a wall-clock time in an overlap (fall back) is the earlier instant")
    func overlap() {
        // 02:30 on 2026-10-25 happens twice in Berlin: 00:30Z (CEST) and 01:30Z (CET).
        let local = CivilDateTime(date: CivilDate(year: 2026, month: 10, day: 25), hour: 2, minute: 30)
        #expect(zone("Europe/Berlin").date(local) == instant("2026-10-25T00:30:00Z"))
        // 01:30 on 2026-11-01 happens twice in New York: 05:30Z (EDT) and 06:30Z (EST).
        let newYork = CivilDateTime(date: CivilDate(year: 2026, month: 11, day: 1), hour: 1, minute: 30)
        #expect(zone("America/New_York").date(newYork) == instant("2026-11-01T05:30:00Z"))
    }

    /// 02:30 on 2026-03-29 does not exist in Berlin. Like Java's `ZonedDateTime`, Python's
    /// `zoneinfo` (fold 0) and `mktime`, the time moves forward by the gap: 03:30 CEST, 01:30Z.
    @Test("a wall-clock time in a gap (spring forward) moves forward by the gap")
    func gap() {
        let berlin = zone("Europe/Berlin")
        let local = CivilDateTime(date: CivilDate(year: 2026, month: 3, day: 29), hour: 2, minute: 30)
        let resolved = berlin.date(local)
        #expect(resolved == instant("2026-03-29T01:30:00Z"))
        let wall = berlin.civil(resolved)
        #expect(wall.date == local.date && wall.hour == 3 && wall.minute == 30)
    }

    /// Where clocks skip midnight (Cuba, Lebanon, Egypt, Chile), the day starts at 01:00, and
    /// never on the day before.
    @Test(
        "the start of a day whose midnight is skipped is on that day",
        arguments: [
            ("America/Havana", "2026-03-08", "2026-03-08T05:00:00Z"),
            ("Asia/Beirut", "2026-03-29", "2026-03-28T22:00:00Z"),
            ("Africa/Cairo", "2026-04-24", "2026-04-23T22:00:00Z"),
            ("America/Santiago", "2026-09-06", "2026-09-06T04:00:00Z"),
        ])
    func midnightGap(identifier: String, day: String, expected: String) throws {
        let zone = zone(identifier)
        let date = try #require(CivilDate(iso: day))
        let start = zone.startOfDay(date)
        #expect(zone.localDate(start) == date)
        #expect(start == instant(expected))
    }

    @Test("the start of an ordinary day is local midnight")
    func startOfDay() {
        #expect(
            zone("Europe/Berlin").startOfDay(CivilDate(year: 2026, month: 3, day: 29))
                == instant("2026-03-28T23:00:00Z"))
        #expect(
            zone("Asia/Kolkata").startOfDay(CivilDate(year: 2026, month: 2, day: 7)) == instant("2026-02-06T18:30:00Z"))
        #expect(
            zone("America/New_York").startOfDay(CivilDate(year: 2026, month: 11, day: 1))
                == instant("2026-11-01T04:00:00Z"))
    }

    @Test("UTC and its aliases", arguments: ["UTC", "GMT", "Etc/UTC"])
    func utc(identifier: String) throws {
        let zone = try #require(ZoneInfo(identifier: identifier))
        #expect(zone.offset(at: instant("2026-07-01T00:00:00Z")) == 0)
    }

    @Test("fixed offsets")
    func fixed() {
        let zone = ZoneInfo(fixed: 19800)
        #expect(zone.identifier == "+05:30")
        #expect(zone.offset(at: instant("2040-01-01T00:00:00Z")) == 19800)
        #expect(ZoneInfo(fixed: -12600).identifier == "-03:30")
    }

    @Test(
        "unknown zones and names that try to leave the tz folder are nil",
        arguments: [
            "", "Mars/Olympus_Mons", "Europe/Berlinn", "../etc/passwd", "/etc/passwd", "Europe/../../etc/passwd",
            "Europe/..", "..", ".", "Europe", "Europe/", "zone.tab", "leapseconds", "Europe/Berlin\u{0}",
            "Europe\\Berlin",
            String(repeating: "A", count: 300), "Europe/Berlin ", "Europe/Berlin/x",
        ])
    func unknown(identifier: String) {
        #expect(ZoneInfo(identifier: identifier) == nil)
    }

    @Test("truncated or corrupted TZif data never traps")
    func hostileTZif() throws {
        let data = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin"))
        let bytes = [UInt8](data)
        #expect(ZoneInfo(tzif: bytes, identifier: "Europe/Berlin") != nil)
        for length in 0..<bytes.count {
            let zone = ZoneInfo(tzif: Array(bytes.prefix(length)), identifier: "cut")
            _ = zone?.offset(at: instant("2026-01-01T00:00:00Z"))
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var corrupted = bytes
            for _ in 0..<4 { corrupted[Int.random(in: 0..<corrupted.count, using: &generator)] = .random(in: 0...255) }
            let zone = ZoneInfo(tzif: corrupted, identifier: "corrupted")
            _ = zone?.offset(at: instant("2040-07-01T00:00:00Z"))
            _ = zone?.date(CivilDateTime(date: CivilDate(year: 2030, month: 3, day: 31), hour: 2, minute: 30))
        }
        #expect(ZoneInfo(tzif: Array("TZif2".utf8) + [UInt8](repeating: 0xFF, count: 60), identifier: "x") == nil)
        #expect(ZoneInfo(tzif: [], identifier: "x") == nil)
    }
}
