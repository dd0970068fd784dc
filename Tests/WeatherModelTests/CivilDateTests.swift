import Testing
import WeatherModel

@Suite("CivilDate")
struct CivilDateTests {
    @Test(
        "days since the epoch of known dates (checked with Python's datetime)",
        arguments: [
            ("1970-01-01", 0, 4), ("2000-03-01", 11017, 3), ("2026-01-15", 20468, 4), ("0001-01-01", -719162, 1),
            ("9999-12-31", 2932896, 5), ("1600-02-29", -135081, 2), ("1900-01-01", -25567, 1), ("1969-12-31", -1, 3),
            ("2000-02-29", 11016, 2), ("2026-03-29", 20541, 0),
        ])
    func known(text: String, days: Int, weekday: Int) throws {
        let date = try #require(CivilDate(iso: text))
        #expect(date.daysSinceEpoch == days)
        #expect(CivilDate(daysSinceEpoch: days) == date)
        #expect(date.weekday == weekday)
        #expect(date.description == text)
    }

    @Test("days since the epoch round-trip over ±2 million days (about ±5 500 years)")
    func wideRoundTrip() {
        var days = -2_000_000
        while days <= 2_000_000 {
            let date = CivilDate(daysSinceEpoch: days)
            #expect(date.daysSinceEpoch == days)
            #expect((1...12).contains(date.month) && (1...31).contains(date.day))
            days += 997
        }
    }

    @Test("consecutive days from 1899 to 2101 are consecutive dates with consecutive weekdays")
    func everyDay() {
        var previous = CivilDate(year: 1899, month: 1, day: 1)
        var mismatches = 0
        for days in (previous.daysSinceEpoch + 1)...CivilDate(year: 2101, month: 12, day: 31).daysSinceEpoch {
            let date = CivilDate(daysSinceEpoch: days)
            let next =
                previous.day < daysIn(previous.year, previous.month)
                ? CivilDate(year: previous.year, month: previous.month, day: previous.day + 1)
                : previous.month < 12
                    ? CivilDate(year: previous.year, month: previous.month + 1, day: 1)
                    : CivilDate(year: previous.year + 1, month: 1, day: 1)
            if date != next || date.daysSinceEpoch != days || date.weekday != (previous.weekday + 1) % 7 {
                mismatches += 1
            }
            previous = date
        }
        #expect(mismatches == 0)
    }

    func daysIn(_ year: Int, _ month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    @Test("adding days crosses months, years and leap days")
    func adding() {
        #expect(CivilDate(year: 2024, month: 2, day: 28).adding(days: 1) == CivilDate(year: 2024, month: 2, day: 29))
        #expect(CivilDate(year: 2026, month: 2, day: 28).adding(days: 1) == CivilDate(year: 2026, month: 3, day: 1))
        #expect(CivilDate(year: 2026, month: 12, day: 31).adding(days: 1) == CivilDate(year: 2027, month: 1, day: 1))
        #expect(CivilDate(year: 2026, month: 1, day: 1).adding(days: -1) == CivilDate(year: 2025, month: 12, day: 31))
        #expect(CivilDate(year: 2100, month: 2, day: 28).adding(days: 1) == CivilDate(year: 2100, month: 3, day: 1))
    }

    @Test("dates order by year, month, day")
    func ordering() {
        #expect(CivilDate(year: 2026, month: 1, day: 31) < CivilDate(year: 2026, month: 2, day: 1))
        #expect(CivilDate(year: 2025, month: 12, day: 31) < CivilDate(year: 2026, month: 1, day: 1))
        #expect(!(CivilDate(year: 2026, month: 1, day: 1) < CivilDate(year: 2026, month: 1, day: 1)))
    }

    @Test(
        "descriptions are zero-padded",
        arguments: [
            (CivilDate(year: 987, month: 6, day: 5), "0987-06-05"),
            (CivilDate(year: 2026, month: 11, day: 22), "2026-11-22"),
        ])
    func description(date: CivilDate, text: String) {
        #expect(date.description == text)
    }

    @Test(
        "malformed dates are nil",
        arguments: [
            "", "2026", "2026-1-01", "2026-01-1", "26-01-01", "2026/01/01", "2026-00-10", "2026-13-01", "2026-01-00",
            "2026-01-32", "abcd-ef-gh", "２０２６-01-01", "+2026-01-01", "2026-0a-01",
        ])
    func malformed(text: String) {
        #expect(CivilDate(iso: text) == nil)
    }

    @Test(
        "days that no month has are nil",
        arguments: ["2026-02-29", "2026-02-30", "2024-02-30", "2026-04-31", "1900-02-29"])
    func impossibleDays(text: String) {
        #expect(CivilDate(iso: text) == nil)
    }

    @Test("text after the date is ignored")
    func trailing() {
        #expect(CivilDate(iso: "2026-02-06T23:00") == CivilDate(year: 2026, month: 2, day: 6))
    }

    @Test(
        "wall-clock times from seconds, including before the epoch",
        arguments: [
            (Int64(0), "1970-01-01", 0, 0, 0), (-1, "1969-12-31", 23, 59, 59), (86399, "1970-01-01", 23, 59, 59),
            (-86400, "1969-12-31", 0, 0, 0), (1_774_746_000, "2026-03-29", 1, 0, 0),
        ])
    func dateTimes(seconds: Int64, date: String, hour: Int, minute: Int, second: Int) {
        let value = CivilDateTime(secondsAsIfUTC: seconds)
        #expect(value.date.description == date)
        #expect([value.hour, value.minute, value.second] == [hour, minute, second])
        #expect(value.secondsAsIfUTC == seconds)
    }
}
