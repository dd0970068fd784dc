/// A complete HTTP response. Any status code is a response, 4xx and 5xx included.
public struct HTTPResponse: Sendable {
    /// The status code of the final response (after redirects).
    public var status: Int
    /// The headers of the final response (after redirects), in the order received,
    /// names lower-cased.
    public var headers: [(name: String, value: String)]
    /// The body, already decoded if the server compressed it.
    public var body: [UInt8]

    /// A response with the given parts; header names are lower-cased.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers.map { (name: $0.name.lowercased(), value: $0.value) }
        self.body = body
    }

    /// The first value of the header `name` (case-insensitive), or `nil` when absent.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name == wanted }?.value
    }
}
