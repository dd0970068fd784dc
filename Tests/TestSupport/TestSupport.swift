import Foundation

/// Where the repository's test files are, found from this source file's path.
public enum TestPaths {
    /// `Tests/` of the repository.
    public static let testsFolder: String = {
        let file = #filePath
        return String(file[..<file.range(of: "/TestSupport/")!.lowerBound])
    }()

    /// The repository's top folder.
    public static var repository: String { (testsFolder as NSString).deletingLastPathComponent }

    /// A recorded provider answer copied from `shared/fixtures`: `Tests/Fixtures/<provider>/<file>`.
    public static func fixture(_ provider: String, _ file: String) -> String {
        testsFolder + "/Fixtures/" + provider + "/" + file
    }
}

/// Recorded provider answers.
public enum Fixtures {
    public static func bytes(_ provider: String, _ file: String) -> [UInt8] {
        let path = TestPaths.fixture(provider, file)
        guard let data = FileManager.default.contents(atPath: path) else {
            fatalError("missing fixture \(path)")
        }
        return [UInt8](data)
    }

    /// The names of every recording of a provider.
    public static func files(_ provider: String) -> [String] {
        let folder = TestPaths.testsFolder + "/Fixtures/" + provider
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".headers.json") }.sorted()
    }
}

/// Golden files: the expected output lives in the repository; `UPDATE_GOLDEN=1` rewrites them
/// (then read the diff before committing it).
public enum Golden {
    /// Compares `actual` with the golden file at `Tests/<relativePath>`; returns a description
    /// of the first difference, or `nil` when they match.
    public static func check(_ actual: String, _ relativePath: String) -> String? {
        let path = TestPaths.testsFolder + "/" + relativePath
        if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? actual.write(toFile: path, atomically: true, encoding: .utf8)
            return nil
        }
        guard let expected = try? String(contentsOfFile: path, encoding: .utf8) else {
            return "golden file \(relativePath) is missing (run with UPDATE_GOLDEN=1 to create it)"
        }
        if expected == actual { return nil }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(expectedLines.count, actualLines.count) {
            let lhs = index < expectedLines.count ? String(expectedLines[index]) : "<end>"
            let rhs = index < actualLines.count ? String(actualLines[index]) : "<end>"
            if lhs != rhs {
                return "\(relativePath):\(index + 1): expected \(lhs) but got \(rhs)"
            }
        }
        return "\(relativePath) differs"
    }
}

/// A temporary folder removed when the value goes away.
public final class TemporaryFolder: @unchecked Sendable {
    public let path: String

    public init() {
        path = NSTemporaryDirectory() + "weather2mqtt-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    public func write(_ name: String, _ text: String) -> String {
        let file = path + "/" + name
        try? text.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
