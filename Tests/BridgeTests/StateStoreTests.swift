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
        state.lastError = .init(at: Date(timeIntervalSince1970: 1_770_400_000), provider: "met-no", message: "x", httpStatus: 503)
        let written = store.save(location: "nyc", state, previous: nil)
        #expect(written != nil)
        let loaded = try #require(store.load(location: "nyc"))
        #expect(loaded.forecast == forecast)
        #expect(loaded.provider == "open-meteo")
        #expect(loaded.validators == state.validators)
        #expect(loaded.notBefore == state.notBefore)
        #expect(loaded.nextPoll == state.nextPoll)
        #expect(loaded.lastError == state.lastError)
        // Unchanged state is not written again.
        #expect(store.save(location: "nyc", state, previous: written) == nil)
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
