import Configuration
import FoundationEssentials
import Providers
import WeatherModel
import WireContract

/// A location's forecast: asked when its next poll is due, from the primary provider and then
/// each fallback in order (`Refresher.refresh`); the answer's effects are `LocationSchedule`'s.
public struct ForecastFeed: AskedFeed {
    let configuration: BridgeConfiguration
    let providers: [String: any WeatherProvider]

    public init(configuration: BridgeConfiguration, providers: [String: any WeatherProvider]) {
        self.configuration = configuration
        self.providers = providers
    }

    /// One refresh as it came back: the outcome, and the jitter of the next poll (drawn while asking).
    public struct Answer: Sendable {
        public var outcome: Refresher.Outcome
        public var random: Double
    }

    /// Due once its next poll has come. The chain's head is named; each provider the chain tries is
    /// reserved in the budget right before it is asked (`calls` 0 here).
    public func decide(_ location: LocationSettings, state: LocationState, now: Date) -> FeedAction {
        guard state.nextPoll <= now else { return .skip(until: state.nextPoll, log: nil) }
        return .ask(provider: location.providers.first ?? "", calls: 0)
    }

    /// Why the chain passes over `provider` now (it asked us to wait); `nil` when it may be asked,
    /// if the budget allows (`BudgetLedger.reserve`, asked next).
    public static func passOver(_ provider: String, state: LocationState, now: Date) -> ProviderError? {
        guard let notBefore = state.notBefore[provider], notBefore > now else { return nil }
        return .rateLimited(
            "waiting until \(ISO8601.string(notBefore, in: .utc))", retryAfter: notBefore.timeIntervalSince(now))
    }

    /// Why the chain passes over a provider the budget refused: its `limit` is used up today.
    public static func overBudget(limit: Int) -> ProviderError {
        .rateLimited("daily budget of \(limit) requests used up", retryAfter: nil)
    }

    public func ask(
        _ location: LocationSettings, state: LocationState, budget: BudgetLedger, now: Date,
        transport: any ProviderTransport
    ) async -> Answer {
        let refresher = Refresher(configuration: configuration, providers: providers, transport: transport)
        let outcome = await refresher.refresh(location, state: state, budget: budget, now: now)
        return Answer(outcome: outcome, random: Double.random(in: 0..<1))
    }

    public func apply(_ answer: Answer, to state: LocationState, for location: LocationSettings, now: Date)
        -> FeedUpdate
    {
        let transition = LocationSchedule.apply(
            answer.outcome, to: state, location: location, now: now, random: answer.random)
        return FeedUpdate(
            state: transition.state, publish: transition.changed ? [.current] : [], logs: transition.logs,
            changed: transition.changed, exitCode: transition.exitCode, summary: transition.summary)
    }

    /// The primary provider's forecasts: one every poll interval, at its calls per fetch.
    public func requestsPerDay(_ location: LocationSettings) -> [String: Int] {
        guard let primary = location.providers.first else { return [:] }
        let perFetch = providers[primary]?.callsPerFetch ?? 1
        return [primary: PollingRules.requestsPerDay(every: PollingRules.interval(of: location)) * perFetch]
    }
}
