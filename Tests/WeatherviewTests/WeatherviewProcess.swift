import Foundation
import TestSupport

/// Runs the built `weatherview` binary as a user would.
final class WeatherviewProcess: @unchecked Sendable {
    /// The `weatherview` binary next to the test bundle.
    static let executable: String = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = bundle.deletingLastPathComponent()
        // The runner may sit inside `…PackageTests.xctest/…`; walk up to the build folder.
        while !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("weatherview").path),
            folder.path != "/"
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("weatherview").path
    }()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var stdoutBytes: [UInt8]
    }

    /// A fixed environment: UTF-8 locale, no colour preferences, no broker from the
    /// environment unless given.
    static func environment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in [
            "NO_COLOR", "WEATHER2MQTT_BROKER", "WEATHER2MQTT_NOW", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "COLUMNS",
        ] {
            environment.removeValue(forKey: key)
        }
        environment["LANG"] = "C.UTF-8"
        environment["TERM"] = "xterm-256color"
        for (key, value) in extra { environment[key] = value }
        return environment
    }

    /// Runs `weatherview ARGS` to completion (killed after `timeout` seconds, stretched under
    /// emulation: a 1072×1448 frame took longer than 30 s under qemu among the other tests).
    static func run(_ arguments: [String], environment: [String: String] = [:], timeout: Double = 30) throws -> Result {
        let process = WeatherviewProcess()
        try process.start(arguments, environment: environment)
        let status =
            process.wait(timeout: TestTiming.seconds(timeout))
            ?? {
                process.kill()
                return -1
            }()
        // Also what the background readers have not collected: under load the stdout reader was
        // seen stalled with 16 kB of a 48 kB frame 2 s after the process had written it all and
        // exited (the drain in `wait`), as BridgeProcess reads its output.
        let stdout = process.output.finishBytes()
        return Result(
            status: status, stdout: String(decoding: stdout, as: UTF8.self), stderr: process.errors.finish(),
            stdoutBytes: stdout)
    }

    let process = Process()
    private let out = Pipe()
    private let err = Pipe()
    /// Read from before the process starts.
    private(set) lazy var output = OutputCollector(out.fileHandleForReading)
    private(set) lazy var errors = OutputCollector(err.fileHandleForReading)

    /// Starts `weatherview ARGS` in the background.
    func start(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = arguments
        process.environment = Self.environment(environment)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        _ = (output, errors)
        try process.run()
    }

    var stdout: String { String(decoding: output.bytes(), as: UTF8.self) }
    var stderr: String { String(decoding: errors.bytes(), as: UTF8.self) }

    /// Waits until stdout holds a line that satisfies `predicate`, or `timeout` passes.
    func waitForLine(timeout: Double = 10, _ predicate: (String) -> Bool) -> String? {
        var line: String?
        _ = waitUntil(seconds: timeout) {
            line = stdout.split(separator: "\n").map(String.init).first(where: predicate)
            return line != nil
        }
        return line
    }

    func signal(_ signal: Int32) { if process.isRunning { Foundation.kill(process.processIdentifier, signal) } }

    func wait(timeout: Double) -> Int32? {
        // Never started (a fixture that threw before its launch): Foundation traps on its status.
        guard process.processIdentifier != 0 else { return nil }
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        guard !process.isRunning else { return nil }
        process.waitUntilExit()
        // Let the readers drain what the process wrote last.
        _ = waitUntil(seconds: 2) { output.finished && errors.finished }
        return process.terminationStatus
    }

    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        _ = wait(timeout: 5)
    }

    deinit { if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) } }

}

/// Retained payloads for the tests, published as the bridge would.
enum RetainedWeather {
    /// `{current, hourly, daily, alerts, status}` of Munich, recorded from Open-Meteo.
    static var munich: [String: String] {
        let path = TestPaths.testsFolder + "/RenderingTests/Golden/terminal/inputs/munich-full.json"
        let data = FileManager.default.contents(atPath: path) ?? Data()
        let document = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        var result: [String: String] = [:]
        for (key, value) in document {
            let bytes = (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data()
            result[key] = String(decoding: bytes, as: UTF8.self)
        }
        return result
    }

    /// The instant the recording is fresh at.
    static let freshNow = "2026-02-07T16:20:00+01:00"

    /// Publishes Munich's payloads (retained) as location `id` below `base`, plus bridge/info.
    static func publish(to broker: TestBroker, base: String = "weather", id: String = "munich", info: [String]? = nil)
        throws
    {
        for (kind, payload) in munich {
            var payload = payload
            if id != "munich" {
                payload = payload.replacingOccurrences(of: "\"id\":\"munich\"", with: "\"id\":\"\(id)\"")
            }
            try broker.publish("\(base)/\(id)/\(kind)", payload, retain: true)
        }
        let locations = (info ?? [id]).map { "\"\($0)\"" }.joined(separator: ",")
        try broker.publish(
            "\(base)/bridge/info",
            #"{"version":"0.1.0","schema":1,"started_at":"2026-02-07T15:00:00Z","locations":[\#(locations)],"providers":["open-meteo"]}"#,
            retain: true)
    }

    /// Publishes raw bytes (any size, any encoding) with `mosquitto_pub -f`.
    static func publishBytes(_ bytes: [UInt8], topic: String, to broker: TestBroker, retain: Bool = true) throws {
        let folder = TemporaryFolder()
        let file = folder.path + "/payload.bin"
        _ = FileManager.default.createFile(atPath: file, contents: Data(bytes))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: findExecutable("mosquitto_pub") ?? "/usr/bin/mosquitto_pub")
        process.arguments =
            ["-h", "127.0.0.1", "-p", String(broker.port), "-q", "1", "-t", topic, "-f", file]
            + (retain ? ["-r"] : [])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestBrokerError("mosquitto_pub -f to \(topic) failed with \(process.terminationStatus)")
        }
    }
}
