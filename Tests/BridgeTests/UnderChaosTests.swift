import Foundation
import TestSupport
import Testing

/// Issue 18 from the outside: the real executable, a real mosquitto and the loopback provider,
/// each test a way the bridge used to mislead.
@Suite("Under chaos", .serialized)
struct UnderChaosTests {
    typealias R = ResilienceTests

    @Test("another client's retained offline and garbage on the bridge's topics are corrected at once")
    func foreignWrites() throws {
        let setup = try R.setup()
        try setup.server.route("/v1/forecast", [.file(R.fixture)])
        let bridge = try BridgeProcess(["run", "--config", setup.config], environment: ["WEATHER2MQTT_NOW": R.now])
        defer { bridge.kill() }
        var original: String?
        #expect(
            try waitUntil {
                original = try setup.broker.retained("weather/nyc/current", timeout: 0.5)["weather/nyc/current"]
                return original != nil
            }, "stderr: \(bridge.stderr)")
        try setup.broker.publish("weather/bridge/state", "offline", retain: true)
        try setup.broker.publish("weather/nyc/current", "garbage", retain: true)
        #expect(
            try waitUntil {
                let topics = try setup.broker.retained("weather/#", timeout: 0.5)
                return topics["weather/bridge/state"] == "online" && topics["weather/nyc/current"] == original
            }, "stderr: \(bridge.stderr)")
        #expect(bridge.stderr.contains("another client wrote to one of the bridge's topics"))
        // Corrected from memory: no provider request for it.
        #expect(try setup.server.requests().count == 1)
        #expect(bridge.terminate() == 0)
    }

    @Test("a state write that fails is logged at error, shown in bridge/info, and never makes a restart ask early")
    func stateWriteFails() throws {
        let setup = try R.setup()
        try setup.server.route("/v1/forecast", [.file(R.fixture)])
        let first = try R.once(setup)
        #expect(first.status == 0, "stderr: \(first.stderr)")
        // The next atomic write of the location's file fails (its temporary file cannot be made),
        // as it does on a full disk.
        let blocker = setup.folder.path + "/state/location-nyc.json.tmp"
        try FileManager.default.createDirectory(atPath: blocker, withIntermediateDirectories: true)
        let second = try R.once(setup, now: "2026-02-06T21:56:00Z")
        #expect(second.status == 0, "stderr: \(second.stderr)")
        #expect(try setup.server.requests().count == 2)
        #expect(second.stderr.contains("<3>") || second.stderr.contains("error"))
        #expect(second.stderr.contains("cannot write location-nyc.json in state_dir"), "stderr: \(second.stderr)")
        let info = try #require(try setup.broker.retained("weather/bridge/info")["weather/bridge/info"])
        let stateDir = R.json(info)["state_dir"] as? [String: Any]
        #expect(stateDir?["writable"] as? Bool == false)
        #expect(try SchemaValidator.repository().validate(info, against: "bridge-info") == [])
        // The disk has room again; a restart two minutes later is before the next poll the
        // failed write decided on (21:56 + 15 min), so it asks nothing.
        try FileManager.default.removeItem(atPath: blocker)
        let third = try R.once(setup, now: "2026-02-06T21:58:00Z")
        #expect(third.status == 0, "stderr: \(third.stderr)")
        #expect(try setup.server.requests().count == 2, "stderr: \(third.stderr)")
    }

    @Test("SIGTERM during a request: exit 0, no failure counted or saved, and the next start asks at once")
    func cancelledRequest() throws {
        let setup = try R.setup()
        try setup.server.route("/v1/forecast", [.hang])
        let bridge = try BridgeProcess(["run", "--config", setup.config], environment: ["WEATHER2MQTT_NOW": R.now])
        #expect(try waitUntil { try setup.server.requests().count == 1 }, "stderr: \(bridge.stderr)")
        #expect(bridge.terminate() == 0)
        #expect(!bridge.stderr.contains("refresh failed"), "stderr: \(bridge.stderr)")
        let status = R.json(try setup.broker.retained("weather/nyc/status")["weather/nyc/status"])
        #expect(status["consecutive_failures"] as? Int == 0)
        #expect(status["last_error"] is NSNull)
        // Nothing was held against the provider: the restart asks at once and is served.
        try setup.server.reset()
        try setup.server.route("/v1/forecast", [.file(R.fixture)])
        let again = try R.once(setup)
        #expect(again.status == 0, "stderr: \(again.stderr)")
        #expect(try setup.server.requests().count == 1)
    }

    @Test("a 429 failure line names the Retry-After it honours and when the next attempt is")
    func rateLimitLine() throws {
        let setup = try R.setup(interval: "1m")
        try setup.server.route(
            "/v1/forecast", [.json("{\"error\":true}", status: 429, headers: ["Retry-After": "600"])])
        let run = try R.once(setup)
        #expect(run.status == 69)
        #expect(run.stderr.contains("honouring Retry-After: 600 s"), "stderr: \(run.stderr)")
        #expect(run.stderr.contains("next attempt at 2026-02-06T21:50:00"), "stderr: \(run.stderr)")
        // The per-location success line is debug now; the summary is info.
        try setup.server.reset()
        try setup.server.route("/v1/forecast", [.file(R.fixture)])
        let later = try R.once(setup, now: "2026-02-06T21:51:00Z")
        #expect(!later.stderr.contains("refreshed"), "stderr: \(later.stderr)")
    }

    @Test("check: over budget is valid (0, a warning); invalid is 78")
    func checkCodes() throws {
        let folder = TemporaryFolder()
        let over = folder.write(
            "over.yaml",
            """
            mqtt: { url: mqtt://127.0.0.1:1 }
            providers:
              open-meteo: { daily_budget: 10 }
            locations:
              - { id: home, name: Home, latitude: 48.1, longitude: 11.6, interval: 15m }
            """)
        let overRun = try BridgeProcess.run(["check", "--config", over])
        #expect(overRun.status == 0, "stderr: \(overRun.stderr)")
        #expect(overRun.stdout.contains("is valid, but the plan is over budget"))
        #expect(overRun.stderr.contains("warning: the plan asks open-meteo more often than its daily budget allows"))
        let invalid = folder.write("invalid.yaml", "mqtt: { url: mqtt://127.0.0.1:1 }\nlocations: []\nbogus: 1\n")
        let invalidRun = try BridgeProcess.run(["check", "--config", invalid])
        #expect(invalidRun.status == 78)
        #expect(!invalidRun.stdout.contains("is valid"))
    }
}
