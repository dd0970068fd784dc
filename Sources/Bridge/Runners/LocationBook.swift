import Configuration
import FoundationEssentials
import WeatherModel
import WireContract

/// The locations' states as decisions: which are due for a feed, what an answer's update does —
/// kept, counted in the `info` summary, marked for saving, its lines said, its topics published —
/// what each status shows, and what the schedule journal holds. A plain value — an update in,
/// actions out — that `LocationRunner` keeps and executes.
struct LocationBook {
    /// What the runner does for the book.
    enum Action: Equatable {
        case log(LogLine)
        /// Publish these payloads of the location again, built from its new state.
        case publish([LocationTopic])
    }

    /// Each configured location's state, by id.
    private(set) var states: [String: LocationState]
    /// When what goes to `state_dir`: only what changed, in batches, a failure said once.
    var saving: StateSaving
    /// The request budget each location's status shows (as of its last refresh).
    private var quotaShown = QuotaShown()
    /// Per-location refresh lines are `debug`; this is the `info` summary.
    private var summary = RefreshSummary()

    init(states: [String: LocationState], saving: StateSaving) {
        self.states = states
        self.saving = saving
    }

    /// The state of location `id` (a location never seen is due `now`).
    func state(_ id: String, now: Date) -> LocationState {
        states[id] ?? LocationState(nextPoll: now)
    }

    /// Of `locations`, those `feed` asks now, in order.
    func due(_ locations: [LocationSettings], for feed: some LocationFeed, now: Date) -> [LocationSettings] {
        locations.filter { feed.decide($0, state: state($0.id, now: now), now: now).asks }
    }

    /// When each location is next asked for its forecast.
    var nextPolls: [Date] { states.values.map(\.nextPoll) }

    /// What `update` does to `location` at `now`: its state kept and marked for saving, the
    /// refresh counted (its status then shows the budget as it is), its lines and its topics.
    /// Nothing where the update changed nothing (a cancelled request).
    mutating func record(_ update: FeedUpdate, for location: LocationSettings, now: Date) -> [Action] {
        guard update.changed else { return [] }
        if let counted = update.summary {
            quotaShown.refreshed(location.id)
            summary.record(counted.kind, fellBack: counted.fellBack, now: now)
        }
        states[location.id] = update.state
        saving.changed(location.id)
        let topics = update.topics
        return update.logs.map(Action.log) + (topics.isEmpty ? [] : [.publish(topics)])
    }

    /// The `info` summary line, when one is due.
    mutating func summaryLine(now: Date) -> String? { summary.line(now: now) }

    /// The status payload of each of `locations` that has a state: the budget shown as of its
    /// last refresh (`budget`: as it is now).
    mutating func statuses(
        _ locations: [LocationSettings], limits: BudgetLimits, now: Date, budget: () -> RequestBudget
    ) -> [(id: String, payload: JSONValue)] {
        locations.compactMap { location in
            guard let state = states[location.id] else { return nil }
            let quota = quotaShown.quota(location.id, now: budget)
            return (
                location.id,
                StatusPayload.status(location: location, state: state, budget: quota, limits: limits, now: now)
            )
        }
    }

    /// Every location's schedule, as the journal keeps it (`startedAt`: the attempt of a location
    /// never asked).
    func journalEntries(startedAt: Date) -> [String: ScheduleJournal.Entry] {
        states.mapValues {
            ScheduleJournal.Entry(
                nextPoll: $0.nextPoll, failures: $0.consecutiveFailures, attempt: $0.lastAttempt ?? startedAt)
        }
    }
}
