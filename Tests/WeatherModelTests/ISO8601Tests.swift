import Foundation
import Testing
import WeatherModel

@Suite("ISO 8601")
struct ISO8601Tests {
    @Test(
        "instants are written with seconds and the zone's offset at that instant",
        arguments: [
            ("2026-11-22T13:03:12Z", "Europe/Berlin", "2026-11-22T14:03:12+01:00"),
            ("2026-07-01T12:00:00Z", "Europe/Berlin", "2026-07-01T14:00:00+02:00"),
            ("2026-03-29T01:00:00Z", "Europe/Berlin", "2026-03-29T03:00:00+02:00"),
            ("2026-02-07T04:30:00Z", "America/New_York", "2026-02-06T23:30:00-05:00"),
            ("2026-02-06T18:45:00Z", "Asia/Kolkata", "2026-02-07T00:15:00+05:30"),
            ("2026-01-15T13:45:00Z", "Australia/Adelaide", "2026-01-16T00:15:00+10:30"),
            ("2026-07-15T13:45:00Z", "Australia/Adelaide", "2026-07-15T23:15:00+09:30"),
            ("2026-06-01T00:00:00Z", "Asia/Kathmandu", "2026-06-01T05:45:00+05:45"),
            ("2026-01-15T12:00:00Z", "America/St_Johns", "2026-01-15T08:30:00-03:30"),
            ("2026-01-15T12:00:00Z", "UTC", "2026-01-15T12:00:00+00:00"),
            ("2040-07-01T00:00:00Z", "America/New_York", "2040-06-30T20:00:00-04:00"),
        ])
    func format(utc: String, identifier: String, expected: String) {
        #expect(ISO8601.string(instant(utc), in: zone(identifier)) == expected)
    }

    @Test("years before 1000, before year 0 and far ahead keep four digits and their sign")
    func paddedYears() {
        #expect(CivilDate(year: 987, month: 3, day: 4).description == "0987-03-04")
        #expect(CivilDate(year: -44, month: 3, day: 15).description == "-0044-03-15")
        #expect(CivilDate(year: 9999, month: 12, day: 31).description == "9999-12-31")
        #expect(CivilDate(year: 12345, month: 1, day: 1).description == "12345-01-01")
        #expect(ISO8601.string(Date(timeIntervalSince1970: 0), in: .utc) == "1970-01-01T00:00:00+00:00")
    }

