import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `mosquitto_sub` and `mosquitto_pub` with any arguments (TLS, credentials), for tests
/// that cannot use `TestBroker`'s anonymous plain listener.
enum MosquittoTools {
    /// Retained messages on `filter` (topic → payload): what arrives until the output has been
    /// quiet for half a second, or for at most `seconds` when nothing arrives.
    static func retained(port: Int, filter: String, arguments: [String], seconds: Double = 2) throws -> [String: String]
    {
        let output = try run(
            "mosquitto_sub",
            ["-h", "127.0.0.1", "-p", String(port), "-t", filter, "--retained-only", "-F", "%t\t%x"] + arguments,
            timeout: seconds, quiet: 0.5)
        var result: [String: String] = [:]
        for line in output.stdout.split(separator: "\n") {
            guard let tab = line.lastIndex(of: "\t") else { continue }
            result[String(line[..<tab])] = String(decoding: hexBytes(line[line.index(after: tab)...]), as: UTF8.self)
        }
        return result
    }

    /// Publishes one retained message with QoS 1; returns the exit status and stderr.
    @discardableResult
    static func publish(port: Int, topic: String, payload: String, arguments: [String]) throws -> (Int32, String) {
        let output = try run(
            "mosquitto_pub",
            ["-h", "127.0.0.1", "-p", String(port), "-q", "1", "-r", "-t", topic, "-m", payload] + arguments,
            timeout: 10)
        return (output.status, output.stderr)
    }

    /// Runs `tool` until it exits, `timeout` seconds pass, or (with `quiet`) its output has
    /// been silent that long after something arrived; then kills it. (`mosquitto_sub -W`
    /// cannot be used: the test runner's blocked SIGALRM is inherited.)
    static func run(_ tool: String, _ arguments: [String], timeout: Double, quiet: Double? = nil) throws -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(findExecutable(tool), "\(tool) not found"))
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        let output = OutputCollector(out.fileHandleForReading)
        let errors = OutputCollector(err.fileHandleForReading)
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        var lastLength = 0
        var lastChange = Date()
        while process.isRunning && Date() < deadline {
            usleep(10_000)
            let length = output.text().utf8.count
            if length != lastLength {
                lastLength = length
                lastChange = Date()
            } else if let quiet, length > 0, Date().timeIntervalSince(lastChange) >= quiet {
                break
            }
        }
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return (process.terminationStatus, output.finish(), errors.finish())
    }
}

/// Lines of `text` that contain `needle`.
func lines(of text: String, containing needle: String) -> [String] {
    text.split(separator: "\n").map(String.init).filter { $0.contains(needle) }
}
