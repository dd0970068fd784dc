import Configuration
import FoundationEssentials
import Providers

/// When a location's nowcast needs a request of its own (SPEC §4 `nowcast`): where the
/// forecast requests come less often than `nowcast_interval` (a 60-minute location still gets a
/// nowcast every 15 minutes), or where the provider gives it only on its own (One Call 4.0).
/// Pure: the location, its state, the provider's offer and the time in; a decision out (the
/// budget is asked after it, right before the request: `BudgetLedger.reserve`).
public enum NowcastRule {
    public enum Decision: Sendable, Equatable {
        /// Ask `provider` for its nowcast alone, at a cost of `calls`.
        case ask(provider: String, calls: Int)
        /// No request now, and why.
        case skip(Skip)
    }

    public enum Skip: Sendable, Equatable {
        /// `nowcast_interval: false`.
        case off
        /// No forecast yet: the first one says which provider serves (and may carry the nowcast).
        case noAnswerYet
        /// The serving provider has no nowcast of its own (NWS, met.no's forecast, OWM 2.5).
        case noSource
        /// The forecast requests come at least as often as the nowcast is wanted, and carry it
        /// (by the interval, or the answer's longer lifetime).
        case carriedByForecast
        /// The last nowcast is younger than `nowcast_interval`.
        case notDue
        /// The next forecast request, which carries the nowcast, comes within a third of the interval.
        case forecastDueSoon
        /// The provider asked us to wait (Retry-After).
        case waiting
    }

    /// What to do for `location` at `now`; `offer` is the serving provider's.
    public static func decide(location: LocationSettings, state: LocationState, offer: NowcastOffer?, now: Date)
        -> Decision
    {
        guard let wanted = location.nowcastInterval.map(Double.init) else { return .skip(.off) }
        guard let provider = state.provider, let fetchedAt = state.fetchedAt else { return .skip(.noAnswerYet) }
        guard let offer else { return .skip(.noSource) }
        // The forecasts' cadence: the interval, or longer where the answer's lifetime (`Expires`,
        // `max-age`) made it expire later (`expires_at`, written with the answer). Not the next
        // poll: a backoff, or a state file behind its schedule journal, moves that alone.
        let lifetime = state.expiresAt.map { $0.timeIntervalSince(fetchedAt) } ?? 0
        let cadence = max(PollingRules.interval(of: location), lifetime)
        if offer.inForecast, cadence <= wanted { return .skip(.carriedByForecast) }
        let last = [offer.inForecast ? fetchedAt : nil, state.nowcastFetchedAt].compactMap { $0 }.max()
        if let last, now.timeIntervalSince(last) < wanted { return .skip(.notDue) }
        if offer.inForecast, state.nextPoll.timeIntervalSince(now) < wanted / 3 { return .skip(.forecastDueSoon) }
        if let notBefore = state.notBefore[provider], notBefore > now { return .skip(.waiting) }
        return .ask(provider: provider, calls: offer.calls)
    }

    /// The nowcast-only calls a day of `location` served by a provider with `offer` (`check`):
    /// a nowcast every `nowcast_interval`, less those the forecast requests carry.
    public static func callsPerDay(location: LocationSettings, offer: NowcastOffer?) -> Int {
        guard let wanted = location.nowcastInterval.map(Double.init), let offer else { return 0 }
        let nowcasts = PollingRules.requestsPerDay(every: wanted)
        guard offer.inForecast else { return nowcasts * offer.calls }
        let interval = PollingRules.interval(of: location)
        guard interval > wanted else { return 0 }
        return max(0, nowcasts - PollingRules.requestsPerDay(every: interval)) * offer.calls
    }
}
