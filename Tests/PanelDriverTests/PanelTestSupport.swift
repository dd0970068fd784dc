import Foundation
import TestSupport

/// Files of this target and the programs the tests run.
enum PanelFiles {
    /// `Tests/PanelDriverTests/Golden/NAME`.
    static func golden(_ name: String) -> String { TestPaths.testsFolder + "/PanelDriverTests/Golden/" + name }

    static func bytes(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { throw Missing(path: path) }
        return [UInt8](data)
    }

    struct Missing: Error { let path: String }

    /// The `weatherview` binary next to the test bundle.
    static let weatherview: String = {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("weatherview").path),
            folder.path != "/"
        {
            folder = folder.deletingLastPathComponent()
        }
        return folder.appendingPathComponent("weatherview").path
    }()

    struct Outcome {
        var status: Int32
        var output: String
    }

    /// Runs `executable ARGS` to its end; stdout and stderr together.
    static func run(_ executable: String, _ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// `python3 compare.py EXPECTED ACTUAL` (the copy of ../shared/epaper/compare.py kept here).
    static func compare(_ expected: String, _ actual: String) throws -> Outcome {
        try run("/usr/bin/env", ["python3", golden("compare.py"), expected, actual])
    }

    /// The trace's events, one JSON object each.
    static func events(_ path: String) throws -> [[String: Any]] {
        let text = String(decoding: try bytes(path), as: UTF8.self)
        return try text.split(separator: "\n").map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
        }
    }
}

/// Bytes from hex, for traces.
func bytes(hex: String) -> [UInt8] {
    var out: [UInt8] = []
    var index = hex.startIndex
    while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        out.append(UInt8(hex[index..<next], radix: 16) ?? 0)
        index = next
    }
    return out
}
