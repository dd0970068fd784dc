import Configuration
import FoundationEssentials
import Providers
import WireContract

/// Executing what the feeds decide (`Feeds/`): requests through the transport, the budget, the
/// state, the log and the topics. No rule lives here: each is a feed's, tested without a socket.
extension BridgeService {
    /// Asks `feed` for every location it decides to ask now, one after the other, and executes
    /// each update; then saves what changed and what the requests spent.
    func poll<F: AskedFeed>(_ feed: F) async {
        let now = clock.now()
        for location in configuration.locations {
            let state = states[location.id] ?? LocationState(nextPoll: now)
            switch feed.decide(location, state: state, now: now) {
            case .skip(_, let line):
                if let line { log.write(line) }
            case .ask(let provider, let calls):
                guard ledger.reserve(provider, calls: calls, now: now).granted else {
                    if let line = feed.overBudget(location) { log.write(line) }
                    continue
                }
                let answer = await feed.ask(
                    location, state: state, budget: ledger, now: now, transport: refresher.transport)
                execute(feed.apply(answer, to: state, for: location, now: now), for: location)
            }
        }
        // What these requests spent is saved now, not at the next round (`run --once` has none).
        persistChanged()
        persistBudget()
    }

    /// Executes one update of a location: logs, keeps and marks its state for saving, publishes.
    /// Returns the update's exit code.
    @discardableResult
    func execute(_ update: FeedUpdate, for location: LocationSettings) -> Int32 {
        guard update.changed else { return update.exitCode }
        if let counted = update.summary {
            quotaShown.refreshed(location.id)
            summary.record(counted.kind, fellBack: counted.fellBack, now: clock.now())
        }
        for line in update.logs { log.write(line) }
        states[location.id] = update.state
        saving.changed(location.id)
        if !update.topics.isEmpty { publish(location, update.topics) }
        return update.exitCode
    }
}
