import Foundation
import Testing

@testable import WeatherModel

/// Issue 22: a forecast is kept for every hour of a week per location, so what one hour costs
/// is pinned here (a size, which does not vary from run to run).
@Suite("Compact readings")
struct CompactReadingTests {
    @Test("an hour, a day, a nowcast step and an air sample take no more than their values need")
    func strides() {
        #expect(MemoryLayout<Reading>.stride <= 152)
        #expect(MemoryLayout<Day>.stride <= 184)
        #expect(MemoryLayout<NowcastStep>.stride <= 32)
        #expect(MemoryLayout<AirQualitySample>.stride <= 144)
    }

    @Test("nil, zeros, infinities and NaN read back exactly as stored")
    func roundTrip() {
        var reading = Reading(time: Date(timeIntervalSince1970: 0))
        #expect(reading.temperature == nil)
        for value in [0.0, -0.0, 21.5, -273.15, .infinity, -.infinity, .greatestFiniteMagnitude] {
            reading.temperature = value
            #expect(reading.temperature?.bitPattern == value.bitPattern)
        }
        reading.temperature = .nan
        #expect(reading.temperature?.isNaN == true)
        reading.temperature = nil
        #expect(reading.temperature == nil)
        var day = Day(date: CivilDate(year: 2026, month: 1, day: 15))
        #expect(day.sunrise == nil)
        day.sunrise = Date(timeIntervalSince1970: 1_768_460_000.25)
        #expect(day.sunrise == Date(timeIntervalSince1970: 1_768_460_000.25))
        day.sunrise = nil
        #expect(day.sunrise == nil)
    }

    @Test("equality compares the optional values: nil equals nil, a NaN equals nothing")
    func equality() {
        let base = Reading(time: Date(timeIntervalSince1970: 0))
        var other = base
        #expect(base == other)
        other.windGust = 0
        #expect(base != other)
        other.windGust = nil
        #expect(base == other)
        var nan = base
        nan.pressure = .nan
        #expect(nan != nan)
        #expect(NowcastStep(time: base.time, intensity: nil) != NowcastStep(time: base.time, intensity: 0))
    }

    @Test("a forecast keeps its hours and days without the slack that appending leaves")
    func exactCapacity() {
        var hours: [Reading] = []
        for hour in 0..<193 { hours.append(Reading(time: Date(timeIntervalSince1970: Double(hour) * 3600))) }
        #expect(hours.capacity > 193 + 193 / 16)
        let forecast = Forecast(current: hours[0], hours: hours)
        #expect(forecast.hours == hours)
        #expect(forecast.hours.capacity <= 193 + 193 / 16)
    }
}
