import CMicroHTTPD
import Glibc

/// An HTTP/1.1 server on libmicrohttpd (opened on first use, not linked) that no neighbour can
/// hold: a request budget per source (429 past it), a body limit (413), a whole-request deadline
/// however slowly the bytes trickle in, connections per address and in all with room made for a
/// new address (``ConnectionTable``), and every refusal counted and reported once per source.
/// What to answer is the ``HTTPHandler``'s: a request value in, a response value out.
///
/// The station push listener and `weatherview serve` both run on it.
public final class HTTPListener: Sendable {
    /// What the server binds and takes. Every key has a default but the address.
    public struct Settings: Sendable {
        /// Where to listen.
        public var address: ListenAddress
        /// What the listener serves, as its notices begin (`station listener`, `serve`).
        public var subject = "station listener"
        /// The largest body taken; a longer one is answered 413.
        public var bodyLimit: Int = 16 * 1024
        /// The most fields a query may have; a longer one is closed unanswered (and said) as soon
        /// as its line is in (libmicrohttpd's connection memory would run out parsing it).
        public var fieldLimit = 256
        /// Each source's budget; over it, requests are answered 429.
        public var rate = RatePolicy(burst: 20, perSecond: 1)
        /// A connection idle this long is closed (stalled senders).
        public var idleTimeoutSeconds: UInt32 = 10
        /// A request must arrive in full within this many seconds of its connection's start (or
        /// of the previous answer on a kept-alive connection), however its bytes trickle in.
        public var requestSeconds: Double = 5
        /// Open connections at most, and from one address at most. When all are open, an address
        /// holding fewer than another still gets one: that other's oldest is closed for it.
        public var connectionLimit: UInt32 = 64
        public var connectionsPerAddress: UInt32 = 4
        /// Connections the kernel keeps waiting to be accepted (`listen`'s backlog).
        public var acceptBacklog: Int32 = 1024

        public init(address: ListenAddress) { self.address = address }
    }

    /// The address bound (with the port the kernel chose when port 0 was asked for).
    public let address: ListenAddress
    private let daemon: HTTPDaemon

    /// Binds and starts serving; `notices` is called (on the server's thread, or a timer's) with
    /// each refusal worth a log line. Throws when the address cannot be bound, naming why.
    public init(
        _ settings: Settings, handler: any HTTPHandler, notices: @escaping @Sendable (ListenerNotice) -> Void
    ) throws(ListenerError) {
        let (descriptor, port) = try BoundSocket.open(
            settings.address, type: SOCK_STREAM, shared: false, backlog: settings.acceptBacklog)
        address = settings.address.with(port: port)
        daemon = try HTTPDaemon(
            settings: settings, name: "http \(address)", descriptor: descriptor, handler: handler, notices: notices)
    }

    /// What was answered and refused so far.
    public var counts: ServerCounts { daemon.counts }

    /// How many times libmicrohttpd's constructor asked to initialise GnuTLS and was answered
    /// without it: 1 once a listener started in a process that exports CMicroHTTPD's
    /// `gnutls_global_init` (the bridge does), 0 where GnuTLS initialised itself (0.9 MB more).
    public static var tlsInitialisationsSkipped: Int { Int(cmhd_gnutls_inits_skipped()) }

    /// Closes the socket and every connection and waits for libmicrohttpd's thread to end.
    /// Idempotent.
    public func stop() { daemon.stop() }

    deinit { daemon.stop() }
}

/// A server's totals since it started.
public struct ServerCounts: Sendable, Equatable {
    /// Whole requests handed to the handler's `respond`.
    public var handled = 0
    /// Refusals by kind: the server's own (429, 413, connections, deadlines) and the handler's
    /// responses that carried a notice.
    public var refused: [ListenerNotice.Kind: Int] = [:]

    public init() {}

    public subscript(_ kind: ListenerNotice.Kind) -> Int { refused[kind] ?? 0 }
}
