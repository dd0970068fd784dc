import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel

/// SPEC §3 "Partial answers": what each provider publishes from an answer that is only partly
/// good, and what it refuses.
@Suite("Partial answers")
struct PartialAnswerTests {
    /// A recording with some top-level keys removed (what the provider answers when they are
    /// not asked for or the model has none).
    static func without(_ keys: [String], _ provider: String, _ file: String) throws -> [UInt8] {
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(Fixtures.bytes(provider, file))) as? [String: Any])
        for key in keys { object[key] = nil }
        return Array(try JSONSerialization.data(withJSONObject: object))
    }

    @Test("Open-Meteo, daily values only: the days, marked as lacking current and hourly")
    func openMeteoDailyOnly() throws {
        let body = Fixtures.bytes("open-meteo", "daily_only_berlin_autumn_unixtime.json")
        let forecast = try OpenMeteo.decode(body, timezone: "Europe/Berlin")
        let full = try OpenMeteo.decode(
            Fixtures.bytes("open-meteo", "dst_berlin_autumn_unixtime.json"), timezone: "Europe/Berlin")
        #expect(forecast.lacking == [.current, .hourly])
        #expect(forecast.hours.isEmpty)
        #expect(forecast.days.count == full.days.count && forecast.days.count >= 7)
        #expect(forecast.days.map(\.date) == full.days.map(\.date))
        #expect(forecast.days.map(\.temperatureMax) == full.days.map(\.temperatureMax))
        #expect(forecast.current.temperature == nil)
        #expect(full.lacking.isEmpty)
    }

    @Test("Open-Meteo and Pirate Weather refuse an answer with no current, hourly or daily values")
    func refusesEmpty() throws {
        let meteo = try Self.without(
            ["current", "current_units", "hourly", "hourly_units", "daily", "daily_units"], "open-meteo",
            "dst_berlin_autumn_unixtime.json")
        #expect(throws: ProviderError.invalidResponse("open-meteo: the answer has no current, hourly or daily values"))
        {
            _ = try OpenMeteo.decode(meteo)
        }
        let pirate = try Self.without(
            ["currently", "hourly", "daily", "minutely"], "pirateweather", "forecast_full_newyork_si_with_alerts.json")
        #expect(
            throws: ProviderError.invalidResponse("pirate-weather: the answer has no current, hourly or daily values")
        ) { _ = try PirateWeather.decode(pirate) }
    }

    @Test("Pirate Weather, daily values only: the days, marked as lacking current and hourly")
    func pirateDailyOnly() throws {
        let file = "forecast_full_newyork_si_with_alerts.json"
        let body = try Self.without(["currently", "hourly", "minutely"], "pirateweather", file)
        let forecast = try PirateWeather.decode(body)
        let full = try PirateWeather.decode(Fixtures.bytes("pirateweather", file))
        #expect(forecast.lacking == [.current, .hourly])
        #expect(forecast.days.count >= 7)
        #expect(forecast.days.map(\.date) == full.days.map(\.date))
        #expect(forecast.days.map(\.temperatureMax) == full.days.map(\.temperatureMax))
        #expect(forecast.alerts?.count == full.alerts?.count)
        #expect(full.lacking.isEmpty)
    }

    @Test("Open-Meteo answered in GMT for a Berlin location: the days are Berlin's, made from the hours")
    func openMeteoWrongZone() throws {
        let body = Fixtures.bytes("open-meteo", "gmt_answer_berlin_autumn_unixtime.json")
        let berlin = try #require(ZoneInfo(identifier: "Europe/Berlin"))
        let forecast = try OpenMeteo.decode(body, timezone: "Europe/Berlin")
        #expect(forecast.timezone == "Europe/Berlin")
        // Each whole Berlin day's maximum is the maximum of its hours.
        var checked = 0
        var differsFromGMT = false
        let gmtDays = try OpenMeteo.decode(body).days
        for day in forecast.days {
            let hours = forecast.hours.filter { berlin.localDate($0.time) == day.date }
            guard hours.count >= 23 else { continue }
            #expect(day.temperatureMax == hours.compactMap(\.temperature).max(), "\(day.date)")
            #expect(day.temperatureMin == hours.compactMap(\.temperature).min(), "\(day.date)")
            if gmtDays.first(where: { $0.date == day.date })?.temperatureMax != day.temperatureMax {
                differsFromGMT = true
            }
            checked += 1
        }
        #expect(checked >= 4)
        #expect(differsFromGMT, "the answer's own (GMT) days differ, so taking them would be wrong")
        #expect(forecast.days.contains { $0.sunrise != nil })
        for day in forecast.days {
            if let sunrise = day.sunrise { #expect(berlin.localDate(sunrise) == day.date) }
        }
    }

    @Test("Open-Meteo answered in GMT with daily values only: refused, saying why")
    func openMeteoWrongZoneDailyOnly() throws {
        let body = try Self.without(
            ["current", "current_units", "hourly", "hourly_units"], "open-meteo",
            "gmt_answer_berlin_autumn_unixtime.json")
        #expect(
            throws: ProviderError.invalidResponse(
                "open-meteo: the answer is for GMT, not Europe/Berlin (was `timezone` dropped on the way?), "
                    + "and has no hourly values to make Europe/Berlin's days from")
        ) { _ = try OpenMeteo.decode(body, timezone: "Europe/Berlin") }
    }
}
