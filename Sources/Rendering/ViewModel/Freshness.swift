import FoundationEssentials
import WeatherModel
import WireContract

/// How old the shown data is, from the payloads' own times (never the time of rendering):
/// `as of 14:05` while fresh, `2 h old` once it is an hour old, and stale when the bridge's
/// status says `stale`/`error` or a payload is past its `expires_at` by more than its refresh interval.
public struct Freshness: Sendable, Equatable {
    public enum Level: String, Sendable, Equatable, Comparable {
        /// Less than an hour old and not expired.
        case fresh
        /// An hour old or more, but neither expired nor reported stale.
        case old
        /// Expired, or the bridge reports it stale or failing.
        case stale

        private var rank: Int {
            switch self {
            case .fresh: 0
            case .old: 1
            case .stale: 2
            }
        }

        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rank < rhs.rank }
    }

    /// Data this old (seconds) stops reading "as of" and starts reading "… old".
    public static let oldAfter: Double = 3600

    /// The instant the data describes: the current reading's `time` (or `fetched_at` when
    /// that is earlier or missing), else the forecasts' `fetched_at`.
    public var asOf: Date?
    /// Seconds between `asOf` and now (never negative).
    public var age: Double?
    /// The earliest `expires_at` of the shown payloads.
    public var expiresAt: Date?
    public var level: Level
    /// Why the data counts as stale, in plain words (empty unless `level == .stale`).
    public var reasons: [String]
    /// `as of 14:05` (`as of Fri 14:05` on another day), or empty when no time is known.
    public var asOfText: String
    /// `12 min`, `2 h`, `3 d`, `just now`; empty when no time is known.
    public var ageText: String

    /// The language of the texts.
    public var language: Language

    /// One phrase for headers and status bars: `as of 14:05`, `2 h old`, `stale, 2 h old`.
    public var text: String {
        let words = language.messages
        let ageWords = age.map { $0 < 60 ? words.justNow : Messages.fill(words.old, [("age", ageText)]) } ?? ""
        switch level {
        case .fresh: return asOfText
        case .old: return ageWords
        case .stale:
            let detail = (age ?? 0) < Freshness.oldAfter ? asOfText : ageWords
            return detail.isEmpty ? words.stale : words.stale + ", " + detail
        }
    }

    public var isStale: Bool { level == .stale }

    init(
        asOf: Date?, expiresAt: Date?, statusState: String?, statusError: String?, now: Date, zone: ZoneInfo,
        fetchedAt: Date? = nil, lastSuccess: Date? = nil, language: Language = .en
    ) {
        self.language = language
        let words = language.messages
        self.asOf = asOf
        self.expiresAt = expiresAt
        let today = zone.localDate(now)
        age = asOf.map { max(0, now.timeIntervalSince($0)) }
        asOfText =
            asOf.map {
                Messages.fill(words.asOf, [("time", LocalTime.moment($0, in: zone, today: today, language: language))])
            } ?? ""
        ageText = age.map { LocalTime.duration($0, language: language) } ?? ""
        var reasons: [String] = []
        switch statusState {
        case "stale": reasons.append(words.reasonStale)
        case "error":
            reasons.append(words.reasonError + (statusError.map { ": " + $0 } ?? ""))
        default: break
        }
        // As the bridge judges it (one rule, WireContract's `Staleness`).
        if let expiresAt,
            Staleness.isStale(expiresAt: expiresAt, fetchedAt: fetchedAt, lastSuccess: lastSuccess, now: now)
        {
            let time = LocalTime.moment(expiresAt, in: zone, today: today, language: language)
            reasons.append(Messages.fill(words.expiredAt, [("time", time)]))
        }
        self.reasons = reasons
        if !reasons.isEmpty {
            level = .stale
        } else if let age, age >= Freshness.oldAfter {
            level = .old
        } else {
            level = .fresh
        }
    }
}
