import Foundation

/// Where the benchmarks find the repository's fixtures and the release executables.
public enum BenchPaths {
    /// The `Benchmarks/` folder.
    public static let benchmarks: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().standardizedFileURL.path

    /// The repository root.
    public static let repository: String = URL(fileURLWithPath: benchmarks).deletingLastPathComponent().path

    /// A recorded provider answer from `Tests/Fixtures/<provider>/<file>`.
    public static func fixture(_ provider: String, _ file: String) -> [UInt8] {
        read(repository + "/Tests/Fixtures/" + provider + "/" + file)
    }

    /// The full-size Open-Meteo answer the loopback server serves (`Fixtures/`, made by
    /// `peer/make_openmeteo_answer.py`): every variable the bridge asks for, 8 days hourly.
    public static let openMeteoAnswer = benchmarks + "/Fixtures/open-meteo-berlin-full.json"

    /// The instant the benchmarks run at (`WEATHER2MQTT_NOW`): the answer is fresh then.
    public static let now = "2026-01-15T12:00:00Z"

    /// A release executable of the root package: `$WEATHER2MQTT_BIN/<name>`, else
    /// `<repository>/.build-bench/release/<name>` (`swift build -c release --static-swift-stdlib
    /// --scratch-path .build-bench`).
    public static func executable(_ name: String) -> String {
        let folder = ProcessInfo.processInfo.environment["WEATHER2MQTT_BIN"] ?? repository + "/.build-bench/release"
        return folder + "/" + name
    }

    public static func read(_ path: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            fatalError("benchmark input missing: \(path)")
        }
        return [UInt8](data)
    }
}
