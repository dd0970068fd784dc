import Configuration
import Foundation
import Providers
import Testing
import WeatherModel

@testable import Bridge

/// When each warning source is asked after a refresh, and what the sources cost: values only.
@Suite("Feeds: warning sources")
struct WarningFeedsTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let location = LocationSettings(id: "osl", latitude: 59.9, longitude: 10.7, interval: 120)

    func decide(_ source: AlertSourceName, asked ago: Double?) -> FeedAction {
        WarningFeeds.decide(
            source, location: location, lastAsked: ago.map { now.addingTimeInterval(-$0) }, now: now)
    }

    @Test("MetAlerts at most every 10 minutes, a MeteoAlarm feed every interval, the others every refresh")
    func cadences() {
        #expect(decide(.metalerts, asked: nil).asks)
        #expect(decide(.metalerts, asked: 599) == .skip(until: now.addingTimeInterval(1), log: nil))
        #expect(decide(.metalerts, asked: Double(MetAlerts.minimumInterval)).asks)
        #expect(decide(.meteoalarm, asked: 119) == .skip(until: now.addingTimeInterval(1), log: nil))
        #expect(decide(.meteoalarm, asked: 120).asks)
        for source in [AlertSourceName.nws, .brightsky, .openweathermap] {
            #expect(decide(source, asked: 1).asks)
        }
        // A feed is never asked more than once a minute, however short the interval.
        let fast = LocationSettings(id: "f", latitude: 50, longitude: 10, interval: 10)
        let lastMinute = now.addingTimeInterval(-59)
        #expect(!WarningFeeds.decide(.meteoalarm, location: fast, lastAsked: lastMinute, now: now).asks)
    }

    @Test("One Call 4.0 alert ids count one request a refresh where another provider forecasts")
    func oneCall4AlertIDs() {
        var listed = LocationSettings(id: "a", latitude: 52.5, longitude: 13.4, interval: 900)
        listed.alerts = ["openweathermap"]
        let configuration = BridgeConfiguration(locations: [listed])
        let feeds = WarningFeeds(configuration: configuration)
        #expect(feeds.requestsPerDay(listed) == ["openweathermap": 96])
        #expect(feeds.requestsPerDay(location).isEmpty)
        var budget = RequestBudget(day: ZoneInfo.utc.localDate(now))
        let limit = PollingRules.dailyBudget("openweathermap", configuration: configuration)
        budget.spend("openweathermap", calls: limit - 3, now: now)
        #expect(feeds.openWeatherMapAllowance(budget) == 3)
        budget.spend("openweathermap", calls: 10, now: now)
        #expect(feeds.openWeatherMapAllowance(budget) == 0)
    }
}
