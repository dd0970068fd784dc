import FoundationEssentials
import StationListeners

/// One thing a station input brought.
enum StationInputEvent: Sendable, Equatable {
    /// A message for the stations `ids` (those it may be for), from `input` (for log lines).
    case message(FeedPush, ids: [String], input: String)
    /// A listener's notice (a refused sender, a full backlog), said as a warning.
    case notice(String)
}

/// Where the stations' pushed and broadcast messages come from: the LAN listeners
/// (`ListenerStationInput`), or a recording (`ReplayStationInput`, for tests). Polled and
/// broker-type stations come through the runner's requests and the broker link.
protocol StationInput: Sendable {
    /// Every event, in arrival order; finishes after `stop` (a recording: after its last).
    var events: AsyncStream<StationInputEvent> { get }
    func stop()
}

/// A recording played back: each event in turn, then the end.
struct ReplayStationInput: StationInput {
    let events: AsyncStream<StationInputEvent>

    init(_ recorded: [StationInputEvent]) {
        events = AsyncStream { continuation in
            for event in recorded { continuation.yield(event) }
            continuation.finish()
        }
    }

    func stop() {}
}
