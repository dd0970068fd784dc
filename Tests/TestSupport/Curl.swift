import Foundation

/// What the `curl` command got: each transfer's HTTP status (0 when there was no answer) and
/// body, and curl's exit code.
public struct CurlResult {
    public var statuses: [Int]
    public var bodies: [String]
    public var exitCode: Int32
    public var status: Int { statuses.first ?? 0 }
    public var body: String { bodies.first ?? "" }
}

/// Runs `curl` (libcurl) with `options` once for all `urls` (one connection, kept alive).
public func curl(_ options: [String], _ urls: [String]) throws -> CurlResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: findExecutable("curl") ?? "/usr/bin/curl")
    let folder = NSTemporaryDirectory() + "curl-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outputs = urls.indices.flatMap { ["-o", folder + "/\($0)", urls[$0]] }
    process.arguments = ["-s", "--max-time", "20", "-w", "%{http_code}\\n"] + options + outputs
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let statuses = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
    let bodies = urls.indices.map { (try? String(contentsOfFile: folder + "/\($0)", encoding: .utf8)) ?? "" }
    return CurlResult(statuses: statuses, bodies: bodies, exitCode: process.terminationStatus)
}

/// Runs `curl` with `options` for one URL.
public func curl(_ options: [String], _ url: String) throws -> CurlResult { try curl(options, [url]) }
