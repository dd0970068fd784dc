import FoundationEssentials

/// How often an input with a cadence of its own is asked: written once, in its feed, and read by
/// both its decision and `check`'s plan.
public struct Cadence: Sendable, Equatable {
    public let seconds: Double

    public init(seconds: Double) { self.seconds = seconds }

    /// Nothing until a cadence after `last`; `nil` when it is due (never asked, or long enough ago).
    func wait(since last: Date?, now: Date) -> FeedAction? {
        guard let last, now.timeIntervalSince(last) < seconds else { return nil }
        return .skip(until: last.addingTimeInterval(seconds), log: nil)
    }

    /// The requests a day at this cadence.
    public var requestsPerDay: Int { PollingRules.requestsPerDay(every: seconds) }
}
