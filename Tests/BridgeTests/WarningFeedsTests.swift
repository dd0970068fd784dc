import Configuration
import Foundation
import ProviderFacts
import Providers
import Testing
import WeatherModel

@testable import Bridge

/// When each warning source is asked after a refresh, and what the sources cost: values only.
@Suite("Feeds: warning sources")
struct WarningFeedsTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let location = LocationSettings(id: "osl", latitude: 59.9, longitude: 10.7, interval: 120)

    func decide(_ source: WarningSource, asked ago: Double?) -> FeedAction {
        WarningFeed(source).decide(location, lastAsked: ago.map { now.addingTimeInterval(-$0) }, now: now)
    }

    @Test("MetAlerts at most every 10 minutes, a MeteoAlarm feed every interval, the others every refresh")
    func cadences() {
        #expect(decide(.metalerts, asked: nil).asks)
        #expect(decide(.metalerts, asked: 599) == .skip(until: now.addingTimeInterval(1), log: nil))
        #expect(decide(.metalerts, asked: 600).asks)
        #expect(decide(.meteoalarm, asked: 119) == .skip(until: now.addingTimeInterval(1), log: nil))
        #expect(decide(.meteoalarm, asked: 120).asks)
        for source in [WarningSource.nws, .brightsky, .openweathermap] {
            #expect(decide(source, asked: 1).asks)
        }
        // A feed is never asked more than once a minute, however short the interval.
        let fast = LocationSettings(id: "f", latitude: 50, longitude: 10, interval: 10)
        let lastMinute = now.addingTimeInterval(-59)
        #expect(!WarningFeed(.meteoalarm).decide(fast, lastAsked: lastMinute, now: now).asks)
    }

    @Test(
        "an answer replaces the last good alerts; not asked keeps them; a failure keeps them, or the announced ones of the source before any answer"
    )
    func keepLastGood() {
        let feed = WarningFeed(.brightsky)
        let old = Alert(id: "old", title: "Frost", severity: .minor, source: "brightsky")
        let fresh = Alert(id: "new", title: "Wind", severity: .moderate, source: "brightsky")
        let other = Alert(id: "nws-1", title: "Heat", severity: .severe, source: "nws")
        #expect(
            feed.apply(.success([fresh]), to: .init(lastGood: [old], announced: []), for: "osl", now: now).lastGood == [
                fresh
            ])
        #expect(
            feed.apply(.success(nil), to: .init(lastGood: [old], announced: []), for: "osl", now: now).lastGood == [old]
        )
        #expect(
            feed.apply(.success(nil), to: .init(lastGood: nil, announced: [old]), for: "osl", now: now).lastGood == nil)
        let failure = ProviderError.unreachable("brightsky: timed out")
        let failed = feed.apply(.failure(failure), to: .init(lastGood: [old], announced: []), for: "osl", now: now)
        #expect(failed.lastGood == [old])
        #expect(failed.log?.level == .warning && failed.log?.value("source") == "brightsky")
        #expect(failed.log?.value("location") == "osl")
        let afterRestart = feed.apply(
            .failure(failure), to: .init(lastGood: nil, announced: [old, other]), for: "osl", now: now)
        #expect(afterRestart.lastGood == [old])
    }

    @Test(
        "a refresh asks the location's sources in order, One Call 4.0 ids a onecall4 forecast listed, not what the forecast brought"
    )
    func askedSources() {
        var both = location
        both.alerts = ["nws", "openweathermap", "metalerts"]
        func asked(_ provider: String?, _ ids: [String]?) -> [WarningSource] {
            WarningFeeds.asked(both, provider: provider, alertIDs: ids).map(\.source)
        }
        #expect(asked("open-meteo", nil) == [.nws, .openweathermap, .metalerts])
        // The NWS forecast brings its alerts; One Call 3.0 brings them whole, 4.0 lists ids.
        #expect(asked("nws", nil) == [.openweathermap, .metalerts])
        #expect(asked("openweathermap", nil) == [.nws, .metalerts])
        #expect(asked("openweathermap", ["a"]) == [.nws, .openweathermap, .metalerts])
        #expect(
            WarningFeeds.asked(location, provider: "openweathermap", alertIDs: ["a"]).map(\.source) == [.openweathermap]
        )
        #expect(WarningFeeds.asked(location, provider: "open-meteo", alertIDs: nil).isEmpty)
    }

    @Test("a shared feed's last request is kept by its URL, a per-location source's by the location")
    func askedKeys() {
        #expect(WarningFeed(.meteoalarm).askedKey(location, url: "https://feeds/de") == "https://feeds/de")
        #expect(WarningFeed(.metalerts).askedKey(location, url: "https://met/x") == "osl")
    }

    @Test("One Call 4.0 alert ids count one request a refresh where another provider forecasts")
    func oneCall4AlertIDs() {
        var listed = LocationSettings(id: "a", latitude: 52.5, longitude: 13.4, interval: 900)
        listed.alerts = ["openweathermap"]
        let oneCall = WarningFeed(.openweathermap)
        #expect(oneCall.requestsPerDay(listed) == ["openweathermap": 96])
        #expect(oneCall.requestsPerDay(location).isEmpty)
        // The other sources cost no provider's budget.
        for source in WarningSource.allCases where source != .openweathermap {
            #expect(WarningFeed(source).requestsPerDay(listed).isEmpty)
        }
    }
}