    @Test("fractions of a second are cut, also before 1970")
    func fractions() {
        #expect(
            ISO8601.string(instant("2026-01-15T12:00:00Z").addingTimeInterval(0.999), in: .utc)
                == "2026-01-15T12:00:00+00:00")
        #expect(ISO8601.string(Date(timeIntervalSince1970: -0.5), in: .utc) == "1969-12-31T23:59:59+00:00")
    }

    @Test(
        "parsing offsets, Z, and fractions",
        arguments: [
            ("2026-11-22T14:03:12+01:00", "2026-11-22T13:03:12Z"), ("2026-11-22T13:03:12Z", "2026-11-22T13:03:12Z"),
            ("2026-11-22T13:03:12z", "2026-11-22T13:03:12Z"), ("2026-11-22T14:03:12+0100", "2026-11-22T13:03:12Z"),
            ("2026-11-22T14:03:12+01", "2026-11-22T13:03:12Z"), ("2026-11-22T08:33:12-04:30", "2026-11-22T13:03:12Z"),
            ("2026-02-07T00:15:00+05:30", "2026-02-06T18:45:00Z"),
            ("2026-06-01T05:45:00+05:45", "2026-06-01T00:00:00Z"),
            ("2026-11-22T13:03Z", "2026-11-22T13:03:00Z"), ("2026-11-22 13:03:12Z", "2026-11-22T13:03:12Z"),
            ("2026-11-22T24:00:00Z", "2026-11-23T00:00:00Z"), ("2026-11-22T13:03:12-00:00", "2026-11-22T13:03:12Z"),
        ])
    func parse(text: String, utc: String) {
        #expect(ISO8601.date(text) == instant(utc))
    }

    @Test("a fraction of a second is kept")
    func parseFraction() throws {
        let date = try #require(ISO8601.date("2026-11-22T13:03:12.25Z"))
        #expect(date.timeIntervalSince1970 == instant("2026-11-22T13:03:12Z").timeIntervalSince1970 + 0.25)
        let comma = try #require(ISO8601.date("2026-11-22T14:03:12,5+01:00"))
        #expect(comma.timeIntervalSince1970 == instant("2026-11-22T13:03:12Z").timeIntervalSince1970 + 0.5)
        let local = try #require(ISO8601.date("2026-11-22T14:03:12.75", zone: zone("Europe/Berlin")))
        #expect(local.timeIntervalSince1970 == instant("2026-11-22T13:03:12Z").timeIntervalSince1970 + 0.75)
    }

    @Test("a time without an offset is a wall-clock time in the given zone, UTC without one")
    func parseLocal() {
        #expect(ISO8601.date("2026-11-22T14:03") == instant("2026-11-22T14:03:00Z"))
        #expect(ISO8601.date("2026-11-22T14:03", zone: zone("Europe/Berlin")) == instant("2026-11-22T13:03:00Z"))
        #expect(ISO8601.date("2026-07-22T14:03:00", zone: zone("Europe/Berlin")) == instant("2026-07-22T12:03:00Z"))
        #expect(ISO8601.date("2026-02-06T23:00", zone: zone("America/New_York")) == instant("2026-02-07T04:00:00Z"))
        #expect(ISO8601.date("2026-01-16T00:15", zone: zone("Australia/Adelaide")) == instant("2026-01-15T13:45:00Z"))
        // An explicit offset wins over the zone.
        #expect(ISO8601.date("2026-11-22T14:03:00Z", zone: zone("Europe/Berlin")) == instant("2026-11-22T14:03:00Z"))
    }

    @Test(
        "garbage is nil",
        arguments: [
            "", "garbage", "2026-11-22", "2026-11-22T", "2026-11-22T14", "2026-11-22T14:0", "2026-11-22X14:03:12Z",
            "2026-11-22T25:00:00Z", "2026-11-22T14:60:00Z", "2026-11-22T14:03:61Z", "2026-11-22T14:03:1Z",
            "2026-11-22T14:03:12+24:00", "2026-11-22T14:03:12+01:60", "2026-11-22T14:03:12+1",
            "2026-11-22T14:03:12+123",
            "2026-11-22T14:03:12Zjunk", "2026-11-22T14:03:12 +01:00", "2026-11-22T14:03:12+01:00:00",
            "2026-13-22T14:03Z",
            "2026-11-32T14:03Z", "2026-11-22T-1:03Z", "２０２６-11-22T14:03Z", "T14:03:12Z", "14:03:12",
            "2026-11-22T14:03:12.+01:00x",
        ])
    func garbage(text: String) {
        #expect(ISO8601.date(text) == nil)
    }

    @Test("dates that do not exist are nil", arguments: ["2026-02-30T12:00:00Z", "2026-04-31T00:00:00+02:00"])
    func impossibleDates(text: String) {
        #expect(ISO8601.date(text) == nil)
    }

    @Test(
        "written instants read back, every 5 hours of a year",
        arguments: [
            "Europe/Berlin", "America/New_York", "Asia/Kolkata", "Australia/Adelaide", "Asia/Kathmandu",
            "America/St_Johns",
        ])
    func roundTrip(identifier: String) {
        let zone = zone(identifier)
        let start = instant("2026-01-01T00:30:17Z")
        var mismatches: [String] = []
        for step in 0..<(365 * 24 / 5) {
            let date = start.addingTimeInterval(Double(step) * 5 * 3600)
            let text = ISO8601.string(date, in: zone)
            if ISO8601.date(text) != date { mismatches.append(text) }
            if text.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$"#, options: .regularExpression)
                == nil
            {
                mismatches.append(text)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
