import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback HTTP server for tests, scripted per path: `fixture_server.py` (next to this
/// file) run by `python3`, configured and inspected over HTTP on the same port.
///
/// ```swift
/// let server = try FixtureServer.start()
/// defer { server.stop() }
/// try server.route("/v1/forecast", [.json(#"{"ok":true}"#), .status(304)])
/// // … point the code under test at server.baseURL …
/// let log = try server.requests()
/// ```
///
/// The server exits on ``stop()``, on deinit, when the test process closes its stdin (for
/// example by dying), and when its parent process goes away: no stray processes.
public final class FixtureServer: Sendable {
    /// The loopback port the server listens on.
    public let port: Int
    /// `http://127.0.0.1:<port>`, without a trailing slash.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    private let process: Process
    private let input: FileHandle
    private let stopped = Mutex(false)

    private init(port: Int, process: Process, input: FileHandle) {
        self.port = port
        self.process = process
        self.input = input
    }

    deinit { stop() }

    /// Starts a server on a free loopback port and waits (at most `timeout` seconds, stretched
    /// under emulation: Python took longer than 10 s to start under qemu on a busy machine) until
    /// it has announced the port.
    public static func start(timeout: Double = 30) throws -> FixtureServer {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("fixture_server.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", script, "0"]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        do {
            try process.run()
        } catch {
            throw FixtureServerError("could not run python3 \(script): \(error)")
        }
        let server: FixtureServer
        do {
            let line = try readLine(
                from: stdout.fileHandleForReading.fileDescriptor, timeout: TestTiming.seconds(timeout))
            guard let port = Int(line.trimmingCharacters(in: .whitespaces)), port > 0 else {
                throw FixtureServerError("fixture server printed \"\(line)\" instead of its port")
            }
            server = FixtureServer(port: port, process: process, input: stdin.fileHandleForWriting)
        } catch {
            // SIGKILL, as in stop(): the child inherited a mask that blocks SIGTERM, and a
            // SIGTERM here left this wait (inside the shared server's once) waiting for ever,
            // and every test that needs the server with it (arm64 under qemu, session 14).
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw error
        }
        return server
    }

    /// The URL of `path` (which starts with `/`) on this server.
    public func url(_ path: String) -> String { baseURL + path }

    /// Serves `responses` for requests to `path` (the URL path only; the query is ignored),
    /// in order; the last one repeats. Replaces an earlier route for the same path.
    public func route(_ path: String, _ responses: [FixtureResponse]) throws {
        struct Route: Encodable {
            var path: String
            var responses: [FixtureResponse.Wire]
        }
        let body = try JSONEncoder().encode(Route(path: path, responses: responses.map(\.wire)))
        _ = try control("POST", "/__control/routes", body: Array(body))
    }

    /// Every request served so far (control requests excluded), oldest first.
    public func requests() throws -> [RecordedRequest] {
        let body = try control("GET", "/__control/log", body: [])
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode([RecordedRequest].self, from: Data(body))
    }

    /// The requests served so far for `path`, oldest first.
    public func requests(to path: String) throws -> [RecordedRequest] {
        try requests().filter { $0.path == path }
    }

    /// Clears all routes and the request log.
    public func reset() throws {
        _ = try control("POST", "/__control/reset", body: [])
    }

    /// Stops the server and waits for it to exit. Safe to call more than once.
    public func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        try? input.close()
        // SIGKILL, not SIGTERM: the test runner's threads block SIGTERM and children inherit
        // that mask; and stdin's end of file never comes while another child (a broker started
        // later) still holds an inherited copy of the pipe.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    // MARK: Control channel

    /// One blocking HTTP/1.1 exchange with the control endpoints; returns the body of a 200.
    private func control(_ method: String, _ path: String, body: [UInt8]) throws -> [UInt8] {
        let head =
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
        let reply = try Self.exchange(port: port, request: Array(head.utf8) + body)
        let separator = Array("\r\n\r\n".utf8)
        guard let split = reply.firstRange(of: separator) else {
            throw FixtureServerError("fixture server sent an incomplete reply to \(method) \(path)")
        }
        let statusLine =
            String(decoding: reply[..<split.lowerBound], as: UTF8.self)
            .split(separator: "\r\n").first ?? ""
        let replyBody = Array(reply[split.upperBound...])
        guard statusLine.split(separator: " ").dropFirst().first == "200" else {
            throw FixtureServerError(
                "fixture server answered \(statusLine) to \(method) \(path): "
                    + String(decoding: replyBody, as: UTF8.self))
        }
        return replyBody
    }

    private static func exchange(port: Int, request: [UInt8]) throws -> [UInt8] {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw FixtureServerError("socket() failed: errno \(errno)") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard connectLoopback(fd, port: port) else {
            throw FixtureServerError("could not connect to the fixture server on port \(port): errno \(errno)")
        }
        var sent = 0
        while sent < request.count {
            let n = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw FixtureServerError("sending to the fixture server failed: errno \(errno)") }
            sent += n
        }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n == 0 { break }
            guard n > 0 else { throw FixtureServerError("reading from the fixture server failed: errno \(errno)") }
            reply += buffer[..<n]
        }
        return reply
    }

    /// Reads one line from `fd`, waiting at most `timeout` seconds in all.
    private static func readLine(from fd: Int32, timeout: Double) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var line: [UInt8] = []
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else {
                throw FixtureServerError("fixture server did not announce its port within \(timeout) s")
            }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(remaining * 1000) + 1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { continue }
            var byte: UInt8 = 0
            let n = read(fd, &byte, 1)
            guard n == 1 else { throw FixtureServerError("fixture server exited before announcing its port") }
            if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
            line.append(byte)
        }
    }
}

