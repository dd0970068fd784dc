/// A GET request for ``HTTPClient/send(_:)``.
///
/// Every request is sent with `Accept-Encoding` for gzip and deflate (the body is decoded
/// before it is handed back), TLS verification on, and only `http` and `https` allowed,
/// both for the URL itself and for every redirect.
public struct HTTPRequest: Sendable {
    /// The absolute `http://` or `https://` URL. It may carry an API key in its path or
    /// query: no error message ever repeats either, only the host.
    public var url: String
    /// Request headers in the order they are sent, e.g. `User-Agent`, `Accept`,
    /// `If-None-Match`, `If-Modified-Since`. A header with an empty value is sent empty.
    public var headers: [(name: String, value: String)]
    /// How long establishing the connection (DNS, TCP and TLS) may take.
    public var connectTimeout: Duration = .seconds(10)
    /// How long the whole exchange may take, redirects and body included, counted from when the
    /// request goes on the wire (time spent waiting for a free slot in the client is not counted).
    public var totalTimeout: Duration = .seconds(30)
    /// The largest decoded body accepted. A larger one fails with
    /// ``HTTPError/Kind-swift.enum/tooLarge`` as soon as it crosses the limit, while it streams.
    public var maxBodyBytes: Int = 10 * 1024 * 1024
    /// How many redirects are followed (to `http`/`https` only). With `0`, a redirect
    /// response is returned as it is instead of being followed.
    public var maxRedirects: Int = 3

    /// A request for `url` with the given headers and the default limits.
    public init(url: String, headers: [(name: String, value: String)] = []) {
        self.url = url
        self.headers = headers
    }
}
