import Bridge
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The bridge under systemd, as `deploy/systemd/weather2mqtt.service` runs it: `Type=notify`
/// with a watchdog, and logging to journald.
@Suite("Deploy: systemd notify and journald", .serialized)
struct DeploySystemdNotifyTests {
    static let now = BridgeEndToEndTests.now

    /// A broker, a fixture server with New York's recorded answer, and a configuration for both.
    struct Setup {
        let broker: TestBroker
        let server: FixtureServer
        let folder: TemporaryFolder
        let config: String

        init() throws {
            broker = try TestBroker.start()
            server = try FixtureServer.start()
            try server.route("/v1/forecast", [.file(BridgeEndToEndTests.newYorkFixture)])
            folder = TemporaryFolder()
            config = folder.write(
                "config.yaml", BridgeEndToEndTests.config(broker: broker, server: server, state: folder))
        }
    }

    @Test("READY=1 once up, WATCHDOG=1 at half of WATCHDOG_USEC, STOPPING=1 and exit 0 on SIGTERM")
    func notifyProtocol() throws {
        let setup = try Setup()
        let socket = try NotifySocket(path: setup.folder.path + "/notify")
        let bridge = try BridgeProcess(
            ["run", "--config", setup.config],
            environment: ["NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "1000000", "WEATHER2MQTT_NOW": Self.now])
        defer { bridge.kill() }

        let ready = socket.waitFor(timeout: 15) { $0.contains { $0.text == "READY=1" } }
        #expect(ready, "no READY=1; got \(socket.texts); stderr: \(bridge.stderr)")
        // The loop pings between polls, not once per poll: a loop that slept its usual 60 s
        // would send one ping while this waits for four.
        #expect(
            socket.waitFor(timeout: 10) { $0.filter { $0.text == "WATCHDOG=1" }.count >= 4 },
            "watchdog pings: \(socket.texts); stderr: \(bridge.stderr)")
        // Still pinging after the first refresh, while idle between polls.
        let count = socket.texts.filter { $0 == "WATCHDOG=1" }.count
        #expect(
            socket.waitFor(timeout: 5) { $0.filter { $0.text == "WATCHDOG=1" }.count >= count + 2 },
            "watchdog stopped: \(socket.texts)")
        #expect(socket.texts.first == "READY=1", "READY=1 comes first: \(socket.texts)")
        #expect(socket.texts.allSatisfy { ["READY=1", "WATCHDOG=1"].contains($0) || $0.hasPrefix("STATUS=") })

        #expect(bridge.terminate() == 0, "stderr: \(bridge.stderr)")
        #expect(socket.waitFor(timeout: 2) { $0.last?.text == "STOPPING=1" }, "after SIGTERM: \(socket.texts)")
        #expect(try setup.broker.retained("weather/bridge/state")["weather/bridge/state"] == "offline")
    }

    @Test("the loop pings at half of WATCHDOG_USEC, and only when the watchdog is meant for this process")
    func watchdogInterval() {
        func interval(_ environment: [String: String]) -> Double? {
            SystemdNotifier(environment: { environment[$0] }).watchdogInterval
        }
        #expect(interval(["WATCHDOG_USEC": "1000000"]) == 0.5)
        #expect(interval(["WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "\(getpid())"]) == 15)
        #expect(interval(["WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "\(getpid() + 1)"]) == nil)
        #expect(interval(["WATCHDOG_USEC": "0"]) == nil)
        #expect(interval([:]) == nil)
    }

    @Test("without WATCHDOG_USEC the bridge says READY=1 and sends no pings")
    func noWatchdog() throws {
        let setup = try Setup()
        let socket = try NotifySocket(path: setup.folder.path + "/notify")
        let bridge = try BridgeProcess(
            ["run", "--config", setup.config],
            environment: ["NOTIFY_SOCKET": socket.path, "WEATHER2MQTT_NOW": Self.now])
        defer { bridge.kill() }
        #expect(socket.waitFor(timeout: 15) { $0.contains { $0.text == "READY=1" } }, "stderr: \(bridge.stderr)")
        _ = socket.waitFor(timeout: 2) { _ in false }
        #expect(!socket.texts.contains("WATCHDOG=1"), "\(socket.texts)")
        #expect(bridge.terminate() == 0)
        #expect(socket.waitFor(timeout: 2) { $0.last?.text == "STOPPING=1" }, "\(socket.texts)")
    }

