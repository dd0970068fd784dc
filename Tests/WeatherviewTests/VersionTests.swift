import Foundation
import TestSupport
import Testing
import WireContract

/// The version lives in one place (`BridgeVersion.current`): both executables say it, and the
/// newest entry of CHANGELOG.md is it (deploy/release/build refuses a release otherwise; the
/// packages' Version is checked against it by deploy/release/check-package).
@Suite("The version: one number")
struct VersionTests {
    @Test("weatherview --version and weather2mqtt's BridgeVersion are one number, CHANGELOG.md's newest")
    func oneNumber() throws {
        let viewer = try WeatherviewProcess.run(["--version"])
        #expect(viewer.status == 0)
        #expect(viewer.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == BridgeVersion.current)
        let changelog = try String(contentsOfFile: TestPaths.repository + "/CHANGELOG.md", encoding: .utf8)
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
            .map { $0.dropFirst(3).split(separator: " ").first.map(String.init) ?? "" }
        #expect(newest == BridgeVersion.current, "CHANGELOG.md's newest entry is \(newest ?? "none")")
    }
}
