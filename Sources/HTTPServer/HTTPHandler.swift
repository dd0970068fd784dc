/// What answers an ``HTTPListener``'s requests. Both calls arrive on libmicrohttpd's one
/// polling thread, one at a time, and must not block for long: every other connection waits.
public protocol HTTPHandler: Sendable {
    /// An answer as soon as the head is in (the body is then not read), or `nil` to read the
    /// body and ask ``respond(to:)``. Called after the source's request budget and before the
    /// declared `Content-Length` is checked.
    func screen(_ head: RequestHead) -> ServerResponse?

    /// The answer to a whole request.
    func respond(to request: ServerRequest) -> ServerResponse
}
