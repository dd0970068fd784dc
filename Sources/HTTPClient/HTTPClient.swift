/// An HTTP client for provider requests, built on libcurl.
///
/// All transfers of one client run on a single dedicated thread that drives a `curl_multi`
/// handle; no libcurl call blocks a task. At most `maxConcurrent` requests are on the wire at
/// once, the rest wait in order. Connections and DNS answers are reused between requests.
///
/// Every request: gzip/deflate accepted and decoded, TLS verified (peer and host name), only
/// `http`/`https` allowed (redirects included), connect and total time bounded, body size
/// bounded while it streams, no signals (`CURLOPT_NOSIGNAL`).
public final class HTTPClient: Sendable {
    /// A process-wide client with the default limit of 8 requests in flight.
    public static let shared = HTTPClient()

    private let loop: TransferLoop

    /// A client with its own transfer thread.
    ///
    /// - Parameter maxConcurrent: the most requests on the wire at once (at least 1);
    ///   further requests wait in a queue, first come first served.
    public init(maxConcurrent: Int = 8) {
        loop = TransferLoop(maxConcurrent: maxConcurrent)
    }

    deinit {
        loop.stop()
    }

    /// How many requests wait in the queue for a free slot.
    var queuedCount: Int { loop.queuedCount }

    /// Sends `request` and returns the final response (after redirects), whatever its status.
    ///
    /// Cancelling the calling task removes the request at once (queued or on the wire) and
    /// throws ``HTTPError/Kind-swift.enum/cancelled``.
    ///
    /// - Throws: ``HTTPError`` when there is no complete response; its message names the host,
    ///   never the path or query.
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        let prepared = try PreparedRequest(request)
        if Task.isCancelled { throw HTTPError(.cancelled, "the request was cancelled") }
        let loop = self.loop
        let id = loop.register()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                loop.submit(TransferLoop.Job(id: id, request: prepared, continuation: continuation))
            }
        } onCancel: {
            loop.cancel(id)
        }
        return try result.get()
    }
}
