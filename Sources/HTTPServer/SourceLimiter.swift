/// Per-source budgets and "said once" marks, as a plain value: the listener's thread asks it
/// whether to take a request and whether a notice about a source is new. Time is passed in
/// (monotonic seconds), so the rules are tested without clocks or sockets.
///
/// At most `capacity` sources are remembered; when a new one arrives at a full table, the
/// sources whose bucket has refilled (quiet ones) are forgotten first, else the longest quiet.
package struct SourceLimiter: Sendable {
    /// What to do with a request.
    package enum Verdict: Equatable {
        case admitted
        /// Over budget; `firstTime` when this is the first refusal of this source (log it then).
        case limited(firstTime: Bool)
    }

    private struct Entry {
        var tokens: Double
        var last: Double
        /// The kinds of notice already reported for this source.
        var noticed: Set<ListenerNotice.Kind> = []
    }

    package let policy: RatePolicy
    package let capacity: Int
    /// Notices of all sources together: `notices.burst` at once, then `notices.perSecond`; the
    /// rest are counted, and the next one said tells how many were not (hundreds of addresses
    /// give a few lines, not one each).
    package let notices: RatePolicy
    private var entries: [String: Entry] = [:]
    private var noticeTokens: Double
    private var noticeLast: Double?
    private var unsaid = 0

    package init(policy: RatePolicy, capacity: Int = 256, notices: RatePolicy = RatePolicy(burst: 20, perSecond: 0.2)) {
        self.policy = policy
        self.capacity = max(1, capacity)
        self.notices = notices
        noticeTokens = Double(notices.burst)
    }

    /// Whether a notice may be logged at `now`: `nil` when not (it is counted), else how many
    /// were not since the last one logged.
    package mutating func sayNotice(at now: Double) -> Int? {
        let elapsed = noticeLast.map { max(0, now - $0) } ?? 0
        noticeLast = now
        noticeTokens = min(Double(notices.burst), noticeTokens + elapsed * notices.perSecond)
        guard noticeTokens >= 1 else {
            unsaid += 1
            return nil
        }
        noticeTokens -= 1
        defer { unsaid = 0 }
        return unsaid
    }

    /// Takes one request of `source` at `now` from its budget.
    package mutating func admit(_ source: String, at now: Double) -> Verdict {
        var entry = refilled(source, at: now)
        defer { entries[source] = entry }
        if entry.tokens >= 1 {
            entry.tokens -= 1
            return .admitted
        }
        return .limited(firstTime: entry.noticed.insert(.rateLimited).inserted)
    }

    /// Whether `kind` is new for `source` (and marks it said).
    package mutating func firstNotice(_ kind: ListenerNotice.Kind, from source: String, at now: Double) -> Bool {
        var entry = refilled(source, at: now)
        defer { entries[source] = entry }
        return entry.noticed.insert(kind).inserted
    }

    /// What is left of `source`'s budget (a full one for a source not seen lately).
    package func remaining(_ source: String) -> Double { entries[source]?.tokens ?? Double(policy.burst) }

    /// Sources remembered now.
    package var count: Int { entries.count }

    private mutating func refilled(_ source: String, at now: Double) -> Entry {
        let burst = Double(policy.burst)
        guard var entry = entries[source] else {
            makeRoom(at: now)
            return Entry(tokens: burst, last: now)
        }
        let elapsed = max(0, now - entry.last)
        entry.tokens = min(burst, entry.tokens + elapsed * policy.perSecond)
        entry.last = now
        return entry
    }

    private mutating func makeRoom(at now: Double) {
        guard entries.count >= capacity else { return }
        let burst = Double(policy.burst)
        let quiet = entries.filter { $0.value.tokens + max(0, now - $0.value.last) * policy.perSecond >= burst }
        if !quiet.isEmpty {
            for source in quiet.keys { entries[source] = nil }
        } else if let oldest = entries.min(by: { $0.value.last < $1.value.last }) {
            entries[oldest.key] = nil
        }
    }
}
