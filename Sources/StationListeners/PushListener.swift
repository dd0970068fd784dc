import HTTPServer

/// An HTTP listener for stations that push: Ecowitt gateways (form POST), Ambient Weather and
/// Wunderground-protocol consoles (GET query), at the "customized server" a user sets in the
/// device. Any path is taken unless ``Settings/path`` is set. Every accepted push is answered
/// `200` with the body `success` (what Wunderground answers and the devices expect; see
/// docs/LISTENERS.md) and delivered on ``events``.
///
/// The server is an ``HTTPListener`` (module HTTPServer): it keeps the budgets, size limits,
/// deadlines and connections; ``PushHandler`` screens the method and path and yields each push
/// to ``events``.
public final class PushListener: Sendable {
    /// What the listener binds and takes. Every key has a default but the address.
    public struct Settings: Sendable {
        /// Where to listen (`listen:` in the configuration).
        public var address: ListenAddress
        /// The one path taken (`path:`); `nil` takes any. A trailing `/` does not matter.
        public var path: String?
        /// The largest body taken; a longer one is answered 413. Gateways post about 1 to 3 kB.
        public var bodyLimit: Int = 16 * 1024
        /// The most fields a query may have; a longer one is closed unanswered (and said) as soon
        /// as its line is in. Gateways send 20 to 100.
        public var fieldLimit = 256
        /// Each source's budget; over it, requests are answered 429.
        public var rate = RatePolicy(burst: 20, perSecond: 1)
        /// A connection idle this long is closed (stalled senders).
        public var idleTimeoutSeconds: UInt32 = 10
        /// A request must arrive in full within this many seconds of its connection's start (or
        /// of the previous answer on a kept-alive connection), however its bytes trickle in.
        /// Gateways send a push in well under a second.
        public var requestSeconds: Double = 5
        /// Open connections at most, and from one address at most. When all are open, an address
        /// holding fewer than another still gets one: that other's oldest is closed for it.
        public var connectionLimit: UInt32 = 64
        public var connectionsPerAddress: UInt32 = 4
        /// Connections the kernel keeps waiting to be accepted (`listen`'s backlog): room for a
        /// burst, so that a station's connection is not dropped before the listener sees it.
        public var acceptBacklog: Int32 = 1024
        /// Requests kept while the reader is busy (and as many notices); beyond it, the request
        /// of the source with the least budget left is dropped (``FairBacklog``).
        public var backlog = 32

        public init(address: ListenAddress, path: String? = nil) {
            self.address = address
            self.path = path
        }
    }

    /// The address bound (with the port the kernel chose when port 0 was asked for).
    public let address: ListenAddress
    /// Requests and notices, in arrival order; finishes when the listener stops.
    public let events: AsyncStream<PushEvent>
    private let server: HTTPListener
    private let backlog: FairBacklog<PushEvent>

    /// Binds and starts listening; throws when the address cannot be bound (naming why).
    public init(_ settings: Settings) throws(ListenerError) {
        let backlog = FairBacklog<PushEvent>(capacity: settings.backlog)
        var server = HTTPListener.Settings(address: settings.address)
        server.bodyLimit = settings.bodyLimit
        server.fieldLimit = settings.fieldLimit
        server.rate = settings.rate
        server.idleTimeoutSeconds = settings.idleTimeoutSeconds
        server.requestSeconds = settings.requestSeconds
        server.connectionLimit = settings.connectionLimit
        server.connectionsPerAddress = settings.connectionsPerAddress
        server.acceptBacklog = settings.acceptBacklog
        let handler = PushHandler(path: settings.path, backlog: backlog, capacity: settings.backlog)
        do {
            self.server = try HTTPListener(server, handler: handler) {
                backlog.yield(.notice($0), from: $0.source, weight: 0, kind: .notice)
            }
        } catch {
            backlog.finish()
            throw error
        }
        address = self.server.address
        events = backlog.stream
        self.backlog = backlog
    }

    /// What was taken and refused so far.
    public var counts: PushCounts { PushCounts(server.counts) }

    /// How many times libmicrohttpd's constructor asked to initialise GnuTLS and was answered
    /// without it: 1 once a listener started in a process that exports CMicroHTTPD's
    /// `gnutls_global_init` (the bridge does), 0 where GnuTLS initialised itself (0.9 MB more).
    public static var tlsInitialisationsSkipped: Int { HTTPListener.tlsInitialisationsSkipped }

    /// Closes the socket and every connection, waits for libmicrohttpd's thread to end and
    /// finishes ``events``. Idempotent.
    public func stop() {
        server.stop()
        backlog.finish()
    }

    deinit { stop() }
}

/// What a ``PushListener`` delivers.
public enum PushEvent: Sendable, Equatable {
    /// A push to decode.
    case request(PushRequest)
    /// Something to log (once per source and kind).
    case notice(ListenerNotice)
}

/// A push listener's totals since it started.
public struct PushCounts: Sendable, Equatable {
    public var accepted = 0
    /// Answered 429.
    public var rateLimited = 0
    /// Answered 413.
    public var tooLarge = 0
    /// Answered 404.
    public var wrongPath = 0
    /// Answered 405.
    public var wrongMethod = 0
    /// Accepted but dropped because the reader fell behind.
    public var dropped = 0
    /// Connections refused (the source's share taken) or closed to make room for another address's.
    public var connectionsRefused = 0
    /// Connections closed with no whole request within ``PushListener/Settings/requestSeconds``.
    public var tooSlow = 0

    public init() {}

    init(_ server: ServerCounts) {
        accepted = server.handled
        rateLimited = server[.rateLimited]
        tooLarge = server[.tooLarge]
        wrongPath = server[.wrongPath]
        wrongMethod = server[.wrongMethod]
        dropped = server[.dropped]
        connectionsRefused = server[.connections]
        tooSlow = server[.tooSlow]
    }
}
