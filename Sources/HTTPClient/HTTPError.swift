/// Why a request produced no response.
///
/// The ``message`` is plain language for logs and status topics. It names the host, never
/// the path or the query of the URL, which can hold API keys.
public struct HTTPError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure, for callers that react differently (back off, fall back, give up).
    public enum Kind: Sendable {
        /// The host could not be resolved or refused / did not accept the connection.
        case couldNotConnect
        /// The connect timeout or the total timeout ran out.
        case timedOut
        /// The body was larger than ``HTTPRequest/maxBodyBytes``.
        case tooLarge
        /// The TLS handshake or the certificate verification failed.
        case tls
        /// The URL or a redirect used a scheme other than `http` or `https`.
        case protocolNotAllowed
        /// More redirects than ``HTTPRequest/maxRedirects``.
        case tooManyRedirects
        /// The URL (or a header) is not well-formed.
        case invalidURL
        /// The calling task was cancelled.
        case cancelled
        /// Anything else: a truncated or undecodable response, a reset connection, …
        case other
    }

    /// The kind of failure.
    public var kind: Kind
    /// A plain-language description naming the host only.
    public var message: String

    /// An error of `kind` described by `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The ``message``.
    public var description: String { message }
}
