import Configuration
import FoundationEssentials
import Providers
import WireContract

/// One input of the bridge — the forecast, a nowcast, air quality, each warning source, each of
/// the user's stations — as a value that decides and applies, while the service and its runners
/// only execute (docs/ARCHITECTURE.md, "Feeds").
///
/// A feed is pure: `apply` turns an answer (asked, or a station's message as it came) into the
/// new state of what it feeds and what to publish and log, and `requestsPerDay` is what `check`
/// adds up (`BridgeFeeds.all`), so the plan and the service cannot disagree.
public protocol Feed: Sendable {
    /// What asking yields (a response, a decoded value or an error), or the message that came.
    associatedtype Answer: Sendable
    /// What the feed changes: a location's `LocationState`, a station's `StationState`, a
    /// location's alerts from one warning source.
    associatedtype State: Sendable
    /// For whom it applies: a location, a location's id, a station's rain day (its zone).
    associatedtype Subject
    /// The new state and what else the answer does (lines, topics to publish).
    associatedtype Update: Sendable

    /// What `answer` does to `state` for `subject` at `now`.
    func apply(_ answer: Answer, to state: State, for subject: Subject, now: Date) -> Update

    /// The provider requests made a day for `location` when its primary provider serves (none
    /// for what costs no provider's budget: a station on the LAN, a warning source without one).
    func requestsPerDay(_ location: LocationSettings) -> [String: Int]
}

/// A feed of a location's state that decides when to ask: `decide` says what to do now.
public protocol LocationFeed: Feed
where State == LocationState, Subject == LocationSettings, Update == FeedUpdate {
    /// What to do for `location` at `now`, given its state. The budget is not asked here but
    /// right before the request (`BudgetLedger.reserve`).
    func decide(_ location: LocationSettings, state: LocationState, now: Date) -> FeedAction
}

/// A feed the bridge asks (a provider's HTTP API): `ask` is its only I/O, through `transport`,
/// called by the service for `.ask` once `budget` has reserved the action's calls (a feed
/// whose `ask` tries several providers reserves each in `budget` itself).
public protocol AskedFeed: LocationFeed {
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

    /// The location's topics to publish: every reading where `publish` names `current`.
    var topics: [LocationTopic] { publish.contains(.current) ? LocationPayloads.readings : publish }
}

/// A message an input sent us (a station's push or datagram, a message on a subscribed topic, a
/// polled station's answer): the `Answer` of a `StationFeed`.
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
