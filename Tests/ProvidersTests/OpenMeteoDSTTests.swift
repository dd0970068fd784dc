import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel
import WireContract

/// Open-Meteo answers that span a daylight-saving change, in both directions, north and south,
/// unixtime and ISO 8601 (built by `Tests/Fixtures/open-meteo/make_dst_fixtures.py` after the
/// live API's behaviour: every local time at the one offset valid when asked).
@Suite("Open-Meteo across a daylight-saving change")
struct OpenMeteoDSTTests {
    struct Case: Sendable, CustomStringConvertible {
        let file: String
        let zone: String
        let latitude: Double
        let longitude: Double
        /// The local date the answer was asked on (its first day).
        let asked: String
        var description: String { file }
    }

    static let cases: [Case] = ["unixtime", "iso8601"].flatMap { format in
        [
            Case(
                file: "dst_berlin_autumn_\(format).json", zone: "Europe/Berlin", latitude: 52.52, longitude: 13.41,
                asked: "2026-10-22"),
            Case(
                file: "dst_berlin_spring_\(format).json", zone: "Europe/Berlin", latitude: 52.52, longitude: 13.41,
                asked: "2026-03-26"),
            Case(
                file: "dst_sydney_autumn_\(format).json", zone: "Australia/Sydney", latitude: -33.87, longitude: 151.21,
                asked: "2026-04-02"),
            Case(
                file: "dst_sydney_spring_\(format).json", zone: "Australia/Sydney", latitude: -33.87, longitude: 151.21,
                asked: "2026-10-01"),
        ]
    }

    static func payloads(_ item: Case, file: String? = nil, now: Date) throws -> ReadingPayloads {
        let location = LocationInfo(
            id: "here", name: "Here", latitude: item.latitude, longitude: item.longitude, timezone: item.zone)
        let forecast = try OpenMeteo.decode(Fixtures.bytes("open-meteo", file ?? item.file), timezone: item.zone)
        let builder = PayloadBuilder(
            location: location, zone: ZoneInfo(identifier: item.zone)!, provider: "open-meteo", attribution: nil,
            fetchedAt: now, expiresAt: now.addingTimeInterval(900), units: .metric, hourLimit: 24, dayLimit: 7)
        return builder.payloads(for: forecast, now: now)
    }

    @Test("every day lands on its local date, every hour on its instant, sunrise on its day", arguments: cases)
    func landsRight(_ item: Case) throws {
        let zone = ZoneInfo(identifier: item.zone)!
        let first = CivilDate(iso: item.asked)!
        // The answer's first local midnight (before the change, so the zone's offset is the answer's).
        let start = zone.startOfDay(first)
        for step in stride(from: 0, to: 6 * 24, by: 5) {
            let now = start.addingTimeInterval(Double(step) * 3600 + 1234)
            let payloads = try Self.payloads(item, now: now)
            let today = zone.localDate(now)
            let days = payloads.daily["days"]?.array ?? []
            #expect(days.count == 7 - today.daysSinceEpoch + first.daysSinceEpoch, "\(now)")
            for (offset, day) in days.enumerated() {
                let date = today.adding(days: offset)
                let index = date.daysSinceEpoch - first.daysSinceEpoch
                #expect(day["date"]?.string == date.description, "\(item.file) at \(now)")
                #expect(day["temperature_max"]?.double == 10 + Double(index), "\(item.file) \(date)")
                // The answer's sunrise is 07:30 at the offset valid when asked.
                let sunrise = start.addingTimeInterval(Double(index) * 86400 + 27000)
                #expect(day["sunrise"]?.string == ISO8601.string(sunrise, in: zone), "\(item.file) \(date)")
            }
            let hour = try #require(payloads.hourly["hours"]?[0])
            let time = try #require(ISO8601.date(hour["time"]?.string ?? ""))
            #expect(time <= now && now < time.addingTimeInterval(3600), "\(item.file) at \(now)")
            let index = (time.timeIntervalSince(start) / 3600).rounded()
            #expect(hour["temperature"]?.double == (index * 0.1 * 10).rounded() / 10, "\(item.file) at \(now)")
        }
    }

    @Test("a week asked before the autumn change publishes seven distinct dates (the bug of open-meteo #1545)")
    func autumnWeek() throws {
        let item = Self.cases[0]
        let now = ISO8601.date("2026-10-22T08:15:00Z")!
        let dates = try Self.payloads(item, now: now).daily["days"]?.array?.compactMap { $0["date"]?.string }
        #expect(
            dates == ["2026-10-22", "2026-10-23", "2026-10-24", "2026-10-25", "2026-10-26", "2026-10-27", "2026-10-28"])
    }

    @Test("an answer without a current block publishes the hour that contains now as current")
    func noCurrentBlock() throws {
        let item = Self.cases[0]
        let now = ISO8601.date("2026-10-26T09:40:00Z")!  // 10:40 CET, after the change
        let payloads = try Self.payloads(item, file: "dst_berlin_autumn_unixtime_no_current.json", now: now)
        #expect(payloads.current["time"]?.string == "2026-10-26T10:00:00+01:00")
        // Hour index: 2026-10-26T09:00Z is 4 days + 11 h after 2026-10-21T22:00Z = 107.
        #expect(payloads.current["temperature"]?.double == 10.7)
        #expect(payloads.hourly["hours"]?[0]?["time"]?.string == "2026-10-26T10:00:00+01:00")
    }
}
