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

    @Test("a server that never answers ends at the total timeout")
    func hang() async throws {
        let server = try Scope()
        try server.route(secretPath, [.hang])
        var request = HTTPRequest(url: server.url(secretSuffix))
        request.totalTimeout = .seconds(1)
        let start = ContinuousClock.now

        expectError(await outcome(client, request), .timedOut)

        let elapsed = ContinuousClock.now - start
        #expect(elapsed >= .milliseconds(900))
        #expect(elapsed < .seconds(5))
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
