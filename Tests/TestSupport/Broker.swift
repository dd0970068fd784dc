import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Why a `TestBroker` operation failed.
public struct TestBrokerError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// A private `mosquitto` (or amqtt, a broker that speaks only MQTT 3.1.1) on a free loopback
/// port, for tests.
///
/// Writes its `mosquitto.conf` (and log, and persistence file) into a fresh temporary
/// directory, listens on 127.0.0.1 only and allows anonymous clients. `extraConfig` is
/// appended after the `listener` line, so per-listener options (`cafile`, `password_file`,
/// ...) apply to it. Stopped (SIGTERM) and its directory removed on deinit.
public final class TestBroker: Sendable {
    /// Which broker runs.
    public enum Kind: Sendable, CustomStringConvertible {
        /// mosquitto 2 (MQTT 5 and 3.1.1).
        case mosquitto
        /// amqtt from PyPI (`AMQTT`, else `/opt/weather2mqtt-amqtt/bin/amqtt`, where
        /// `deploy/dev/install-deps.sh` puts it): MQTT 3.1.1 only, no persistence.
        case amqtt

        public var description: String { self == .mosquitto ? "mosquitto" : "amqtt" }
    }

    /// The broker that runs.
    public let kind: Kind
    /// The TCP port on 127.0.0.1.
    public let port: Int
    /// The temporary directory holding `mosquitto.conf`, `mosquitto.log` and persistence.
    public let directory: String
    private let configPath: String
    /// The running mosquitto, if any.
    private let pid = Mutex<pid_t?>(nil)

    /// `mqtt://127.0.0.1:<port>`.
    public var url: String { "mqtt://127.0.0.1:\(port)" }

    /// The broker's log so far (for failure messages).
    public var log: String {
        (try? String(contentsOfFile: directory + "/mosquitto.log", encoding: .utf8)) ?? ""
    }

    /// Starts a broker and waits (at most ~5 s) until it accepts connections.
    public static func start(_ kind: Kind = .mosquitto, extraConfig: String = "", persistence: Bool = false) throws
        -> TestBroker
    {
        var lastError: Error?
        for _ in 0..<3 {  // a free port can be taken by someone else before mosquitto binds it
            let broker = try TestBroker(
                kind: kind, port: freeLoopbackPort(), extraConfig: extraConfig, persistence: persistence)
            do {
                try broker.launch()
                return broker
            } catch {
                lastError = error
                guard broker.log.contains("Address already in use") || broker.log.contains("address already in use")
                else { throw error }
            }
        }
        throw lastError ?? TestBrokerError("mosquitto did not start")
    }

    private init(kind: Kind, port: Int, extraConfig: String, persistence: Bool) throws {
        self.kind = kind
        self.port = port
        let base = FileManager.default.temporaryDirectory.path
        directory = base + "/testbroker-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        guard kind == .mosquitto else {
            configPath = directory + "/amqtt.yaml"
            let config = """
                listeners:
                  default:
                    type: tcp
                    bind: 127.0.0.1:\(port)
                plugins:
                  amqtt.plugins.authentication.AnonymousAuthPlugin:
                    allow_anonymous: true

                """
            try config.write(toFile: configPath, atomically: true, encoding: .utf8)
            return
        }
        configPath = directory + "/mosquitto.conf"
        var config = """
            # written by TestBroker
            listener \(port) 127.0.0.1
            allow_anonymous true
            persistence \(persistence)
            persistence_location \(directory)/
            log_dest file \(directory)/mosquitto.log
            log_type error
            log_type warning
            log_type notice
            log_type information

            """
        if geteuid() == 0 { config += "user root\n" }  // otherwise mosquitto drops to 'mosquitto' and cannot write here
        config += extraConfig + "\n"
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func launch() throws {
        let child: pid_t
        if kind == .amqtt {
            let executable = ProcessInfo.processInfo.environment["AMQTT"] ?? "/opt/weather2mqtt-amqtt/bin/amqtt"
            guard FileManager.default.isExecutableFile(atPath: executable) else {
                throw TestBrokerError("amqtt not found at \(executable) (bash deploy/dev/install-deps.sh installs it)")
            }
            child = try spawnWithDefaultSignals(executable, ["-c", configPath], log: directory + "/mosquitto.log")
        } else {
            guard let executable = findExecutable("mosquitto") else {
                throw TestBrokerError("mosquitto not found in PATH or /usr/sbin (apt-get install mosquitto)")
            }
            child = try spawnWithDefaultSignals(executable, ["-c", configPath])
        }
        pid.withLock { $0 = child }

        let deadline = Date().addingTimeInterval(TestTiming.seconds(kind == .amqtt ? 20 : 5))
        while Date() < deadline {
            if canConnect(port: port) { return }
            if let status = reap(child) {
                pid.withLock { $0 = nil }
                throw TestBrokerError("\(kind) exited (status \(status)):\n\(log)")
            }
            usleep(10_000)
        }
        stop()
        throw TestBrokerError("\(kind) did not accept connections on 127.0.0.1:\(port) in time:\n\(log)")
    }

