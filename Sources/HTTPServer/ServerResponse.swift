/// What a handler answers: a status, header fields and a body, and, for a refusal, what to
/// report. libmicrohttpd adds `Content-Length` and `Date`, and sends no body to a `HEAD`.
public struct ServerResponse: Sendable, Equatable {
    /// A refusal to count and report (once per source and kind, within the notice budget).
    public struct Notice: Sendable, Equatable {
        /// The source the notice is about: the requester's when `nil`.
        public var source: String?
        public var reason: ListenerNotice.Reason

        public init(_ reason: ListenerNotice.Reason, source: String? = nil) {
            self.reason = reason
            self.source = source
        }
    }

    public var status: Int
    public var headers: [HeaderField]
    public var body: [UInt8]
    public var notice: Notice?

    public init(status: Int, headers: [HeaderField] = [], body: [UInt8] = [], notice: Notice? = nil) {
        self.status = status
        self.headers = headers
        self.body = status == 304 || status == 204 ? [] : body
        self.notice = notice
    }

    /// A `text/plain` answer of one line.
    public static func text(_ status: Int, _ text: String, notice: Notice? = nil) -> ServerResponse {
        ServerResponse(
            status: status, headers: [HeaderField("Content-Type", "text/plain; charset=utf-8")],
            body: Array(text.utf8), notice: notice)
    }

    /// The first value of the header called `name` (compared without case).
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}