/// A failure to start or talk to the ``FixtureServer``.
public struct FixtureServerError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
    init(_ description: String) { self.description = description }
}

/// A request the ``FixtureServer`` received.
public struct RecordedRequest: Sendable, Decodable {
    /// `GET`, `POST`, …
    public var method: String
    /// The URL path, without the query.
    public var path: String
    /// The raw query string, without `?` (empty when none).
    public var query: String
    /// Request headers by lower-cased name; repeated headers joined with `", "`.
    public var headers: [String: String]
    /// How many requests (this one included) the server was handling when it arrived.
    public var concurrent: Int
    /// Body bytes written to the socket (after compression).
    public var bytesSent: Int
    /// Whether the whole response was written (false while hanging, or when the client left).
    public var completed: Bool
    /// Whether the server is done with this request (answered, or gave up on the client).
    public var finished: Bool

    /// The value of header `name` (case-insensitive).
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// What the ``FixtureServer`` answers to one request on a route.
///
/// Bodies are gzipped on the wire when the client accepts gzip (unless `headers` sets
/// `Content-Encoding`), so a client's decompression is exercised too.
public struct FixtureResponse: Sendable {
    /// The status code (`302` by default for ``redirect``).
    public var status: Int = 200
    /// Response headers; `Content-Length` is always computed by the server.
    public var headers: [String: String] = [:]
    /// The body, unless ``bodyFile`` is set.
    public var body: [UInt8] = []
    /// An absolute path whose contents are the body.
    public var bodyFile: String?
    /// Seconds to wait before answering.
    public var delay: Double = 0
    /// Never answer; keep the connection open until the client closes it.
    public var hang: Bool = false
    /// Declare a `Content-Length` 1000 bytes larger than the body, send the body, then close.
    public var truncate: Bool = false
    /// Stream this many bytes of `x` in 64 KiB chunks (chunked encoding, never compressed).
    public var repeatBytes: Int?
    /// Answer with a redirect to this URL (absolute or relative).
    public var redirect: String?

    /// A response; every part defaults to an empty `200`.
    public init(
        status: Int = 200, headers: [String: String] = [:], body: [UInt8] = [], bodyFile: String? = nil,
        delay: Double = 0, hang: Bool = false, truncate: Bool = false, repeatBytes: Int? = nil,
        redirect: String? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.bodyFile = bodyFile
        self.delay = delay
        self.hang = hang
        self.truncate = truncate
        self.repeatBytes = repeatBytes
        self.redirect = redirect
    }

    /// An empty response with `status` (e.g. `304`, `500`).
    public static func status(_ status: Int, headers: [String: String] = [:]) -> FixtureResponse {
        FixtureResponse(status: status, headers: headers)
    }

    /// A JSON body (`Content-Type: application/json` unless `headers` says otherwise).
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> FixtureResponse {
        FixtureResponse(
            status: status, headers: ["Content-Type": "application/json"].merging(headers) { $1 },
            body: Array(text.utf8))
    }

    /// A plain-text body.
    public static func text(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> FixtureResponse {
        FixtureResponse(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"].merging(headers) { $1 },
            body: Array(text.utf8))
    }

    /// The contents of the file at absolute `path` (`application/json` for `.json` files).
    public static func file(_ path: String, status: Int = 200, headers: [String: String] = [:]) -> FixtureResponse {
        let type = path.hasSuffix(".json") ? "application/json" : "application/octet-stream"
        return FixtureResponse(status: status, headers: ["Content-Type": type].merging(headers) { $1 }, bodyFile: path)
    }

    /// A redirect (`302` unless `status` says otherwise) to `location`.
    public static func redirect(to location: String, status: Int = 302) -> FixtureResponse {
        FixtureResponse(status: status, redirect: location)
    }

    /// A response that never comes: the connection stays open until the client gives up.
    public static let hang = FixtureResponse(hang: true)

    /// `body` sent under a `Content-Length` 1000 bytes larger, then the connection closes.
    public static func truncated(_ body: String = "{\"partial\": tru") -> FixtureResponse {
        FixtureResponse(body: Array(body.utf8), truncate: true)
    }

    /// `count` bytes of `x`, streamed in chunks without a `Content-Length`.
    public static func stream(bytes count: Int) -> FixtureResponse {
        FixtureResponse(repeatBytes: count)
    }

    /// This response, answered after `seconds`.
    public func delayed(by seconds: Double) -> FixtureResponse {
        var copy = self
        copy.delay = seconds
        return copy
    }

    struct Wire: Encodable {
        var status: Int
        var headers: [String: String]
        var body_base64: String
        var body_file: String?
        var delay: Double
        var hang: Bool
        var truncate: Bool
        var repeat_bytes: Int?
        var redirect: String?
    }

    var wire: Wire {
        Wire(
            status: status, headers: headers, body_base64: Data(body).base64EncodedString(), body_file: bodyFile,
            delay: delay, hang: hang, truncate: truncate, repeat_bytes: repeatBytes, redirect: redirect)
    }
}
