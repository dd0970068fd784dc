import Configuration
import Foundation
import Providers
import Testing
import WeatherModel

@testable import Bridge

/// `check`'s plan and the status payload use the interval `run` polls at, not the configured one.
@Suite("check, status and run share one interval")
struct RulesAgreementTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)
    /// Every 5 minutes asked for, but met.no (the fallback) is never asked faster than every 10.
    let location = LocationSettings(
        id: "a", latitude: 59.9, longitude: 10.7, timezone: "Europe/Oslo", providers: ["open-meteo", "met-no"],
        interval: 300)

    @Test("check counts the requests run makes: one every 600 s is 144 requests a day, and says every 10 min")
    func checkPlan() throws {
        let configuration = BridgeConfiguration(contact: "tests@example.com", locations: [location])
        let plan = RequestPlan(
            configuration: configuration, providers: try Refresher.makeProviders(configuration, pointsCache: nil))
        let runPerDay = Int((86400 / PollingRules.interval(of: location)).rounded(.up))
        #expect(runPerDay == 144)
        let perFetch = try #require(plan.providers["open-meteo"]).callsPerFetch
        #expect(plan.callsPerDay["open-meteo"] == runPerDay * perFetch)
        #expect(plan.text().contains("every 10 min via open-meteo -> met-no"))
    }

    @Test("the status turns stale a whole effective interval after expires_at, as the schedule set it")
    func statusStale() {
        let configuration = BridgeConfiguration(locations: [location])
        let fresh = LocationSchedule.apply(
            .fresh(
                provider: "open-meteo",
                result: ProviderResult(forecast: Forecast(current: .init(time: now)), freshness: Freshness()),
                earlier: []),
            to: LocationState(nextPoll: now), location: location, now: now, random: 0)
        func state(at offset: Double) -> String? {
            StatusPayload.status(
                location: location, state: fresh.state, budget: RequestBudget(day: ZoneInfo.utc.localDate(now)),
                limits: BudgetLimits(configuration: configuration), now: now.addingTimeInterval(offset)
            ).object?["state"]?.string
        }
        // expires_at is now + 600; stale only after another 600 s (not the configured 300).
        #expect(state(at: 0) == "ok")
        #expect(state(at: 1200) == "ok")
        #expect(state(at: 1201) == "stale")
    }
}