    /// Stops the broker with SIGTERM (it saves persistence) and waits for it; SIGKILL after 5 s.
    public func stop() {
        terminate(signal: SIGTERM)
    }

    /// Kills the broker with SIGKILL (no persistence save, no goodbye to clients) and waits.
    public func kill() {
        terminate(signal: SIGKILL)
    }

    private func terminate(signal: Int32) {
        pid.withLock { slot in
            guard let child = slot else { return }
            slot = nil
            Glibc.kill(child, signal)
            let deadline = Date().addingTimeInterval(5)
            while reap(child) == nil {
                guard Date() < deadline else {
                    Glibc.kill(child, SIGKILL)
                    _ = waitpid(child, nil, 0)
                    return
                }
                usleep(2_000)
            }
        }
    }

    /// Stops the broker (SIGTERM) and starts it again on the same port with the same
    /// configuration; returns once it accepts connections.
    public func restart() throws {
        stop()
        try launch()
    }

    /// Retained messages matching `filter`, topic → payload (UTF-8), read with `mosquitto_sub`.
    ///
    /// Fast: a retained sentinel topic is subscribed after `filter`, and the broker sends
    /// retained messages in subscription order, so its arrival means all of `filter`'s
    /// retained messages have been seen. `timeout` bounds the whole read.
    public func retained(_ filter: String, timeout: Double = 2) throws -> [String: String] {
        try retainedBytes(filter, timeout: timeout).mapValues { String(decoding: $0, as: UTF8.self) }
    }

    /// Retained messages matching `filter`, topic → payload bytes (an image's, say).
    public func retainedBytes(_ filter: String, timeout: Double = 2) throws -> [String: [UInt8]] {
        // amqtt is Python: on a busy machine its answer can take longer than mosquitto's.
        let timeout = TestTiming.seconds(kind == .amqtt ? max(timeout, 6) : timeout)
        // amqtt takes no '$' topics from clients.
        let sentinel = (kind == .amqtt ? "" : "$") + "testbroker/sentinel-\(UUID().uuidString)"
        try publish(sentinel, "end", retain: true)
        defer { try? publish(sentinel, "", retain: true) }

        let lines = try readLines(
            tool: "mosquitto_sub",
            arguments: [
                "-h", "127.0.0.1", "-p", String(port), "-t", filter, "-t", sentinel,
                "-F", "%t\\t%x", "--retained-only", "-W", String(Int(timeout.rounded(.up)) + 1),
            ],
            timeout: timeout,
            until: { $0.hasPrefix(sentinel + "\t") }
        )
        guard lines.contains(where: { $0.hasPrefix(sentinel + "\t") }) else {
            throw TestBrokerError("no answer from the broker on 127.0.0.1:\(port) within \(timeout) s")
        }
        var result: [String: [UInt8]] = [:]
        for line in lines {
            guard let tab = line.lastIndex(of: "\t") else { continue }
            let topic = String(line[..<tab])
            guard topic != sentinel else { continue }
            result[topic] = hexBytes(line[line.index(after: tab)...])
        }
        return result
    }

    /// Publishes with `mosquitto_pub` (QoS 1). An empty payload with `retain` clears a retained message.
    public func publish(_ topic: String, _ payload: String, retain: Bool = false) throws {
        var arguments = ["-h", "127.0.0.1", "-p", String(port), "-q", "1", "-t", topic]
        arguments += payload.isEmpty ? ["-n"] : ["-m", payload]
        if retain { arguments.append("-r") }
        let status = try runTool("mosquitto_pub", arguments, timeout: TestTiming.seconds(5))
        guard status == 0 else { throw TestBrokerError("mosquitto_pub to '\(topic)' failed with status \(status)") }
    }
}

