import Foundation
import Testing
import WeatherModel

@testable import Bridge

@Suite("A partial answer over the last good forecast")
struct PartialAnswerMergeTests {
    static let start = Date(timeIntervalSince1970: 1_792_620_000)

    static func reading(_ hour: Int, _ temperature: Double) -> Reading {
        var reading = Reading(time: start.addingTimeInterval(Double(hour) * 3600))
        reading.temperature = temperature
        return reading
    }

    static func day(_ day: Int, _ maximum: Double) -> Day {
        var value = Day(date: CivilDate(year: 2026, month: 10, day: 24 + day))
        value.temperatureMax = maximum
        return value
    }

    static let good = Forecast(
        current: reading(1, 10), hours: (0..<48).map { reading($0, 10) }, days: [day(0, 12), day(1, 13)])

    @Test("daily values only: new days; current and hours kept, the forecast still marked")
    func dailyOnly() {
        var answer = Forecast(
            current: Reading(time: Self.start), days: [Self.day(0, 15), Self.day(1, 16), Self.day(2, 17)])
        answer.lacking = [.current, .hourly]
        let merged = PartialAnswer.merged(answer, over: Self.good)
        #expect(merged.days == answer.days)
        #expect(merged.current == Self.good.current)
        #expect(merged.hours == Self.good.hours)
        #expect(merged.lacking == [.current, .hourly])
    }

    @Test("lacking daily: the earlier days stay; a whole answer replaces everything; nothing earlier: as it is")
    func otherDirections() {
        var answer = Forecast(current: Self.reading(2, 11), hours: [Self.reading(2, 11)], days: [Self.day(0, 1)])
        answer.lacking = .daily
        let merged = PartialAnswer.merged(answer, over: Self.good)
        #expect(merged.days == Self.good.days)
        #expect(merged.hours == answer.hours && merged.current == answer.current)

        answer.lacking = []
        #expect(PartialAnswer.merged(answer, over: Self.good) == answer)
        answer.lacking = .daily
        #expect(PartialAnswer.merged(answer, over: nil) == answer)
    }

    @Test("the archive keeps the mark across a restart")
    func archived() throws {
        var forecast = Self.good
        forecast.lacking = [.current, .hourly]
        let decoded = ForecastArchive.decodeForecast(ForecastArchive.encode(forecast))
        #expect(decoded?.lacking == [.current, .hourly])
        #expect(ForecastArchive.decodeForecast(ForecastArchive.encode(Self.good))?.lacking == [])
    }
}
