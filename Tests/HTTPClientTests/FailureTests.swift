import HTTPClient
import TestSupport
import Testing

@Suite("Failures")
struct FailureTests {
    let client = HTTPClient()

    @Test("a streamed body over maxBodyBytes is aborted while it streams")
    func tooLargeStreaming() async throws {
        let server = try Scope()
        let total = 50_000_000
        try server.route(secretPath, [.stream(bytes: total)])
        var request = HTTPRequest(url: server.url(secretSuffix))
        request.maxBodyBytes = 64 * 1024

        expectError(await outcome(client, request), .tooLarge)

        // The server could not deliver everything: the client hung up mid-stream.
        #expect(try await waitUntil { try server.requests().first?.finished == true })
        let entry = try #require(try server.requests().first)
        #expect(!entry.completed)
        #expect(entry.bytesSent < total)
    }

    @Test("a declared Content-Length over maxBodyBytes is refused")
    func tooLargeDeclared() async throws {
        let server = try Scope()
        let body = String(repeating: "y", count: 200_000)
        try server.route("/big", [.text(body, headers: ["Content-Encoding": "identity"])])
        var request = HTTPRequest(url: server.url("/big"))
        request.maxBodyBytes = 1000

        expectError(await outcome(client, request), .tooLarge)
    }

    @Test("a compressed body that decodes past maxBodyBytes is refused")
    func tooLargeDecoded() async throws {
        let server = try Scope()
        try server.route("/bomb", [.text(String(repeating: "z", count: 300_000))])
        var request = HTTPRequest(url: server.url("/bomb"))
        request.maxBodyBytes = 10_000

        expectError(await outcome(client, request), .tooLarge)
    }

    @Test("a body shorter than its Content-Length is an error")
    func truncated() async throws {
        let server = try Scope()
        try server.route(secretPath, [.truncated()])

        let error = expectError(await outcome(client, HTTPRequest(url: server.url(secretSuffix))), .other)

        #expect(error?.message.contains("response truncated") == true)
    }

    // A hang that outlived the total timeout would end only at the time limit (or at the fixture
    // server's two minutes), not with the timeout error.
    @Test("a server that never answers ends at the total timeout", .timeLimit(.minutes(TestTiming.minutes(1))))
    func hang() async throws {
        let server = try Scope()
        try server.route(secretPath, [.hang])
        var request = HTTPRequest(url: server.url(secretSuffix))
        request.totalTimeout = .seconds(1)

        let error = expectError(await outcome(client, request), .timedOut)

        #expect(error?.message.contains("did not answer in time") == true)
        // The client hung up: the server stops hanging.
        #expect(try await waitUntil { try server.requests().first?.finished == true })
    }

    // A total timeout applied too early (a unit slip: seconds read as milliseconds) ends this
    // request before the server answers.
    @Test("an answer that comes within the total timeout is served")
    func slowWithinTimeout() async throws {
        let server = try Scope()
        try server.route("/slow", [.text("late but fine").delayed(by: 1)])
        var request = HTTPRequest(url: server.url("/slow"))
        request.totalTimeout = .seconds(20)

        let response = try await client.send(request)

        #expect(response.status == 200)
        #expect(response.body == Array("late but fine".utf8))
    }

    @Test("a closed port is couldNotConnect, naming the host but not the path or query")
    func closedPortRefused() async throws {
        let port = try closedPort()

        let error = expectError(
            await outcome(client, HTTPRequest(url: "http://127.0.0.1:\(port)" + secretSuffix)), .couldNotConnect)

        #expect(error?.message.contains("onecall") == false)
        #expect(error?.message.contains("52.52") == false)
    }

    @Test("https to a plain-http server is a TLS error")
    func tlsFailure() async throws {
        let server = try Scope()
        let url = "https://127.0.0.1:\(server.server.port)" + server.path(secretSuffix)
        expectError(await outcome(client, HTTPRequest(url: url)), .tls)
    }

    @Test("malformed URLs are refused up front", arguments: ["", "not a url", "http://", "//127.0.0.1/x"])
    func invalidURL(url: String) async {
        expectError(await outcome(client, HTTPRequest(url: url)), .invalidURL, host: nil)
    }

    @Test("a header with a line break is refused")
    func headerInjection() async {
        let request = HTTPRequest(
            url: "http://127.0.0.1:9/x", headers: [(name: "User-Agent", value: "a\r\nX-Evil: 1")])
        expectError(await outcome(client, request), .invalidURL, host: nil)
    }
}