    @Test("with JOURNAL_STREAM set, every log line has a syslog priority prefix and no timestamp")
    func journaldLines() throws {
        let setup = try Setup()
        // A fallback provider that refuses: a warning (<4>) besides the info lines (<6>).
        try setup.server.route("/weatherapi/locationforecast/2.0/complete", [.status(500)])
        let config = setup.folder.write(
            "journald.yaml",
            BridgeEndToEndTests.config(broker: setup.broker, server: setup.server, state: setup.folder)
                .replacing("interval: 15m", with: "interval: 15m\n    providers: [met-no, open-meteo]")
                .replacing(
                    "open-meteo: { base_url: \(setup.server.baseURL) }",
                    with:
                        "open-meteo: { base_url: \(setup.server.baseURL) }\n  met-no: { base_url: \(setup.server.baseURL) }"
                ))
        let environment = ["WEATHER2MQTT_NOW": Self.now]
        let journald = try BridgeProcess.run(
            ["run", "--once", "--config", config],
            environment: environment.merging(["JOURNAL_STREAM": "8:12345"]) { $1 })
        #expect(journald.status == 0, "stderr: \(journald.stderr)")
        let lines = journald.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("<6>") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("<4>") }, "\(lines)")
        for line in lines {
            #expect(line.wholeMatch(of: /<[0-7]>\S.*/) != nil, "no priority prefix: \(line)")
            #expect(line.firstMatch(of: /^<\d>\d{4}-\d\d-\d\dT/) == nil, "own timestamp: \(line)")
            #expect(!line.contains(" info ") && !line.contains(" warning "), "level word: \(line)")
        }

        // Without JOURNAL_STREAM (a terminal, a file): timestamps and level words, no prefix.
        let plain = try BridgeProcess.run(["run", "--once", "--config", config], environment: environment)
        let plainLines = plain.stderr.split(separator: "\n").map(String.init)
        #expect(!plainLines.isEmpty)
        for line in plainLines {
            #expect(
                line.firstMatch(of: #/^\d{4}-\d\d-\d\dT\S+ (trace|debug|info|notice|warning|error) /#) != nil, "\(line)"
            )
        }
    }
}

/// A unix datagram socket bound at `path`, standing in for systemd's `NOTIFY_SOCKET`; a thread
/// reads every datagram sent to it until the value goes away.
final class NotifySocket: Sendable {
    struct Message: Sendable {
        var text: String
    }

    /// What the reader thread shares with the test.
    private final class Inbox: @unchecked Sendable {
        let lock = NSLock()
        var messages: [Message] = []
        var closed = false
    }

    let path: String
    private let descriptor: Int32
    private let inbox = Inbox()

    init(path: String) throws {
        self.path = path
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw TestBrokerError("socket: \(String(cString: strerror(errno)))") }
        self.descriptor = descriptor
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(descriptor)
            throw TestBrokerError("socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else {
            close(descriptor)
            throw TestBrokerError("bind \(path): \(String(cString: strerror(errno)))")
        }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let inbox = self.inbox
        Thread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !inbox.lock.withLock({ inbox.closed }) {
                let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                guard count > 0 else { continue }
                let message = Message(text: String(decoding: buffer[..<count], as: UTF8.self))
                inbox.lock.withLock { inbox.messages.append(message) }
            }
            close(descriptor)
        }.start()
    }

    var messages: [Message] { inbox.lock.withLock { inbox.messages } }
    var texts: [String] { messages.map(\.text) }

    /// Whether the messages come to satisfy `condition` within `timeout` seconds (``waitUntil``).
    func waitFor(timeout: Double, _ condition: ([Message]) -> Bool) -> Bool {
        waitUntil(seconds: timeout) { condition(messages) }
    }

    /// The reader sees `closed` within its receive timeout and closes the socket.
    deinit {
        inbox.lock.withLock { inbox.closed = true }
        unlink(path)
    }
}
