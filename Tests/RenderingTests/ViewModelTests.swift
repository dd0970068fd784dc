import Foundation
import Rendering
import Testing
import WeatherModel

@Suite("View model")
struct ViewModelTests {
    typealias F = ViewModelFixtures

    @Test("hours already over are dropped and the hour containing now reads Now")
    func pastHoursDropped() throws {
        let model = try F.model("munich-full", now: "2026-02-07T18:30:00+01:00")
        #expect(model.hours.count == 46)
        #expect(model.hours[0].label == "Now")
        #expect(model.hours[0].time == F.date("2026-02-07T18:00:00+01:00"))
        #expect(model.hours[1].label == "7 PM")
    }

    @Test("an hour that has not begun is labelled with its time, not Now")
    func futureFirstHour() throws {
        let model = try F.model("munich-full", now: "2026-02-07T15:30:00+01:00")
        #expect(model.hours.count == 48)
        #expect(model.hours[0].label == "4 PM")
    }

    @Test("a whole hour list in the past leaves no hours")
    func allHoursOver() throws {
        let model = try F.model("munich-full", now: "2026-02-12T12:00:00+01:00")
        #expect(model.hours.isEmpty)
    }

    @Test("days before today are dropped; Today, Tomorrow, then weekday names")
    func dayLabels() throws {
        let model = try F.model("munich-full", now: "2026-02-08T10:00:00+01:00")
        #expect(model.days.first?.date == CivilDate(year: 2026, month: 2, day: 8))
        #expect(model.days.map(\.label) == ["Today", "Tomorrow", "Tuesday", "Wednesday", "Thursday", "Friday"])
        #expect(model.days.map(\.shortLabel).prefix(3) == ["Today", "Tmrw", "Tue"])
        #expect(model.todayForecast?.date == CivilDate(year: 2026, month: 2, day: 8))
    }

    @Test("today is the location's day, not UTC's")
    func todayInLocationZone() throws {
        // 03:00 UTC on the 7th is still the evening of the 6th in New York.
        let model = try F.model("newyork", now: "2026-02-07T03:00:00Z")
        #expect(model.today == CivilDate(year: 2026, month: 2, day: 6))
        #expect(model.days.first?.label == "Today")
        #expect(model.zone.identifier == "America/New_York")
    }

    @Test("age comes from the payload's own time: as of 16:15, then 2 h old, then stale")
    func ageEscalation() throws {
        func model(_ now: String) throws -> WeatherViewModel {
            try F.model("munich-full", now: now) { document in
                for kind in ["current", "hourly", "daily", "alerts"] {
                    document.set(kind + ".fetched_at", "2026-02-07T19:45:00+01:00")
                    document.set(kind + ".expires_at", "2026-02-07T20:00:00+01:00")
                }
            }
        }
        let fresh = try model("2026-02-07T16:40:00+01:00")
        #expect(fresh.freshness.level == .fresh)
        #expect(fresh.freshness.text == "as of 4:15 PM")
        #expect(fresh.freshness.asOf == F.date("2026-02-07T16:15:00+01:00"))

        let old = try model("2026-02-07T18:20:00+01:00")
        #expect(old.freshness.level == .old)
        #expect(old.freshness.text == "2 h old")

        // Past expires_at, but by less than the refresh interval (15 min): the bridge may be
        // fetching right now, so not stale yet.
        let due = try model("2026-02-07T20:05:00+01:00")
        #expect(due.freshness.level == .old)

        let expired = try model("2026-02-07T20:20:00+01:00")
        #expect(expired.freshness.level == .stale)
        #expect(expired.freshness.text == "stale, 4 h old")
        #expect(expired.freshness.reasons == ["expired at 8:00 PM"])
    }

    @Test("the bridge's status stale or error makes fresh-looking data stale")
    func statusStale() throws {
        for state in ["stale", "error"] {
            let model = try F.model("munich-full", now: "2026-02-07T16:20:00+01:00") { document in
                document.set("status.state", .string(state))
            }
            #expect(model.freshness.isStale, "\(state)")
            #expect(model.freshness.text == "stale, as of 4:15 PM")
        }
        let waiting = try F.model("munich-full", now: "2026-02-07T16:20:00+01:00") { $0.set("status.state", "waiting") }
        #expect(!waiting.freshness.isStale)
    }

    @Test("as of uses the reading's time when it is older than the fetch")
    func asOfReadingTime() throws {
        let model = try F.model("newyork", now: "2026-02-06T23:35:00-05:00")
        #expect(model.freshness.asOf == F.date("2026-02-06T16:30:00-05:00"))
        #expect(model.freshness.text == "7 h old")
    }

    @Test("values are converted from the declared units for display")
    func unitConversion() throws {
        let metric = try F.model("munich-full", now: "2026-02-07T16:20:00+01:00")
        #expect(metric.formatter.temperature(metric.current?.values.temperature) == "8.5°C")
        let imperial = try F.model("munich-full", now: "2026-02-07T16:20:00+01:00", units: .imperial)
        #expect(imperial.formatter.temperature(imperial.current?.values.temperature) == "47.3°F")
        #expect(imperial.formatter.speed(imperial.current?.values.windSpeed) == "3 mph")
        #expect(imperial.formatter.pressure(imperial.current?.values.pressure) == "30.01 inHg")

        // A payload written in °F and mph reads back in canonical units.
        let fahrenheit = try F.model("munich-full", now: "2026-02-07T16:20:00+01:00") { document in
            document.set("current.units.temperature", "°F")
            document.set("current.units.wind_speed", "mph")
            document.set("current.temperature", 47.3)
            document.set("current.wind_speed", 10)
        }
        let values = try #require(fahrenheit.current?.values)
        #expect(abs((values.temperature ?? 0) - 8.5) < 0.01)
        #expect(abs((values.windSpeed ?? 0) - 16.09) < 0.01)
        #expect(fahrenheit.units.temperature == .fahrenheit)
    }

    @Test("alerts that expired are dropped, the most severe first")
    func alerts() throws {
        let model = try F.model("munich-full", now: "2026-02-07T16:20:00+01:00")
        #expect(model.alerts.map(\.title) == ["Severe gale gusts", "Frost"])
        #expect(model.alerts.first?.severity == .severe)
    }

    @Test("missing payloads leave their parts empty")
    func missingPayloads() throws {
        var payloads = F.payloads("munich-full")
        payloads.current = nil
        payloads.status = nil
        let model = try WeatherViewModel(payloads: payloads, now: F.date("2026-02-07T16:20:00+01:00"))
        #expect(model.current == nil)
        #expect(!model.hours.isEmpty)
        #expect(model.freshness.asOf == F.date("2026-02-07T16:15:00+01:00"))
        let empty = try WeatherViewModel(payloads: LocationPayloads(location: "x"), now: Date())
        #expect(!empty.hasWeather)
        #expect(empty.freshness.text == "")
    }

    @Test("formatter rounds as the unit deserves and never prints -0")
    func numbers() {
        #expect(ValueFormatter.number(-0.04, decimals: 1) == "0.0")
        #expect(ValueFormatter.number(-0.4, decimals: 0) == "0")
        #expect(ValueFormatter.number(-1.25, decimals: 1) == "-1.3")
        #expect(ValueFormatter.number(2.5, decimals: 0) == "3")
        #expect(ValueFormatter.number(1e300, decimals: 1) == "1e+300")
        let formatter = ValueFormatter(units: .metric, asciiOnly: true)
        #expect(formatter.temperature(-0.2, decimals: 0) == "0C")
    }
}
