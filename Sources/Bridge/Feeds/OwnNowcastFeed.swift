import Configuration
import FoundationEssentials
import Providers
import WeatherModel
import WireContract

/// The serving provider's nowcast asked on its own where `NowcastRule` says so (between two
/// forecasts of a location polled less often than `nowcast_interval`, or One Call 4.0's
/// `/timeline/1min`), counted in its budget. A failure is logged and keeps the last nowcast:
/// the readings are neither blocked nor marked stale.
public struct OwnNowcastFeed: AskedFeed {
    let providers: [String: any WeatherProvider]

    public init(providers: [String: any WeatherProvider]) {
        self.providers = providers
    }

    public func decide(_ location: LocationSettings, state: LocationState, now: Date) -> FeedAction {
        let decision = NowcastRule.decide(
            location: location, state: state, offer: state.provider.flatMap { providers[$0] }?.nowcastOffer,
            now: now)
        switch decision {
        case .ask(let provider, let calls): return .ask(provider: provider, calls: calls)
        case .skip: return .skip(until: nil, log: nil)
        }
    }

    public func overBudget(_ location: LocationSettings) -> LogLine? {
        LogLine(.debug, "nowcast skipped: the daily budget is used up", ["location": location.id])
    }

    public func ask(
        _ location: LocationSettings, state: LocationState, budget: BudgetLedger, now: Date,
        transport: any ProviderTransport
    ) async -> Result<Nowcast?, ProviderError> {
        guard let source = state.provider.flatMap({ providers[$0] }) else { return .success(nil) }
        let query = ProviderQuery(
            latitude: location.latitude, longitude: location.longitude, timezone: location.timezone)
        do {
            return .success(try await source.fetchNowcast(query, transport: transport))
        } catch {
            return .failure(error)
        }
    }

    public func apply(
        _ answer: Result<Nowcast?, ProviderError>, to state: LocationState, for location: LocationSettings, now: Date
    ) -> FeedUpdate {
        var state = state
        state.nowcastFetchedAt = now
        let provider = state.provider ?? ""
        let line: LogLine
        switch answer {
        case .success(let nowcast):
            if let nowcast { state.nowcast = nowcast }
            line = LogLine(.debug, "nowcast refreshed", ["location": location.id, "provider": provider])
        case .failure(let error):
            line = LogLine(
                .warning, "nowcast failed: \(error.description)", ["location": location.id, "provider": provider])
        }
        return FeedUpdate(state: state, publish: [.nowcast, .outlook, .airQuality], logs: [line])
    }

    /// The primary provider's nowcast-only calls (`NowcastRule.callsPerDay`).
    public func requestsPerDay(_ location: LocationSettings) -> [String: Int] {
        guard let primary = location.providers.first else { return [:] }
        let calls = NowcastRule.callsPerDay(location: location, offer: providers[primary]?.nowcastOffer)
        return calls > 0 ? [primary: calls] : [:]
    }
}
