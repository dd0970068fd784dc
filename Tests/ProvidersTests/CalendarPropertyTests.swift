import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel
import WireContract

/// For every recording of every provider (the table of `SchemaTests`) and many "now"s inside
/// it: `days` are consecutive local dates starting today, `hours[0]` contains now, and every
/// sunset is after its day's sunrise.
@Suite("Calendar properties of every recording")
struct CalendarPropertyTests {
    @Test(
        "days from today, consecutive; hours[0] contains now; sunset after sunrise", arguments: SchemaTests.recordings)
    func properties(recording: SchemaTests.Recording) throws {
        let forecast = try SchemaTests.decode(recording)
        var location = recording.location
        location.timezone = location.timezone ?? forecast.timezone
        let zone = SchemaTests.zone(location)
        let interval = Double(max(1, forecast.intervalMinutes) * 60)
        let times = forecast.hours.map(\.time).sorted()
        let dates = Set(forecast.days.map(\.date))
        // Every 97 minutes through the hours the recording covers, else a week from its current reading.
        let start = times.first ?? forecast.current.time
        let end =
            times.last.map { $0.addingTimeInterval(interval) } ?? forecast.current.time.addingTimeInterval(7 * 86400)
        var problems: [String] = []
        var now = start
        while now < end {
            defer { now = now.addingTimeInterval(97 * 60) }
            let builder = PayloadBuilder(
                location: location, zone: zone, provider: recording.provider, attribution: nil, fetchedAt: now,
                expiresAt: now.addingTimeInterval(900), units: .metric)
            let payloads = builder.payloads(for: forecast, now: now)
            let at = ISO8601.string(now, in: zone)
            if !times.isEmpty {
                if let first = payloads.hourly["hours"]?[0]?["time"]?.string.flatMap({ ISO8601.date($0) }) {
                    if !(first <= now && now < first.addingTimeInterval(interval)) {
                        problems.append("\(at): hours[0] is \(ISO8601.string(first, in: zone))")
                    }
                } else {
                    problems.append("\(at): no hours")
                }
            }
            let today = zone.localDate(now)
            let published = payloads.daily["days"]?.array ?? []
            if dates.contains(today) {
                for (offset, day) in published.enumerated()
                where day["date"]?.string != today.adding(days: offset).description {
                    problems.append("\(at): days[\(offset)] is \(day["date"]?.string ?? "nil")")
                }
                if published.isEmpty { problems.append("\(at): no days") }
            }
            for day in published + [payloads.current] {
                if let rise = day["sunrise"]?.string.flatMap({ ISO8601.date($0) }),
                    let set = day["sunset"]?.string.flatMap({ ISO8601.date($0) }), set <= rise
                {
                    problems.append(
                        "\(at): sunset \(day["sunset"]?.string ?? "") before sunrise \(day["sunrise"]?.string ?? "")")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(8).joined(separator: "\n"))")
    }
}
