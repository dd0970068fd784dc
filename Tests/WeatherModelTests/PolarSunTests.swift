import Foundation
import Testing
import WeatherModel
import WireContract

/// Sunrise and sunset where the sun sets after local midnight or not at all (NOAA's
/// convention: a day's sunset is the one that follows its sunrise, even on the next date).
@Suite("Sun near the poles")
struct PolarSunTests {
    static let fairbanks = LocationInfo(
        id: "fairbanks", name: "Fairbanks", latitude: 64.8378, longitude: -147.7164, timezone: "America/Anchorage")
    static let tromso = LocationInfo(
        id: "tromso", name: "Tromsø", latitude: 69.6496, longitude: 18.956, timezone: "Europe/Oslo")

    @Test("Fairbanks on 21 June: sunrise 02:57, sunset 00:47 the next calendar date (timeanddate.com)")
    func fairbanksSolstice() throws {
        let times = Sun.riseAndSet(
            on: CivilDate(iso: "2026-06-21")!, latitude: Self.fairbanks.latitude,
            longitude: Self.fairbanks.longitude, zone: zone("America/Anchorage"))
        let rise = try #require(times.sunrise)
        let set = try #require(times.sunset)
        #expect(abs(rise.timeIntervalSince(instant("2026-06-21T02:57:00-08:00"))) <= 300, "sunrise \(rise)")
        #expect(abs(set.timeIntervalSince(instant("2026-06-22T00:47:00-08:00"))) <= 300, "sunset \(set)")
        #expect(set > rise)
    }

    @Test("every day of the year in Fairbanks and Tromsø: a sunset follows its sunrise within a day, or there is none")
    func wholeYear() {
        for place in [Self.fairbanks, Self.tromso] {
            let zone = zone(place.timezone!)
            for offset in 0..<366 {
                let day = CivilDate(iso: "2026-01-01")!.adding(days: offset)
                let times = Sun.riseAndSet(on: day, latitude: place.latitude, longitude: place.longitude, zone: zone)
                if let rise = times.sunrise {
                    #expect(zone.localDate(rise) == day, "\(place.name) \(day)")
                    if let set = times.sunset {
                        #expect(set > rise && set.timeIntervalSince(rise) < 86400, "\(place.name) \(day)")
                    }
                } else {
                    #expect(times.sunset == nil, "\(place.name) \(day): a sunset without a sunrise")
                }
            }
        }
    }

    static func builder(_ place: LocationInfo, now: Date) -> PayloadBuilder {
        PayloadBuilder(
            location: place, zone: zone(place.timezone!), provider: "test", attribution: nil, fetchedAt: now,
            expiresAt: now, units: .metric)
    }

    @Test("a provider's sunset before its sunrise (the evening before) is replaced by the one that follows")
    func providerSunsetBeforeSunrise() throws {
        let now = instant("2026-06-21T12:00:00-08:00")
        var day = Day(date: CivilDate(iso: "2026-06-21")!)
        day.sunrise = instant("2026-06-21T02:58:00-08:00")
        day.sunset = instant("2026-06-21T00:46:00-08:00")  // the previous evening's, as published today
        let forecast = Forecast(current: Reading(time: now), hours: [], days: [day])
        let payloads = Self.builder(Self.fairbanks, now: now).payloads(for: forecast, now: now)
        let published = try #require(payloads.daily["days"]?[0])
        #expect(published["sunrise"]?.string == "2026-06-21T02:58:00-08:00")
        let sunset = try #require(published["sunset"]?.string)
        #expect(sunset.hasPrefix("2026-06-22T00:4"), "\(sunset)")
        #expect(payloads.current["sunset"]?.string == sunset)
    }

    @Test(
        "Tromsø in polar night and midnight sun: sunrise and sunset null, is_day follows the sun",
        arguments: [
            ("2026-12-15T12:00:00+01:00", false), ("2026-06-21T00:30:00+02:00", true),
        ])
    func tromsoPolar(time: String, isDay: Bool) throws {
        let now = instant(time)
        var day = Day(date: zone("Europe/Oslo").localDate(now))
        // A provider's placeholders for a day without sunrise: midnight to midnight.
        day.sunrise = zone("Europe/Oslo").startOfDay(day.date)
        day.sunset = zone("Europe/Oslo").startOfDay(day.date.adding(days: 1))
        let forecast = Forecast(current: Reading(time: now), hours: [Reading(time: now)], days: [day])
        let payloads = Self.builder(Self.tromso, now: now).payloads(for: forecast, now: now)
        #expect(payloads.daily["days"]?[0]?["sunrise"] == .null)
        #expect(payloads.daily["days"]?[0]?["sunset"] == .null)
        #expect(payloads.current["sunrise"] == .null)
        #expect(payloads.current["is_day"]?.bool == isDay)
        #expect(payloads.hourly["hours"]?[0]?["is_day"]?.bool == isDay)
    }
}
