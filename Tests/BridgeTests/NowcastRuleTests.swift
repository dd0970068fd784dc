import Configuration
import Foundation
import Providers
import Testing
import WeatherModel

@testable import Bridge

/// Every branch of `NowcastRule`, in process: when a location's nowcast needs a request of its
/// own, and what `check` counts for it.
@Suite("Nowcast rule: a nowcast at its own cadence")
struct NowcastRuleTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    let hourly = LocationSettings(
        id: "slow", latitude: 52.5, longitude: 13.4, providers: ["open-meteo"], interval: 3600)
    let quarter = LocationSettings(
        id: "fast", latitude: 52.5, longitude: 13.4, providers: ["open-meteo"], interval: 900)
    let carried = NowcastOffer(inForecast: true)
    let own = NowcastOffer(inForecast: false)

    /// Served by open-meteo `ago` seconds before `now`, the next forecast an interval later.
    func state(fetched ago: Double, interval: Double = 3600, provider: String = "open-meteo") -> LocationState {
        var state = LocationState(nextPoll: now.addingTimeInterval(interval - ago))
        state.provider = provider
        state.fetchedAt = now.addingTimeInterval(-ago)
        state.expiresAt = state.fetchedAt?.addingTimeInterval(interval)
        return state
    }

    func decide(_ location: LocationSettings, _ state: LocationState, _ offer: NowcastOffer?) -> NowcastRule.Decision {
        NowcastRule.decide(location: location, state: state, offer: offer, now: now)
    }

    @Test("a 60-minute location asks for a nowcast once the last is 15 minutes old")
    func asksBetweenForecasts() {
        #expect(decide(hourly, state(fetched: 900), carried) == .ask(provider: "open-meteo", calls: 1))
        #expect(decide(hourly, state(fetched: 899), carried) == .skip(.notDue))
        var asked = state(fetched: 1800)
        asked.nowcastFetchedAt = now.addingTimeInterval(-600)
        #expect(decide(hourly, asked, carried) == .skip(.notDue))
        asked.nowcastFetchedAt = now.addingTimeInterval(-900)
        #expect(
            decide(hourly, asked, NowcastOffer(inForecast: true, calls: 2)) == .ask(provider: "open-meteo", calls: 2))
    }

    @Test("no request when the forecast carries the nowcast often enough, or is about to")
    func carriedOrDueSoon() {
        #expect(decide(quarter, state(fetched: 900, interval: 900), carried) == .skip(.carriedByForecast))
        var jittered = state(fetched: 300, interval: 900)
        jittered.nextPoll = now.addingTimeInterval(900 * 1.05 - 300)
        #expect(decide(quarter, jittered, carried) == .skip(.carriedByForecast))
        // An answer fresh for an hour (expires_at an hour on): the nowcast is asked between.
        let lasting = state(fetched: 900, interval: 3600)
        #expect(decide(quarter, lasting, carried) == .ask(provider: "open-meteo", calls: 1))
        // A next poll pushed later alone (a backoff, or a state file behind its schedule journal
        // after a failed write) leaves the forecast's cadence as it was.
        var pushed = state(fetched: 1080, interval: 900)
        pushed.nextPoll = now.addingTimeInterval(780)
        #expect(decide(quarter, pushed, carried) == .skip(.carriedByForecast))
        // 58 minutes after the forecast, the next (with its nowcast) comes in 2: no extra request.
        #expect(decide(hourly, state(fetched: 3480), carried) == .skip(.forecastDueSoon))
        #expect(decide(hourly, state(fetched: 3300), carried) == .ask(provider: "open-meteo", calls: 1))
    }

    @Test("One Call 4.0 gives its nowcast only on its own: asked every 15 minutes even at a 15-minute interval")
    func ownOnly() {
        var fresh = state(fetched: 0, interval: 900, provider: "openweathermap")
        #expect(decide(quarter, fresh, own) == .ask(provider: "openweathermap", calls: 1))
        fresh.nowcastFetchedAt = now.addingTimeInterval(-60)
        #expect(decide(quarter, fresh, own) == .skip(.notDue))
        // The next forecast being close changes nothing: it carries no nowcast.
        fresh.nowcastFetchedAt = now.addingTimeInterval(-900)
        fresh.nextPoll = now.addingTimeInterval(10)
        #expect(decide(quarter, fresh, own) == .ask(provider: "openweathermap", calls: 1))
    }

    @Test("off, no answer yet, no source and waiting each skip (the budget is asked after, by the service)")
    func skips() {
        var off = hourly
        off.nowcastInterval = nil
        #expect(decide(off, state(fetched: 1800), carried) == .skip(.off))
        #expect(decide(hourly, LocationState(nextPoll: now), carried) == .skip(.noAnswerYet))
        #expect(decide(hourly, state(fetched: 1800), nil) == .skip(.noSource))
        var waiting = state(fetched: 1800)
        waiting.notBefore["open-meteo"] = now.addingTimeInterval(60)
        #expect(decide(hourly, waiting, carried) == .skip(.waiting))
        waiting.notBefore["open-meteo"] = now
        #expect(decide(hourly, waiting, carried) == .ask(provider: "open-meteo", calls: 1))
    }

    @Test("check's count: a nowcast every nowcast_interval, less those the forecasts carry")
    func callsPerDay() {
        #expect(NowcastRule.callsPerDay(location: hourly, offer: carried) == 72)
        #expect(NowcastRule.callsPerDay(location: quarter, offer: carried) == 0)
        #expect(NowcastRule.callsPerDay(location: quarter, offer: own) == 96)
        #expect(NowcastRule.callsPerDay(location: hourly, offer: NowcastOffer(inForecast: true, calls: 2)) == 144)
        #expect(NowcastRule.callsPerDay(location: hourly, offer: nil) == 0)
        var slower = hourly
        slower.nowcastInterval = 1800
        #expect(NowcastRule.callsPerDay(location: slower, offer: carried) == 24)
        slower.nowcastInterval = nil
        #expect(NowcastRule.callsPerDay(location: slower, offer: own) == 0)
    }
}
