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

    /// One refresh as it came back: the outcome, the request-costing attempts made (counted in
    /// the budget by the service), and the jitter of the next poll (drawn while asking).
    public struct Answer: Sendable {
        public var outcome: Refresher.Outcome
        public var attempts: [(provider: String, calls: Int)]
        public var random: Double

    }

    /// Due once its next poll has come. The chain's head is named; each provider the chain tries is
    /// counted as it is tried (`calls` 0 here).
    public func decide(_ location: LocationSettings, state: LocationState, budget: RequestBudget, now: Date)
        -> FeedAction
    {
        guard state.nextPoll <= now else { return .skip(until: state.nextPoll, log: nil) }
        return .ask(provider: location.providers.first ?? "", calls: 0)
    }

    /// Why the chain passes over `provider` now (it asked us to wait, or its budget is used up);
    /// `nil` when it may be asked. `calls` is what one of its fetches costs.
    public static func passOver(
        _ provider: String, calls: Int, state: LocationState, budget: RequestBudget, limit: Int, now: Date
    ) -> ProviderError? {
        if let notBefore = state.notBefore[provider], notBefore > now {
            return .rateLimited(
                "waiting until \(ISO8601.string(notBefore, in: .utc))", retryAfter: notBefore.timeIntervalSince(now))
        }
        if !budget.allows(provider, calls: calls, limit: limit) {
            return .rateLimited("daily budget of \(limit) requests used up", retryAfter: nil)
        }
        return nil
    }

    public func ask(
        _ location: LocationSettings, state: LocationState, budget: RequestBudget, now: Date,
        transport: any ProviderTransport
    ) async -> Answer {
        var attempts: [(provider: String, calls: Int)] = []
        let refresher = Refresher(configuration: configuration, providers: providers, transport: transport)
        let outcome = await refresher.refresh(location, state: state, budget: budget, now: now) {
            attempts.append(($0, $1))
        }
        return Answer(outcome: outcome, attempts: attempts, random: Double.random(in: 0..<1))
    }

    public func apply(_ answer: Answer, to state: LocationState, location: LocationSettings, now: Date)
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
