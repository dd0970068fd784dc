import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A private `mosquitto` and the loopback Open-Meteo stand-in (`peer/forecast_server.py`),
/// each on a free 127.0.0.1 port, for one benchmark. `stop()` ends both (by their pids).
public final class LoopbackServices: @unchecked Sendable {
    public let brokerPort: Int
    public let serverPort: Int
    /// A scratch folder for configurations, state and the broker's files.
    public let directory: String
    private var processes: [Process] = []

    public var brokerURL: String { "mqtt://127.0.0.1:\(brokerPort)" }
    public var serverURL: String { "http://127.0.0.1:\(serverPort)" }

    /// Starts both and waits until they accept connections.
    public init() throws {
        directory = NSTemporaryDirectory() + "w2m-bench-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        brokerPort = try freeLoopbackPort()
        let config = """
            listener \(brokerPort) 127.0.0.1
            allow_anonymous true
            persistence false
            log_dest file \(directory)/mosquitto.log

            """
        try config.write(toFile: directory + "/mosquitto.conf", atomically: true, encoding: .utf8)
        processes.append(try Self.spawn("/usr/sbin/mosquitto", ["-c", directory + "/mosquitto.conf"]))
        serverPort = try freeLoopbackPort()
        processes.append(
            try Self.spawn(
                "/usr/bin/env",
                [
                    "python3", BenchPaths.benchmarks + "/peer/forecast_server.py", BenchPaths.openMeteoAnswer,
                    "\(serverPort)",
                ]))
        try waitForPort(brokerPort)
        try waitForPort(serverPort)
    }

    deinit { stop() }

    /// Ends both servers (SIGKILL: they inherit this process's signal mask, in which the
    /// benchmark runner may have blocked SIGTERM) and removes the scratch folder.
    public func stop() {
        for process in processes where process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        processes.removeAll()
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Writes a bridge configuration with `count` Open-Meteo locations (`loc0000`, …) polling
    /// this server and publishing to this broker, with a fresh state folder; returns its path.
    public func writeConfiguration(locations count: Int, name: String) throws -> String {
        let state = directory + "/state-" + name
        try? FileManager.default.removeItem(atPath: state)
        let path = directory + "/" + name + ".yaml"
        try BenchConfiguration.text(
            locations: count, broker: brokerURL, server: serverURL, stateDirectory: state
        ).write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Empties the state folder of configuration `name`, so the next run asks for every location.
    public func clearState(name: String) {
        try? FileManager.default.removeItem(atPath: directory + "/state-" + name)
    }

    private static func spawn(_ executable: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }
}

/// The configuration the benchmarks and `scripts/targets.py` give both bridges.
public enum BenchConfiguration {
    /// `count` Open-Meteo locations on a 0.1° grid around central Europe, Europe/Berlin,
    /// polled every minute (the shortest Open-Meteo interval), no daily budget in the way.
    public static func text(locations count: Int, broker: String, server: String, stateDirectory: String) -> String {
        var lines = [
            "mqtt:", "  url: \(broker)", "  client_id: weather2mqtt-bench", "  base_topic: weather",
            "state_dir: \(stateDirectory)", "log_level: warning", "providers:", "  open-meteo:",
            "    base_url: \(server)", "    daily_budget: 10000000", "locations:",
        ]
        for index in 0..<count {
            let id = String(format: "loc%04d", index)
            lines += [
                "  - id: \(id)", "    name: Place \(index)",
                "    latitude: " + String(format: "%.4f", 45 + Double(index % 100) * 0.1),
                "    longitude: " + String(format: "%.4f", 5 + Double(index / 100) * 0.1),
                "    timezone: Europe/Berlin", "    interval: 1m",
            ]
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A TCP port on 127.0.0.1 that was free a moment ago.
public func freeLoopbackPort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw BenchError("socket() failed") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
        }
    }
    guard bound else { throw BenchError("bind() failed") }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Waits (at most 10 s) until something accepts connections on 127.0.0.1:`port`.
public func waitForPort(_ port: Int) throws {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        close(fd)
        if connected { return }
        usleep(20_000)
    }
    throw BenchError("nothing listens on 127.0.0.1:\(port)")
}

public struct BenchError: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
