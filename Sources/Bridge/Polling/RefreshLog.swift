import FoundationEssentials
import Providers
import WeatherModel

/// The words of the bridge's refresh log lines, pure so that tests can read them: every failure
/// says when the next attempt is, and a rate limit says which `Retry-After` is honoured.
public enum RefreshLog {
    /// `refresh failed: <error>; next attempt at <time> (in <n> s)[, honouring Retry-After: <n> s]`.
    public static func failed(_ error: ProviderError, nextAttempt: Date, now: Date, retryAfter: Double?) -> String {
        "refresh failed: \(error.description); " + next(nextAttempt, now: now, retryAfter: retryAfter)
    }

    /// `fell back from <provider>: <error>; asking it again at <time> …` for a provider that
    /// failed while a later one served.
    public static func fellBack(
        from provider: String, _ error: ProviderError, nextAttempt: Date, now: Date, retryAfter: Double?
    ) -> String {
        "fell back from \(provider): \(error.description); asking it again "
            + next(nextAttempt, now: now, retryAfter: retryAfter).dropFirst("next attempt ".count)
    }

    static func next(_ date: Date, now: Date, retryAfter: Double?) -> String {
        let seconds = Int(max(0, date.timeIntervalSince(now)).rounded(.up))
        var text = "next attempt at \(ISO8601.string(date, in: .utc)) (in \(seconds) s)"
        if let retryAfter, retryAfter > 0 { text += ", honouring Retry-After: \(Int(retryAfter.rounded(.up))) s" }
        return text
    }
}

/// Counts refreshes between `info` summaries: per-location lines are `debug`, and one line
/// per `period` (and one after the first round) says how the refreshes went.
public struct RefreshSummary: Sendable, Equatable {
    public enum Kind: Sendable { case fresh, notModified, failed }

    public let period: Double
    public private(set) var fresh = 0
    public private(set) var notModified = 0
    public private(set) var failed = 0
    public private(set) var fallbacks = 0
    private var since: Date?
    private var reportedOnce = false

    public init(period: Double = 3600) { self.period = period }

    public mutating func record(_ kind: Kind, fellBack: Bool = false, now: Date) {
        if since == nil { since = now }
        switch kind {
        case .fresh: fresh += 1
        case .notModified: notModified += 1
        case .failed: failed += 1
        }
        if fellBack { fallbacks += 1 }
    }

    /// The summary line when one is due (after the first round, then once per `period`), and
    /// the counters start again; `nil` otherwise.
    public mutating func line(now: Date) -> String? {
        guard let since, fresh + notModified + failed > 0 else { return nil }
        guard !reportedOnce || now.timeIntervalSince(since) >= period else { return nil }
        let minutes = Int((now.timeIntervalSince(since) / 60).rounded())
        let text =
            "refreshes in the last \(minutes) min: \(fresh) new, \(notModified) not modified, \(failed) failed"
            + (fallbacks > 0 ? ", \(fallbacks) served by a fallback" : "")
        reportedOnce = true
        self.since = now
        fresh = 0
        notModified = 0
        failed = 0
        fallbacks = 0
        return text
    }
}
