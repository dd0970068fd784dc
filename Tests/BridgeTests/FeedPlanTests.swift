import Configuration
import Foundation
import ProviderFacts
import Providers
import Testing
import WeatherModel
import WireContract

@testable import Bridge

/// The forecast and nowcast feeds' decisions, and `check`'s plan as the sum of every input's
/// requests (stations and warning sources included): values only, no socket.
@Suite("Feeds: the forecast chain and the plan")
struct FeedPlanTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("the forecast is asked once its next poll has come, the chain's head named")
    func forecastDecides() {
        let location = LocationSettings(
            id: "a", latitude: 52.5, longitude: 13.4, providers: ["open-meteo", "met-no"], interval: 900)
        let feed = ForecastFeed(configuration: BridgeConfiguration(locations: [location]), providers: [:])
        let later = LocationState(nextPoll: now.addingTimeInterval(1))
        #expect(
            feed.decide(location, state: later, now: now) == .skip(until: later.nextPoll, log: nil))
        #expect(
            feed.decide(location, state: LocationState(nextPoll: now), now: now)
                == .ask(provider: "open-meteo", calls: 0))
    }

    @Test("the chain passes over a provider that asked us to wait, or that the budget refuses")
    func chainPassesOver() {
        var state = LocationState(nextPoll: now)
        #expect(ForecastFeed.passOver("met-no", state: state, now: now) == nil)
        let full = ForecastFeed.overBudget(limit: 10)
        #expect(full.description.contains("daily budget of 10 requests used up") == true)
        #expect(full.retryAfter == nil)
        state.notBefore["met-no"] = now.addingTimeInterval(120)
        let waiting = ForecastFeed.passOver("met-no", state: state, now: now)
        #expect(waiting?.retryAfter == 120)
    }

    @Test("the own nowcast refused by its budget logs a debug line; a failure keeps the last nowcast")
    func ownNowcast() throws {
        let location = LocationSettings(
            id: "slow", latitude: 52.5, longitude: 13.4, providers: ["open-meteo"], interval: 3600)
        let configuration = BridgeConfiguration(
            providers: [
                "open-meteo": ProviderSettings(name: "open-meteo", baseURL: "http://127.0.0.1:9", dailyBudget: 5)
            ],
            locations: [location])
        let providers = try Refresher.makeProviders(configuration, pointsCache: nil)
        let feed = OwnNowcastFeed(providers: providers)
        var state = LocationState(nextPoll: now.addingTimeInterval(2700))
        state.provider = "open-meteo"
        state.fetchedAt = now.addingTimeInterval(-900)
        state.expiresAt = now.addingTimeInterval(2700)
        let calls = try #require(providers["open-meteo"]?.nowcastOffer).calls
        #expect(
            feed.decide(location, state: state, now: now)
                == .ask(provider: "open-meteo", calls: calls))
        #expect(
            feed.overBudget(location)
                == LogLine(.debug, "nowcast skipped: the daily budget is used up", ["location": "slow"]))
        state.nowcast = .unavailable(source: "open-meteo", reason: "kept")
        let failed = feed.apply(.failure(.unreachable("refused")), to: state, for: location, now: now)
        #expect(failed.state.nowcast == state.nowcast)
        #expect(failed.state.nowcastFetchedAt == now)
        #expect(failed.logs.map(\.level) == [.warning])
    }

    @Test("check's plan is the sum of every feed's requests a day")
    func planIsTheSum() throws {
        var oslo = LocationSettings(id: "osl", latitude: 59.9, longitude: 10.7, providers: ["met-no"], interval: 600)
        oslo.airQuality = true
        var berlin = LocationSettings(id: "ber", latitude: 52.5, longitude: 13.4, interval: 3600)
        berlin.alerts = ["openweathermap", "brightsky"]
        var configuration = BridgeConfiguration(contact: "tests@example.com", locations: [oslo, berlin])
        configuration.stations = [StationSettings(id: "roof", kind: .ecowittAPI, url: "http://192.168.1.9")]
        let providers = try Refresher.makeProviders(configuration, pointsCache: nil)
        let plan = RequestPlan(configuration: configuration, providers: providers)
        let feeds = BridgeFeeds(configuration: configuration, providers: providers)
        var sum: [String: Int] = [:]
        for location in [oslo, berlin] {
            for feed in feeds.all { sum.merge(feed.requestsPerDay(location)) { $0 + $1 } }
        }
        #expect(plan.callsPerDay == sum)
        // Every input is in the sum: the warning sources (One Call 4.0's alert ids a refresh) and
        // the stations (the user's own devices: no provider's budget).
        #expect(feeds.all.count == 4 + WarningSource.allCases.count + 1)
        #expect(feeds.all.contains { $0 is StationFeed } && feeds.all.contains { $0 is WarningFeed })
        #expect(plan.callsPerDay["openweathermap"] == 24)
        // met.no: a forecast every 10 minutes and a nowcast every 5.
        #expect(plan.callsPerDay["met-no"] == 144 + 288)
        #expect(feeds.metNoNowcast.requestsPerDay(oslo) == ["met-no": 86400 / Int(MetNoNowcastFeed.cadence.seconds)])
        #expect(
            feeds.airQuality.requestsPerDay(oslo)
                == ["open-meteo": 86400 / Int(AirQualityFeed.cadence.seconds) * OpenMeteoAirQuality.callsPerFetch])
    }
}