/// A TCP port on 127.0.0.1 that was free a moment ago (bind to port 0, read it, close).
public func freeLoopbackPort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    precondition(fd >= 0, "socket() failed")
    defer { close(fd) }
    var address = loopbackAddress(port: 0)
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    precondition(bound == 0, "bind(127.0.0.1:0) failed")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Full path of an executable, searching PATH and the sbin directories PATH often lacks.
public func findExecutable(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
    let directories =
        path.split(separator: ":").map(String.init) + [
            "/usr/sbin", "/usr/local/sbin", "/sbin", "/usr/bin", "/usr/local/bin", "/opt/homebrew/sbin",
            "/opt/homebrew/bin",
        ]
    return directories.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

func loopbackAddress(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return address
}

/// Whether something accepts TCP connections on 127.0.0.1:`port`.
func canConnect(port: Int) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = loopbackAddress(port: port)
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    } == 0
}

/// Starts `executable` with every signal unblocked and at its default action.
///
/// Test runners block SIGTERM and friends in their threads and `Process` passes that mask on,
/// which would make mosquitto deaf to SIGTERM.
private func spawnWithDefaultSignals(_ executable: String, _ arguments: [String], log: String? = nil) throws -> pid_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var mask = sigset_t()
    sigemptyset(&mask)
    posix_spawnattr_setsigmask(&attributes, &mask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGUSR1, SIGUSR2, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, log ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o644)
    // Inherit none of the test process's other descriptors (pipes of other children):
    // mark them close-on-exec (posix_spawn_file_actions_addclosefrom_np is not imported).
    if let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") {
        for entry in entries {
            if let fd = Int32(entry), fd > 2 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        }
    }

    let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var child: pid_t = 0
    let rc = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
    guard rc == 0 else { throw TestBrokerError("cannot start \(executable): \(String(cString: strerror(rc)))") }
    return child
}

/// The exit status of `child` if it has exited (and reaps it), `nil` while it runs.
private func reap(_ child: pid_t) -> Int32? {
    var status: Int32 = 0
    let result = waitpid(child, &status, WNOHANG)
    if result == 0 { return nil }
    return result == child ? status : -1
}

private func waitForExit(_ process: Process, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { usleep(5_000) }
    return !process.isRunning
}

/// Runs a tool to completion (killed after `timeout` seconds); returns its exit status.
private func runTool(_ name: String, _ arguments: [String], timeout: Double) throws -> Int32 {
    guard let executable = findExecutable(name) else {
        throw TestBrokerError("\(name) not found (apt-get install mosquitto-clients)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    if !waitForExit(process, seconds: timeout) {
        kill(process.processIdentifier, SIGKILL)
        _ = waitForExit(process, seconds: 5)
        throw TestBrokerError("\(name) did not finish within \(timeout) s")
    }
    return process.terminationStatus
}

/// Runs a tool and collects its stdout lines until `until` accepts one, the tool exits, or
/// `timeout` seconds pass; then kills it.
private func readLines(tool: String, arguments: [String], timeout: Double, until: (String) -> Bool) throws -> [String] {
    guard let executable = findExecutable(tool) else {
        throw TestBrokerError("\(tool) not found (apt-get install mosquitto-clients)")
    }
    let process = Process()
    let output = Pipe()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        _ = waitForExit(process, seconds: 5)
        // Closed here: left to Foundation, the pipe's descriptor outlived the call, and a test
        // that polls the broker's retained topics held 450 of them (the whole suite passed
        // 1,024, where libmosquitto refuses a socket numbered past FD_SETSIZE).
        try? output.fileHandleForReading.close()
    }
    let fd = output.fileHandleForReading.fileDescriptor
    let deadline = Date().addingTimeInterval(timeout)
    var buffer: [UInt8] = []
    var lines: [String] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let remaining = deadline.timeIntervalSinceNow
        guard remaining > 0 else { break }
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(remaining * 1000) + 1) > 0 else { continue }
        let count = read(fd, &chunk, chunk.count)
        guard count > 0 else { break }  // EOF: the tool exited
        buffer += chunk[..<count]
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: buffer[..<newline], as: UTF8.self)
            buffer.removeSubrange(...newline)
            lines.append(line)
            if until(line) { return lines }
        }
    }
    return lines
}

/// The bytes of hexadecimal text (`mosquitto_sub -F %x`); a trailing odd digit is ignored.
public func hexBytes(_ text: Substring) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex, let next = text.index(index, offsetBy: 2, limitedBy: text.endIndex) {
        if let byte = UInt8(text[index..<next], radix: 16) { bytes.append(byte) }
        index = next
    }
    return bytes
}
