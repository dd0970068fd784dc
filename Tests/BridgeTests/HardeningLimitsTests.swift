import Foundation
import TestSupport
import Testing

/// SPEC §5's body limit, seen from the outside: a provider answer over 10 MB — streamed, or
/// a small gzip body that inflates past the limit — is refused as a bad response (exit 65)
/// while it streams, so the bridge never holds it: its peak memory stays far below the body.
@Suite("Hardening: provider answers over 10 MB", .serialized)
struct HardeningLimitsTests {
    /// How much more than a normal `fetch` the refused one may use at its peak: the client
    /// keeps up to 10 MB while it streams (an array that doubles: up to ~20 MB touched), never
    /// the 40 MB that were offered.
    static let growthLimitKB = 24 * 1024

    enum Body: String, CaseIterable, Sendable {
        case streamed, gzipBomb
    }

    @Test("an oversized answer is exit 65, and memory grows by far less than the body", arguments: Body.allCases)
    func oversized(_ body: Body) throws {
        let server = try FixtureServer.start()
        let folder = TemporaryFolder()
        let huge: FixtureResponse
        switch body {
        case .streamed:
            huge = .stream(bytes: 40 * 1024 * 1024)
        case .gzipBomb:
            let bomb = folder.path + "/bomb.json.gz"
            try TestPKI.run("sh", ["-c", "head -c 41943040 /dev/zero | gzip -c > \(bomb)"], in: folder.path)
            huge = .file(bomb, headers: ["Content-Encoding": "gzip"])
        }
        let config = folder.write(
            "config.yaml",
            """
            state_dir: \(folder.path)
            providers:
              open-meteo: { base_url: \(server.baseURL) }
            locations:
              - { id: first, latitude: 40.7886, longitude: -73.9661, timezone: America/New_York }
              - { id: second, latitude: 40.7886, longitude: -73.9661, timezone: America/New_York }
            """)
        // The second location's answer comes late, so the process is alive (and its peak
        // readable) well after the first answer was taken in, or refused.
        let normal = FixtureResponse.file(BridgeEndToEndTests.newYorkFixture)
        try server.route("/v1/forecast", [normal, normal.delayed(by: 1)])
        let baseline = try Self.fetch(config)
        #expect(baseline.status == 0, "stderr: \(baseline.stderr)")

        try server.reset()
        try server.route("/v1/forecast", [huge, normal.delayed(by: 1)])
        let refused = try Self.fetch(config)
        #expect(refused.status == 65, "stderr: \(refused.stderr)")
        #expect(refused.stderr.contains("first: open-meteo"), "stderr: \(refused.stderr)")
        #expect(refused.stderr.contains("larger than 10485760 bytes"), "stderr: \(refused.stderr)")
        #expect(!refused.stderr.contains("second:"), "the other location was still served: \(refused.stderr)")
        #expect(try server.requests().count == 2)
        #expect(baseline.peakKB > 0 && refused.peakKB > 0, "VmHWM was read")
        #expect(
            refused.peakKB - baseline.peakKB < Self.growthLimitKB,
            "peak \(refused.peakKB) kB against \(baseline.peakKB) kB for a normal answer")
    }

    /// Runs `weather2mqtt fetch`, reading the child's peak resident memory (VmHWM) until it exits.
    ///
    /// Only once the pid runs the bridge: its command line holds `config`. Under qemu-user (the
    /// suite under `.ci/arm64.sh`) `posix_spawn`'s vfork is emulated as a fork, so the spawn
    /// returns while the child is still a copy of the test runner, whose VmHWM then starts at
    /// the runner's own resident size (hundreds of MB under the whole suite) until its exec.
    /// Also under qemu, the peaks include qemu's own memory (its translation cache), which the
    /// normal answer's baseline carries as well: the growth limit is the same there.
    static func fetch(_ config: String) throws -> (status: Int32?, stderr: String, peakKB: Int) {
        let bridge = try BridgeProcess(
            ["fetch", "--config", config], environment: ["WEATHER2MQTT_NOW": BridgeEndToEndTests.now])
        defer { bridge.kill() }
        var peakKB = 0
        let pid = bridge.process.processIdentifier
        while bridge.process.isRunning {
            if let commandLine = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")),
                commandLine.split(separator: 0).contains(where: { String(decoding: $0, as: UTF8.self) == config }),
                let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
            {
                peakKB = max(peakKB, kilobytes)
            }
            usleep(10_000)
        }
        let status = bridge.wait(timeout: 5)
        return (status, bridge.finishedStderr(), peakKB)
    }
}
