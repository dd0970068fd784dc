import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel

@testable import Bridge

@Suite("State in state_dir")
struct StateStoreTests {
    @Test("a location's state survives a round trip through its file, forecast included")
    func roundTrip() throws {
        let folder = TemporaryFolder()
        let store = StateStore(directory: folder.path + "/state")
        let forecast = try OpenMeteo.decode(
            Fixtures.bytes("open-meteo", "forecast_current_hourly_daily_newyork_iso8601.json"))
        var state = LocationState(nextPoll: Date(timeIntervalSince1970: 1_770_420_000))
        state.forecast = forecast
        state.provider = "open-meteo"
        state.fetchedAt = Date(timeIntervalSince1970: 1_770_410_000)
        state.expiresAt = Date(timeIntervalSince1970: 1_770_411_000)
        state.validators["open-meteo"] = HTTPValidators(lastModified: "Sat, 07 Feb 2026 12:00:00 GMT", etag: "\"abc\"")
        state.notBefore["met-no"] = Date(timeIntervalSince1970: 1_770_500_000)
        state.lastError = .init(
            at: Date(timeIntervalSince1970: 1_770_400_000), provider: "met-no", message: "x", httpStatus: 503)
        #expect(store.save(location: "nyc", state, previous: nil))
        let loaded = try #require(store.load(location: "nyc"))
        #expect(loaded.forecast == forecast)
        #expect(loaded.provider == "open-meteo")
        #expect(loaded.validators == state.validators)
        #expect(loaded.notBefore == state.notBefore)
        #expect(loaded.nextPoll == state.nextPoll)
        #expect(loaded.lastError == state.lastError)
        // Unchanged state is not written again.
        #expect(!store.save(location: "nyc", state, previous: state))
        var later = state
        later.nextPoll += 900
        #expect(store.save(location: "nyc", later, previous: state))
    }

    @Test("an answer without a current block is still one after a restart (current = the hour containing now)")
    func currentFromSeries() throws {
        let folder = TemporaryFolder()
        let store = StateStore(directory: folder.path)
        var state = LocationState(nextPoll: Date(timeIntervalSince1970: 1_792_620_000))
        state.forecast = try OpenMeteo.decode(
            Fixtures.bytes("open-meteo", "dst_berlin_autumn_unixtime_no_current.json"))
        #expect(state.forecast?.currentIsFromSeries == true)
        #expect(store.save(location: "berlin", state, previous: nil))
        let loaded = try #require(store.load(location: "berlin"))
        #expect(loaded.forecast == state.forecast)
    }

    @Test("hours are saved as columns of the fields the provider filled, absent fields left out")
    func columns() throws {
        let folder = TemporaryFolder()
        let store = StateStore(directory: folder.path)
        var state = LocationState(nextPoll: Date(timeIntervalSince1970: 1_770_420_000))
        state.forecast = try OpenMeteo.decode(
            Fixtures.bytes("open-meteo", "forecast_current_hourly_daily_newyork_iso8601.json"))
        let hours = try #require(state.forecast?.hours)
        #expect(hours.count > 24 && hours.allSatisfy { $0.visibility == nil })
        #expect(store.save(location: "nyc", state, previous: nil))
        let file = try JSONParser.parse(
            [UInt8](try #require(FileManager.default.contents(atPath: folder.path + "/location-nyc.json"))))
        #expect(file["version"]?.int == 2)
        let columns = try #require(file["forecast"]?["hours"]?.object)
        #expect(columns["time"]?.array?.count == hours.count)
        #expect(columns["temperature"]?.array?.first?.double == hours[0].temperature)
        #expect(columns["visibility"] == nil)
        #expect(file["forecast"]?["current"]?["visibility"] == nil)
    }

    @Test("a version 1 state file (one object per hour) from an earlier release is still read")
    func versionOne() throws {
        let folder = TemporaryFolder()
        _ = folder.write(
            "location-home.json",
            """
            {"version": 1, "provider": "open-meteo", "next_poll": 1770420000, "fetched_at": 1770410000,
             "validators": {}, "not_before": {}, "last_error": null, "consecutive_failures": 0,
             "forecast": {"current": {"time": 1770410000, "temperature": -1.4, "condition": "cloudy",
               "visibility": null}, "sunrise": null, "sunset": null, "interval_minutes": 60,
               "hours": [{"time": 1770411600, "temperature": -2, "is_day": false},
                         {"time": 1770415200, "temperature": -2.5, "humidity": 70}],
               "days": [{"date": "2026-02-06", "temperature_max": 1}], "alerts": null,
               "timezone": "America/New_York"}}
            """)
        let state = try #require(StateStore(directory: folder.path).load(location: "home"))
        let forecast = try #require(state.forecast)
        #expect(forecast.current.temperature == -1.4 && forecast.current.condition == .cloudy)
        #expect(forecast.hours.map(\.temperature) == [-2, -2.5])
        #expect(forecast.hours[0].isDay == false && forecast.hours[1].humidity == 70)
        #expect(forecast.days.first?.temperatureMax == 1)
        #expect(state.provider == "open-meteo")
    }

    @Test("a damaged or foreign state file is ignored, not trusted")
    func damaged() throws {
        let folder = TemporaryFolder()
        _ = folder.write("location-home.json", "{\"version\": 1, \"next_poll\": \"soon\"}")
        _ = folder.write("location-other.json", "\u{0}\u{1}garbage")
        let store = StateStore(directory: folder.path)
        #expect(store.load(location: "home") == nil)
        #expect(store.load(location: "other") == nil)
        #expect(store.load(location: "missing") == nil)
    }

    @Test("the budget survives a restart")
    func budget() {
        let folder = TemporaryFolder()
        let store = StateStore(directory: folder.path)
        let budget = RequestBudget(day: CivilDate(year: 2026, month: 2, day: 7), used: ["open-meteo": 12, "met-no": 3])
        store.save(budget: budget, previous: nil)
        #expect(store.loadBudget() == budget)
    }
}
