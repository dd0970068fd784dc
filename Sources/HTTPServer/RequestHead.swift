/// A request's line and headers as they arrived, copied off the server's thread: what a
/// handler screens before any body is read. Nothing is decoded here.
public struct RequestHead: Sendable, Equatable {
    /// The sender's address (`192.168.1.20`), without its port.
    public var source: String
    /// `GET`, `HEAD`, `POST`, … as sent.
    public var method: String
    /// The request target as sent, still percent-encoded (`/frames/home.png?size=800x480`).
    public var target: String
    /// The header fields in arrival order, names as sent.
    public var headers: [HeaderField]

    public init(source: String, method: String, target: String, headers: [HeaderField] = []) {
        self.source = source
        self.method = method
        self.target = target
        self.headers = headers
    }

    /// The target up to its `?`, still encoded.
    public var path: Substring { target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0] }

    /// The target after its `?` (empty when there is none), still encoded.
    public var query: Substring {
        guard let mark = target.firstIndex(of: "?") else { return "" }
        return target[target.index(after: mark)...]
    }

    /// The first value of the header called `name` (compared without case).
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}
