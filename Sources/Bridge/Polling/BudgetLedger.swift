import FoundationEssentials
import Synchronization
import WeatherModel

/// Today's requests per provider, asked right before every request the bridge makes — a
/// forecast and each fallback, a nowcast of its own, MET Norway's nowcast, air quality, a One
/// Call 4.0 alert call — by `reserve`, the one budget check: a request is counted when it is
/// reserved, so the requests of a round in flight together cannot pass a limit between them.
///
/// With a `StateStore`, the counts outlive the process: before a reservation takes a provider
/// past what `budget.json` holds, the file is written with a lease ahead (`RequestBudget.reserve`),
/// so a restart after a kill starts from at least what was asked. `save(exact:)` writes the
/// counts themselves (at shutdown). A write that fails (a full `state_dir`) does not stop the
/// request: `unsaved` says so, and `save` writes again (and returns the `errno`) until it succeeds.
public final class BudgetLedger: Sendable {
    public let limits: BudgetLimits
    let store: StateStore?

    struct Books: Sendable {
        /// The requests counted today.
        var budget: RequestBudget
        /// What `budget.json` holds (its day's counts).
        var saved: RequestBudget
        var savedBytes: [UInt8]?
        /// A write failed since the last good one.
        var unsaved = false

        /// Today's counts, each at least what the file holds: what a write must not lower.
        var covering: RequestBudget {
            var counts = budget
            guard saved.day == counts.day else { return counts }
            for (name, count) in saved.used { counts.used[name] = max(counts.usedToday(name), count) }
            return counts
        }
    }

    let books: Mutex<Books>

    /// The ledger of `store`'s `budget.json` (from its counts when the file is today's), or one
    /// that saves nothing (`store` nil: `fetch`).
    public init(limits: BudgetLimits, store: StateStore?, now: Date) {
        self.limits = limits
        self.store = store
        let saved = store?.loadBudget() ?? RequestBudget(day: ZoneInfo.utc.localDate(now))
        var budget = saved
        budget.roll(to: now)
        books = Mutex(Books(budget: budget, saved: saved))
    }

    /// Counts `calls` requests of `provider` when they fit in today's budget (and makes the count
    /// durable first where it must be): `.refused` means the request must not go out. A lease is
    /// written under the lock, so the round's other reservations wait for it (at most 64 times a
    /// day per provider).
    public func reserve(_ provider: String, calls: Int, now: Date) -> BudgetDecision {
        let limit = limits.limit(provider)
        return books.withLock { books in
            let decision = books.budget.reserve(provider, calls: calls, limit: limit, saved: books.saved, now: now)
            if case .granted(let ahead?) = decision, let store, !books.unsaved {
                var lease = books.covering
                lease.used[provider] = ahead
                write(lease, to: store, &books)
            }
            return decision
        }
    }

    /// Today's counts as of `now`.
    public func budget(at now: Date) -> RequestBudget {
        books.withLock { books in
            books.budget.roll(to: now)
            return books.budget
        }
    }

    /// Writes `budget.json`: the counts themselves when `exact` (at shutdown), else only where the
    /// file does not cover them yet (a write that failed before). Returns 0 or the `errno`.
    @discardableResult
    public func save(exact: Bool) -> Int32 {
        guard let store else { return 0 }
        return books.withLock { books in
            let covered =
                books.saved.day == books.budget.day
                && books.budget.used.allSatisfy { $0.value <= books.saved.usedToday($0.key) }
            guard exact || !covered || books.unsaved else { return 0 }
            return write(exact ? books.budget : books.covering, to: store, &books)
        }
    }

    /// Whether a write of `budget.json` failed since its last good one.
    public var unsaved: Bool { books.withLock { $0.unsaved } }

    /// Writes `counts` unless the file holds them already; 0 or the `errno`.
    @discardableResult
    private func write(_ counts: RequestBudget, to store: StateStore, _ books: inout Books) -> Int32 {
        let bytes = store.budgetBytes(counts)
        guard bytes != books.savedBytes else {
            books.unsaved = false
            return 0
        }
        let code = StateFiles.writeReportingErrno(store.budgetPath, bytes)
        if code == 0 {
            books.saved = counts
            books.savedBytes = bytes
            books.unsaved = false
        } else {
            books.unsaved = true
        }
        return code
    }
}
