import Foundation
import Testing

@testable import WeatherModel

@Suite("Days from hours")
struct DayBuilderTests {
    let newYork = ZoneInfo(identifier: "America/New_York")!

    /// An hourly reading at `iso` (UTC) with the given values.
    func hour(_ iso: String, _ configure: (inout Reading) -> Void = { _ in }) -> Reading {
        var reading = Reading(time: ISO8601.date(iso)!)
        configure(&reading)
        return reading
    }

    @Test("hours fall into the location's local days, in order, also when given out of order")
    func bucketsInLocalTime() {
        // 03:00Z–06:00Z is 22:00–01:00 in New York (UTC−5): two hours on the 6th, two on the 7th.
        let hours = ["2026-02-07T05:00:00Z", "2026-02-07T03:00:00Z", "2026-02-07T06:00:00Z", "2026-02-07T04:00:00Z"]
            .enumerated().map { index, iso in hour(iso) { $0.temperature = Double(index) } }
        let days = DayBuilder.days(from: hours, intervalMinutes: 60, zone: newYork)
        #expect(days.map(\.date.description) == ["2026-02-06", "2026-02-07"])
        #expect(days[0].temperatureMin == 1 && days[0].temperatureMax == 3)
        #expect(days[1].temperatureMin == 0 && days[1].temperatureMax == 2)
    }

    @Test("extremes, sums per step length, means and the speed-weighted mean bearing")
    func aggregates() throws {
        let hours = [
            hour("2026-02-07T15:00:00Z") {
                $0.temperature = -2; $0.precipitation = 1.5; $0.humidity = 60; $0.windBearing = 350; $0.windSpeed = 10
                $0.uvIndex = 1
            },
            hour("2026-02-07T18:00:00Z") {
                $0.temperature = 4; $0.precipitation = 0.5; $0.humidity = 80; $0.windBearing = 20; $0.windSpeed = 10
                $0.precipitationProbability = 40
            },
            hour("2026-02-07T21:00:00Z") {
                $0.temperature = 1; $0.windBearing = 180; $0.windSpeed = 0
            },
        ]
        let day = try #require(DayBuilder.days(from: hours, intervalMinutes: 180, zone: newYork).first)
        #expect(day.temperatureMax == 4 && day.temperatureMin == -2)
        #expect(day.precipitation == 6)  // (1.5 + 0.5) mm/h over 3-hour steps
        #expect(day.humidity == 70 && day.pressure == nil)
        #expect(day.precipitationProbability == 40 && day.uvIndex == 1)
        let bearing = try #require(day.windBearing)
        #expect(abs(bearing - 5) < 1, "north-ish, not the arithmetic mean 183 and barely moved by the calm hour")
    }

    @Test("the day's condition: daytime first, lasting storms over clouds, the earlier on a tie")
    func representative() throws {
        func day(_ conditions: [(Condition, Bool)]) throws -> Day {
            let hours = conditions.enumerated().map { index, pair in
                hour("2026-02-07T\(10 + index):00:00Z") {
                    $0.condition = pair.0
                    $0.isDay = pair.1
                }
            }
            return try #require(DayBuilder.days(from: hours, intervalMinutes: 60, zone: .utc).first)
        }
        #expect(try day([(.snowy, false), (.snowy, false), (.cloudy, true), (.cloudy, true)]).condition == .cloudy)
        #expect(
            try day([(.cloudy, true), (.cloudy, true), (.cloudy, true), (.rainy, true), (.rainy, true)]).condition
                == .rainy)
        #expect(
            try day([(.cloudy, true), (.cloudy, true), (.cloudy, true), (.rainy, true), (.cloudy, true)]).condition
                == .cloudy, "one rainy hour among five does not make the day rainy")
        // snowy and pouring weigh the same: the one that came first stands for the day, every run.
        let tie = try day([(.snowy, true), (.pouring, true), (.pouring, true), (.snowy, true), (.cloudy, true)])
        #expect(tie.condition == .snowy && tie.summary == Condition.snowy.summary)
        let reversed = try day([(.pouring, true), (.snowy, true), (.snowy, true), (.pouring, true), (.cloudy, true)])
        #expect(reversed.condition == .pouring)
    }

    @Test("the most common precipitation type wins; on a tie, the first seen")
    func precipitationType() {
        #expect(DayBuilder.mostCommon([PrecipitationType.snow, .rain, .rain]) == .rain)
        #expect(DayBuilder.mostCommon([PrecipitationType.snow, .rain, .rain, .snow]) == .snow)
        #expect(DayBuilder.mostCommon([PrecipitationType.sleet, .hail, .rain, .snow]) == .sleet)
        #expect(DayBuilder.mostCommon([PrecipitationType]()) == nil)
    }

    @Test("filling keeps what the provider's day said and fills only what it left out")
    func filling() throws {
        let hours = [
            hour("2026-02-07T15:00:00Z") {
                $0.humidity = 50; $0.pressure = 1010; $0.temperature = 3
            },
            hour("2026-02-07T16:00:00Z") {
                $0.humidity = 70; $0.pressure = 1020; $0.temperature = 5
            },
        ]
        var provided = Day(date: CivilDate(year: 2026, month: 2, day: 7))
        provided.temperatureMax = 9
        provided.pressure = 1000
        let filled = try #require(
            DayBuilder.filling([provided], from: hours, intervalMinutes: 60, zone: newYork).first)
        #expect(filled.temperatureMax == 9 && filled.pressure == 1000)
        #expect(filled.humidity == 60)
        #expect(filled.temperatureMin == nil, "a provider's own extremes are not mixed with the hours'")
    }
}
