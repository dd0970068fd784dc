/// Something wrong with what a source sent, reported once per source and kind (the counts in
/// ``PushListener/counts`` and ``DatagramListener/counts`` keep the totals). ``message`` is the
/// log line, with station keys masked.
public struct ListenerNotice: Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, for the once-per-source bookkeeping.
    public enum Kind: Sendable, Hashable {
        case rateLimited, tooLarge, wrongPath, wrongMethod, empty, dropped, connections, tooSlow
    }

    /// What went wrong, with what the message names.
    public enum Reason: Sendable, Equatable {
        /// More than the ``RatePolicy`` allows; answered 429 (HTTP) or dropped (UDP).
        case rateLimited(RatePolicy)
        /// A body or datagram over `limit` bytes; answered 413 (HTTP) or dropped (UDP).
        case tooLarge(limit: Int)
        /// A push to `path` where the listener takes only `expected`; answered 404.
        case wrongPath(String, expected: String)
        /// A method other than GET and POST; answered 405.
        case wrongMethod(String)
        /// An empty datagram; dropped.
        case empty
        /// Arrivals faster than the reader takes them: the waiting requests or datagrams of the
        /// source with the least budget left were dropped (``FairBacklog``).
        case dropped(backlog: Int)
        /// A new connection refused: the source holds `held` already, the most one address may
        /// (`perSource`) or as many as any other while all `total` are open (HTTP).
        case tooManyConnections(held: Int, perSource: Int, total: Int)
        /// The source's oldest connection closed to make room for another address's, all `total`
        /// being open and this source holding the most (HTTP).
        case crowdedOut(total: Int)
        /// A request not in full within `seconds` of its connection's start: closed (HTTP).
        case tooSlow(seconds: Double)
        /// A query of more than `limit` fields: closed as soon as its line is in (HTTP).
        case tooManyFields(limit: Int)

        public var kind: Kind {
            switch self {
            case .rateLimited: .rateLimited
            case .tooLarge, .tooManyFields: .tooLarge
            case .wrongPath: .wrongPath
            case .wrongMethod: .wrongMethod
            case .empty: .empty
            case .dropped: .dropped
            case .tooManyConnections, .crowdedOut: .connections
            case .tooSlow: .tooSlow
            }
        }
    }

    /// The listener, as `http 127.0.0.1:8080` or `udp 0.0.0.0:50222`.
    public var listener: String
    /// The source address.
    public var source: String
    public var reason: Reason
    /// Notices of this listener not logged before this one (over the listener's notice budget).
    public var unsaid = 0
    /// What the listener serves, as the message begins: `station listener`, `serve`.
    public var subject = "station listener"

    public init(
        listener: String, source: String, reason: Reason, unsaid: Int = 0, subject: String = "station listener"
    ) {
        self.listener = listener
        self.source = source
        self.reason = reason
        self.unsaid = unsaid
        self.subject = subject
    }

    public var message: String {
        let prefix = "\(subject) \(listener): \(source) "
        let suffix =
            unsaid > 0
            ? " (counted; said once per source; \(unsaid) other notices not logged before this one)"
            : " (counted; said once per source)"
        switch reason {
        case .rateLimited(let policy):
            return prefix + "sends more than \(policy.burst) at once or \(Self.number(policy.perSecond)) a second: "
                + (listener.hasPrefix("http") ? "answering 429" : "dropping the excess") + suffix
        case .tooLarge(let limit):
            return prefix + "sent more than \(limit) bytes in one "
                + (listener.hasPrefix("http") ? "body: answered 413" : "datagram: dropped") + suffix
        case .wrongPath(let path, let expected):
            return prefix + "pushed to \(LogMask.text(path)), not to \(expected): answered 404" + suffix
        case .wrongMethod(let method):
            return prefix + "used \(LogMask.text(method)) (GET and POST are taken): answered 405" + suffix
        case .empty:
            return prefix + "sent an empty datagram: dropped" + suffix
        case .dropped(let backlog):
            return prefix + "sends faster than the bridge reads: more than \(backlog) waiting, "
                + "its own dropped first"
                + suffix
        case .tooManyConnections(let held, let perSource, let total):
            return prefix
                + (held >= perSource
                    ? "holds \(held) connections, the most one address may: closed a new one unanswered"
                    : "holds \(held) connections, as many as any other while all \(total) are open: "
                        + "closed a new one unanswered") + suffix
        case .crowdedOut(let total):
            return prefix + "holds the most of the \(total) connections while another address waits: "
                + "closed its oldest unanswered" + suffix
        case .tooManyFields(let limit):
            return prefix + "sent a query of more than \(limit) fields (no client here sends that many): "
                + "closed the connection unanswered" + suffix
        case .tooSlow(let seconds):
            return prefix + "sent no whole request within \(Self.number(seconds)) s of connecting: "
                + "closed the connection unanswered" + suffix
        }
    }

    public var description: String { message }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
