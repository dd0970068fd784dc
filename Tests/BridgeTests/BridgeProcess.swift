import Foundation
import TestSupport

/// Runs the built `weather2mqtt` executable as a user would, with a configuration written
/// for the test's broker and fixture server.
final class BridgeProcess: @unchecked Sendable {
    /// The `weather2mqtt` binary next to the test bundle.
    static var executable: String {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = bundle.deletingLastPathComponent()
        // The test runner may be inside `…PackageTests.xctest/…`; walk up to the build folder.
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("weather2mqtt").path),
            folder.path != "/"
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("weather2mqtt").path
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `weather2mqtt ARGS` to completion in a mount namespace of its own whose /etc/hosts is
    /// the file `hosts` (the test's own is left alone); stderr starts with the first line
    /// `getent ahosts localhost` gives there.
    static func run(hosts: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        let script = """
            mount --bind "$1" /etc/hosts && getent ahosts localhost | head -1 >&2 && shift && exec "$@"
            """
        return try run(
            ["--mount", "sh", "-c", script, "sh", hosts, executable] + arguments, environment: environment,
            executable: "/usr/bin/unshare")
    }

    /// Runs `weather2mqtt ARGS` (or another built `executable`) to completion, bounded by
    /// `timeout` seconds; the test runner's journald and broker settings are not passed on.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], timeout: Double = 30,
        executable: String = BridgeProcess.executable
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "JOURNAL_STREAM")
        env.removeValue(forKey: "WEATHER2MQTT_BROKER")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = OutputCollector(out.fileHandleForReading)
        let errData = OutputCollector(err.fileHandleForReading)
        _ = waitUntil(seconds: timeout) { !process.isRunning }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: outData.finish(), stderr: errData.finish())
    }

    let process = Process()
    private var errors: OutputCollector?
    private var output: OutputCollector?

    /// Starts `weather2mqtt ARGS` in the background.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "JOURNAL_STREAM")
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        output = OutputCollector(out.fileHandleForReading)
        errors = OutputCollector(err.fileHandleForReading)
    }

    var stderr: String { errors?.text() ?? "" }

    /// After the process exited: all it wrote to stderr, including what the reader had not
    /// collected yet.
    func finishedStderr() -> String { errors?.finish() ?? "" }

    /// SIGTERM, then waits (bounded) for the exit status.
    @discardableResult
    func terminate(timeout: Double = 10) -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        process.terminate()
        return wait(timeout: timeout)
    }

    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        _ = wait(timeout: 5)
    }

    func wait(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    deinit { if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) } }
}
