import Foundation
import Synchronization
import TestSupport
import Testing

@testable import HTTPServer

/// The server with a handler of the test's own, over real HTTP on 127.0.0.1: what the handler
/// sees is the request as sent; what it answers is what the client gets.
@Suite("HTTP listener")
struct HTTPListenerTests {
    /// Answers every request with what it saw, and refuses `/no` at the head with a notice.
    final class Echo: HTTPHandler {
        let seen = Mutex<[ServerRequest]>([])

        func screen(_ head: RequestHead) -> ServerResponse? {
            head.path == "/no" ? .text(403, "no\n", notice: .init(.wrongPath("/no", expected: "/"))) : nil
        }

        func respond(to request: ServerRequest) -> ServerResponse {
            seen.withLock { $0.append(request) }
            let status = request.head.header("X-Status").flatMap { Int($0) } ?? 200
            return ServerResponse(
                status: status, headers: [HeaderField("ETag", "\"e1\""), HeaderField("X-Echo", request.head.target)],
                body: Array("body of \(request.head.method)".utf8))
        }
    }

    /// `curl` for one URL: status, headers (names lower-cased), body.
    static func fetch(_ url: String, _ options: [String] = []) throws -> (Int, [String: String], String) {
        let folder = TemporaryFolder()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: findExecutable("curl") ?? "/usr/bin/curl")
        process.arguments =
            ["-s", "--max-time", "20", "-D", folder.path + "/head", "-o", folder.path + "/body", "-w", "%{http_code}"]
            + options + [url]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let status = Int(String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)) ?? 0
        process.waitUntilExit()
        var headers: [String: String] = [:]
        for line in ((try? String(contentsOfFile: folder.path + "/head", encoding: .utf8)) ?? "").split(
            separator: "\r\n")
        {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...].drop { $0 == " " })
        }
        return (status, headers, (try? String(contentsOfFile: folder.path + "/body", encoding: .utf8)) ?? "")
    }

    @Test("the handler gets method, target, headers, body and source; its status, headers and body go out")
    func roundTrip() throws {
        let echo = Echo()
        let notices = Mutex<[ListenerNotice]>([])
        var settings = HTTPListener.Settings(address: try ListenAddress(parsing: "127.0.0.1:0"))
        settings.subject = "test"
        let listener = try HTTPListener(settings, handler: echo) { notice in notices.withLock { $0.append(notice) } }
        defer { listener.stop() }
        let base = "http://127.0.0.1:\(listener.address.port)"

        let (status, headers, body) = try Self.fetch(
            base + "/a/b?x=1&y=%20", ["-X", "POST", "-H", "X-Thing: 42", "--data-binary", "hello"])
        #expect(status == 200 && body == "body of POST")
        #expect(headers["etag"] == "\"e1\"" && headers["x-echo"] == "/a/b?x=1&y=%20")
        let request = try #require(echo.seen.withLock { $0.last })
        #expect(request.head.method == "POST" && request.head.path == "/a/b" && request.head.query == "x=1&y=%20")
        #expect(request.head.header("x-thing") == "42" && request.body == Array("hello".utf8))
        #expect(request.head.source == "127.0.0.1")
        #expect(listener.counts.handled == 1)

        // HEAD: the GET's headers and length, no body; 304: no body whatever the handler gave.
        let head = try Self.fetch(base + "/h", ["-I"])
        #expect(
            head.0 == 200 && head.1["content-length"] == String("body of HEAD".utf8.count) && head.1["etag"] == "\"e1\""
        )
        let notModified = try Self.fetch(base + "/n", ["-H", "X-Status: 304"])
        #expect(notModified.0 == 304 && notModified.2.isEmpty)

        // A refusal at the head: answered, counted by its kind, said once.
        #expect(try Self.fetch(base + "/no").0 == 403)
        #expect(try Self.fetch(base + "/no").0 == 403)
        #expect(listener.counts[.wrongPath] == 2 && listener.counts.handled == 3)
        let said = notices.withLock { $0 }
        #expect(said.count == 1 && said.first?.message.hasPrefix("test http 127.0.0.1:") == true)
    }
}
