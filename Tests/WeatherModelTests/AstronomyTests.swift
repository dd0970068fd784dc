import Foundation
import Testing
import WeatherModel

@Suite("Sun and Moon")
struct AstronomyTests {
    struct Place: Sendable, CustomTestStringConvertible {
        var name: String
        var latitude: Double
        var longitude: Double
        var zone: String
        var testDescription: String { name }
    }

    static let berlin = Place(name: "Berlin", latitude: 52.52, longitude: 13.405, zone: "Europe/Berlin")
    static let newYork = Place(name: "New York", latitude: 40.7128, longitude: -74.006, zone: "America/New_York")
    static let sydney = Place(name: "Sydney", latitude: -33.8688, longitude: 151.2093, zone: "Australia/Sydney")
    static let tromso = Place(name: "Tromsø", latitude: 69.6496, longitude: 18.956, zone: "Europe/Oslo")

    /// Published times (timeanddate.com / NOAA's solar calculator), local wall clock.
    @Test(
        "sunrise and sunset within 3 minutes of the published times",
        arguments: [
            (berlin, "2026-06-21", "2026-06-21T04:43:00+02:00", "2026-06-21T21:33:00+02:00"),
            (berlin, "2026-12-21", "2026-12-21T08:15:00+01:00", "2026-12-21T15:54:00+01:00"),
            (newYork, "2026-06-21", "2026-06-21T05:25:00-04:00", "2026-06-21T20:31:00-04:00"),
            (newYork, "2026-12-21", "2026-12-21T07:17:00-05:00", "2026-12-21T16:32:00-05:00"),
            (sydney, "2026-06-21", "2026-06-21T07:00:00+10:00", "2026-06-21T16:54:00+10:00"),
            (sydney, "2026-12-21", "2026-12-21T05:41:00+11:00", "2026-12-21T20:05:00+11:00"),
        ])
    func riseAndSet(place: Place, day: String, sunrise: String, sunset: String) throws {
        let date = try #require(CivilDate(iso: day))
        let times = Sun.riseAndSet(
            on: date, latitude: place.latitude, longitude: place.longitude, zone: zone(place.zone))
        let rise = try #require(times.sunrise)
        let set = try #require(times.sunset)
        #expect(abs(rise.timeIntervalSince(instant(sunrise))) <= 180, "sunrise \(rise)")
        #expect(abs(set.timeIntervalSince(instant(sunset))) <= 180, "sunset \(set)")
    }

    @Test(
        "polar night in Tromsø: no sunrise, no sunset; midnight sun: neither", arguments: ["2026-12-15", "2026-06-21"])
    func polar(day: String) throws {
        let date = try #require(CivilDate(iso: day))
        let place = Self.tromso
        let times = Sun.riseAndSet(
            on: date, latitude: place.latitude, longitude: place.longitude, zone: zone(place.zone))
        #expect(times.sunrise == nil)
        #expect(times.sunset == nil)
    }

    @Test("Tromsø in March has both, on that local day")
    func tromsoMarch() throws {
        let date = CivilDate(year: 2026, month: 3, day: 20)
        let place = Self.tromso
        let oslo = zone(place.zone)
        let times = Sun.riseAndSet(on: date, latitude: place.latitude, longitude: place.longitude, zone: oslo)
        let rise = try #require(times.sunrise)
        let set = try #require(times.sunset)
        #expect(oslo.localDate(rise) == date && oslo.localDate(set) == date)
        #expect(rise < set)
    }

    @Test(
        "day at local noon, night at local midnight",
        arguments: [
            (berlin, "2026-06-21T12:00:00+02:00", true), (berlin, "2026-06-21T00:00:00+02:00", false),
            (berlin, "2026-12-21T12:00:00+01:00", true), (berlin, "2026-12-21T00:00:00+01:00", false),
            (newYork, "2026-02-06T12:00:00-05:00", true), (newYork, "2026-02-06T23:30:00-05:00", false),
            (sydney, "2026-06-21T12:00:00+10:00", true), (sydney, "2026-06-21T00:00:00+10:00", false),
            (tromso, "2026-12-15T12:00:00+01:00", false), (tromso, "2026-06-21T00:00:00+02:00", true),
        ])
    func isDay(place: Place, at text: String, expected: Bool) {
        #expect(Sun.isDay(at: instant(text), latitude: place.latitude, longitude: place.longitude) == expected)
    }

    @Test("the sun is highest near solar noon and lowest near solar midnight")
    func elevation() {
        let place = Self.berlin
        let noon = Sun.elevation(
            at: instant("2026-06-21T11:08:00Z"), latitude: place.latitude, longitude: place.longitude)
        // 90° − 52.52° + 23.44° ≈ 60.9° at the summer solstice.
        #expect(abs(noon - 60.9) < 0.5)
        let midnight = Sun.elevation(
            at: instant("2026-06-20T23:08:00Z"), latitude: place.latitude, longitude: place.longitude)
        #expect(abs(midnight - -14.0) < 0.5)
    }

    @Test(
        "known new moons are within 0.03 of 0 (or 1)",
        arguments: [
            "2024-04-08T18:21:00Z", "2017-08-21T18:30:00Z", "2026-02-17T12:01:00Z",
        ])
    func newMoon(text: String) {
        let phase = Moon.phase(at: instant(text))
        #expect(min(phase, 1 - phase) <= 0.03, "\(phase)")
    }

    @Test(
        "known full moons are within 0.03 of 0.5",
        arguments: [
            "2022-11-08T11:02:00Z", "2025-03-14T06:55:00Z", "2026-03-03T11:38:00Z", "2000-01-21T04:40:00Z",
        ])
    func fullMoon(text: String) {
        #expect(abs(Moon.phase(at: instant(text)) - 0.5) <= 0.03)
    }

    @Test("the phase stays in 0..<1 for every day from 1950 to 2100, and grows day by day")
    func phaseRange() {
        var date = instant("1950-01-01T00:00:00Z")
        var outside = 0
        var backwards = 0
        var previous = Moon.phase(at: date)
        while date < instant("2100-01-01T00:00:00Z") {
            date = date.addingTimeInterval(86400)
            let phase = Moon.phase(at: date)
            if !(0..<1).contains(phase) { outside += 1 }
            // The phase grows by about 0.034 a day and wraps once a month.
            if phase < previous && previous - phase < 0.9 { backwards += 1 }
            previous = phase
        }
        #expect(outside == 0)
        #expect(backwards == 0)
    }
}
