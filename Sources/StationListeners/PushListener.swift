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
    /// What the listener binds and takes: the server's settings (``HTTPListener/Settings``: the
    /// address, body and query limits, the rate, the deadlines and the connections, read and
    /// set through this value as `settings.rate`), the path and the backlog. Every key has a
    /// default but the address; gateways post 1 to 3 kB with 20 to 100 fields, well within them.
    @dynamicMemberLookup
    public struct Settings: Sendable {
        public var server: HTTPListener.Settings
        /// The one path taken (`path:`); `nil` takes any. A trailing `/` does not matter.
        public var path: String?
        /// Requests kept while the reader is busy (and as many notices); beyond it, the request
        /// of the source with the least budget left is dropped (``FairBacklog``).
        public var backlog = 32

        public init(address: ListenAddress, path: String? = nil) {
            server = HTTPListener.Settings(address: address)
            self.path = path
        }

        public subscript<Value>(dynamicMember key: WritableKeyPath<HTTPListener.Settings, Value>) -> Value {
            get { server[keyPath: key] }
            set { server[keyPath: key] = newValue }
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
        let handler = PushHandler(path: settings.path, backlog: backlog, capacity: settings.backlog)
        do {
            self.server = try HTTPListener(settings.server, handler: handler) {
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
