import Configuration
import FoundationEssentials
import Providers
import WireContract

/// One input of the bridge — the forecast, a nowcast, air quality, a warning source, and inputs
/// that come to us (a weather station that sends, a topic we subscribe to) — as a value that
/// decides and applies, while `BridgeService` only executes (docs/ARCHITECTURE.md, "Feeds").
///
/// A feed is pure: `decide` says what to do for a location now, `apply` turns an
/// answer (asked or pushed) into the location's new state and what to publish and log, and
/// `requestsPerDay` is what `check` adds up, so the plan and the service cannot disagree.
public protocol Feed: PlannedRequests {
    /// What asking yields (a response, a decoded value or an error), or what was pushed.
    associatedtype Answer: Sendable

    /// What to do for `location` at `now`, given its state. The budget is not asked here but
    /// right before the request (`BudgetLedger.reserve`).
    func decide(_ location: LocationSettings, state: LocationState, now: Date) -> FeedAction

    /// What `answer` does to the location's `state` at `now`.
    func apply(_ answer: Answer, to state: LocationState, location: LocationSettings, now: Date) -> FeedUpdate
}

/// What an input costs: `check`'s plan is the sum of every input's `requestsPerDay`.
public protocol PlannedRequests: Sendable {
    /// The requests made a day for `location`, by provider, when its primary provider serves.
    func requestsPerDay(_ location: LocationSettings) -> [String: Int]
}

/// A feed the bridge asks (a provider's HTTP API): `ask` is its only I/O, through `transport`,
/// called by the service for `.ask` once `budget` has reserved the action's calls (a feed
/// whose `ask` tries several providers reserves each in `budget` itself).
public protocol AskedFeed: Feed {
    func ask(
        _ location: LocationSettings, state: LocationState, budget: BudgetLedger, now: Date,
        transport: any ProviderTransport
    ) async -> Answer

    /// The line to log when the budget refuses the `.ask` (`nil`: none).
    func overBudget(_ location: LocationSettings) -> LogLine?
}

extension AskedFeed {
    public func overBudget(_ location: LocationSettings) -> LogLine? { nil }
}

/// What a feed wants done for one location now.
public enum FeedAction: Sendable, Equatable {
    /// Ask now, once the budget has reserved `calls` of `provider` (`BudgetLedger.reserve`, right
    /// before the request); `calls` is 0 where `ask` reserves each of its requests itself (the
    /// forecast's fallback chain, which may try several providers).
    case ask(provider: String, calls: Int)
    /// Nothing now: not before `until` where that is known, and a line to log where one is due.
    case skip(until: Date?, log: LogLine?)
    /// Nothing to ask: this input comes to us; `apply` takes each `FeedPush` as it arrives.
    case waitForPush

    /// Whether it is `.ask`.
    public var asks: Bool {
        if case .ask = self { return true }
        return false
    }
}

/// What one answer does to a location: its new state, which of its topics to publish again,
/// and the lines to log, in order.
public struct FeedUpdate: Sendable {
    /// The location's state from now on.
    public var state: LocationState
    /// The location's topics to build again from `state` (`current` stands for every reading).
    public var publish: [LocationTopic]
    public var logs: [LogLine]
    /// Whether the state changed, so it is saved and `publish` published (not when cancelled).
    public var changed = true
    /// The answer's exit code (SPEC §7): 0, or the failure's.
    public var exitCode = ExitCode.success
    /// What the `info` summary counts; `nil` when the answer does not count there.
    public var summary: (kind: RefreshSummary.Kind, fellBack: Bool)?
}

/// A message an input sent us (a station's datagram, a message on a subscribed topic): the
/// `Answer` of a feed whose `decide` is `.waitForPush`.
public struct FeedPush: Sendable, Equatable {
    /// Where it came from: the MQTT topic, or the sender's address.
    public var origin: String
    public var payload: [UInt8]
    /// When it arrived, by the bridge's clock.
    public var receivedAt: Date
}

/// What one HTTP request of an `AskedFeed` came back with: the response, or why there is none.
public typealias ProviderAnswer = Result<ProviderResponse, ProviderError>

extension ProviderTransport {
    /// The answer to `request`: what an `AskedFeed` hands to `apply`.
    func answer(_ request: ProviderRequest) async -> ProviderAnswer {
        do {
            return .success(try await send(request))
        } catch {
            return .failure(error)
        }
    }
}

extension Feed where Answer == FeedPush {
    /// A pushed input is never asked (it is no `AskedFeed`): the service hands it what arrives.
    public func decide(_ location: LocationSettings, state: LocationState, now: Date) -> FeedAction {
        .waitForPush
    }

    /// It costs no provider request.
    public func requestsPerDay(_ location: LocationSettings) -> [String: Int] { [:] }
}
