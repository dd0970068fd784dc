import FoundationEssentials
import HTTPServer

/// What the push listener answers, on the server's thread: a method other than GET and POST
/// 405, a path other than the one taken 404, any other push `200 success` once it is handed to
/// the ``FairBacklog`` (whose dropped requests are reported against their sender).
struct PushHandler: HTTPHandler {
    let path: String?
    let backlog: FairBacklog<PushEvent>
    /// The backlog's size, for the "dropped" notice.
    let capacity: Int

    func screen(_ head: RequestHead) -> ServerResponse? {
        if head.method != "GET" && head.method != "POST" {
            return .text(405, "method not allowed", notice: .init(.wrongMethod(head.method)))
        }
        if let expected = path {
            let path = PushRequest.split(head.target).path
            if Self.trimmed(path) != Self.trimmed(expected) {
                return .text(404, "not found", notice: .init(.wrongPath(path, expected: expected)))
            }
        }
        return nil
    }

    func respond(to request: ServerRequest) -> ServerResponse {
        let push = PushRequest(
            source: request.head.source, method: request.head.method, target: request.head.target, body: request.body,
            received: Date())
        let dropped = backlog.yield(.request(push), from: push.source, weight: request.budget, kind: .request)
        return .text(200, "success", notice: dropped.map { .init(.dropped(backlog: capacity), source: $0) })
    }

    private static func trimmed(_ path: String) -> Substring {
        var path = Substring(path)
        while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
        return path
    }
}
