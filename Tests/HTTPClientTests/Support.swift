import Foundation
import HTTPClient
import TestSupport
import Testing

/// Starts a fixture server of its own for the duration of `body`, for tests that need the
/// whole request log (concurrency peaks, `reset()`).
func withServer<T>(_ body: (FixtureServer) async throws -> T) async throws -> T {
    let server = try FixtureServer.start()
    defer { server.stop() }
    return try await body(server)
}

/// One fixture server shared by the tests of this target, so that parallel tests do not each
/// start a Python process (on two cores that starves the cooperative pool). Each test works
/// under its own path prefix through a ``Scope``. The server exits with the test process.
private let sharedServer = Result { try FixtureServer.start() }

/// A test's own corner of the shared fixture server: routes and log under a unique prefix.
struct Scope {
    let server: FixtureServer
    let prefix: String

    init() throws {
        server = try sharedServer.get()
        prefix = "/" + UUID().uuidString.lowercased().prefix(8)
    }

    /// `http://127.0.0.1:<port>`.
    var baseURL: String { server.baseURL }
    /// This test's path for `name` (which starts with `/`).
    func path(_ name: String) -> String { prefix + name }
    /// The full URL of `name` (a path that may carry a query).
    func url(_ name: String) -> String { server.baseURL + prefix + name }
    /// Routes this test's `name`.
    func route(_ name: String, _ responses: [FixtureResponse]) throws {
        try server.route(prefix + name, responses)
    }
    /// The requests this test made, oldest first.
    func requests() throws -> [RecordedRequest] {
        try server.requests().filter { $0.path.hasPrefix(prefix + "/") }
    }
}

/// Sends `request` and returns the outcome as a value, so tests can inspect either side.
func outcome(_ client: HTTPClient, _ request: HTTPRequest) async -> Result<HTTPResponse, HTTPError> {
    do {
        return .success(try await client.send(request))
    } catch {
        return .failure(error)
    }
}

/// Expects `result` to be an error of `kind` whose message names `host` and leaks nothing
/// of the URL's path or query (the caller passes distinctive `secrets` that appear there).
@discardableResult
func expectError(
    _ result: Result<HTTPResponse, HTTPError>, _ kind: HTTPError.Kind, host: String? = "127.0.0.1",
    secrets: [String] = ["secret-path", "SECRETKEY", "appid"], sourceLocation: SourceLocation = #_sourceLocation
) -> HTTPError? {
    switch result {
    case .success(let response):
        Issue.record("expected \(kind), got HTTP \(response.status)", sourceLocation: sourceLocation)
        return nil
    case .failure(let error):
        #expect(error.kind == kind, "\(error.message)", sourceLocation: sourceLocation)
        if let host {
            #expect(error.message.contains(host), "\(error.message)", sourceLocation: sourceLocation)
        }
        for secret in secrets {
            #expect(!error.message.contains(secret), "\(error.message)", sourceLocation: sourceLocation)
        }
        return error
    }
}

/// A path (below a scope's prefix) whose query carries the strings error messages must never repeat.
let secretPath = "/secret-path/onecall"
/// ``secretPath`` with its query.
let secretSuffix = secretPath + "?appid=SECRETKEY&lat=52.52"

/// A loopback port with nothing listening on it.
func closedPort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let port = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Int in
            guard bind(fd, raw, length) == 0, getsockname(fd, raw, &length) == 0 else { return 0 }
            return Int(UInt16(bigEndian: pointer.pointee.sin_port))
        }
    }
    try #require(port > 0)
    return port
}

/// The path of a recorded provider response in `Tests/Fixtures`.
func fixturePath(_ relative: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent(relative).path
}
