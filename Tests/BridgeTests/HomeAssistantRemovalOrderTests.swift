import Foundation
import TestSupport
import Testing

/// A removed location's Home Assistant device goes before the topics its entities read
/// (`RemovalOrder`): cleared the other way round, Home Assistant logged `Erroneous JSON`.
@Suite("Removed location: the device first, then its topics", .serialized)
struct HomeAssistantRemovalOrderTests {
    @Test("the empty discovery config comes before every cleared topic of the location", arguments: [true, false])
    func deviceFirst(discoveryStillOn: Bool) throws {
        let setup = try HomeAssistantIntegrationTests.setup()
        let first = try BridgeProcess(
            [
                "run", "--config",
                HomeAssistantRemovedLocationTests.config(setup, ["nyc", "brooklyn"], state: "state", discovery: true),
            ],
            environment: HomeAssistantIntegrationTests.environment)
        let device = "homeassistant/device/weather2mqtt_brooklyn/config"
        #expect(
            try waitUntil(seconds: 20) {
                try setup.broker.retained("homeassistant/#", timeout: 1)[device] != nil
                    && setup.broker.retained("weather/brooklyn/status", timeout: 1).count == 1
            }, "stderr: \(first.stderr)")
        #expect(first.terminate() == 0)

        // Every message on the two trees, in the order the broker sends them.
        let log = setup.folder.path + "/order.txt"
        let watcher = Process()
        watcher.executableURL = URL(fileURLWithPath: findExecutable("mosquitto_sub") ?? "/usr/bin/mosquitto_sub")
        watcher.arguments = [
            "-h", "127.0.0.1", "-p", String(setup.broker.port), "-t", "weather/brooklyn/#", "-t", device,
            "-F", "%t %l", "-q", "1",
        ]
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        watcher.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try watcher.run()
        // SIGKILL: the test runner's blocked signals are inherited, so SIGTERM would not end it.
        defer { if watcher.isRunning { kill(watcher.processIdentifier, SIGKILL) } }
        // Subscribed once its retained burst (the device's configuration) has arrived.
        #expect(
            waitUntil(seconds: 10) {
                (try? String(contentsOfFile: log, encoding: .utf8))?.contains(device + " ") == true
            })

        let second = try BridgeProcess(
            [
                "run", "--config",
                HomeAssistantRemovedLocationTests.config(setup, ["nyc"], state: "state", discovery: discoveryStillOn),
            ],
            environment: HomeAssistantIntegrationTests.environment)
        defer { second.kill() }
        #expect(
            try waitUntil(seconds: 20) { try setup.broker.retained("weather/brooklyn/#", timeout: 1).isEmpty },
            "stderr: \(second.stderr)")
        // The device's empty configuration reached the watcher; a second one would follow soon.
        func clearedDevice() -> Int {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
                .filter { $0.hasPrefix(device + " ") && $0.hasSuffix(" 0") }.count
        }
        #expect(waitUntil(seconds: 10) { clearedDevice() >= 1 })
        _ = waitUntil(seconds: 0.5) { clearedDevice() > 1 }
        kill(watcher.processIdentifier, SIGKILL)
        watcher.waitUntilExit()
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        let cleared = lines.enumerated().filter { $0.element.hasSuffix(" 0") }
        let deviceIndex = cleared.first { $0.element.hasPrefix(device + " ") }?.offset
        let firstTopic = cleared.first { $0.element.hasPrefix("weather/brooklyn/") }?.offset
        #expect(deviceIndex != nil && firstTopic != nil, "\(lines)")
        if let deviceIndex, let firstTopic { #expect(deviceIndex < firstTopic, "\(lines)") }
        // Once: the cleanup subscription may deliver the retained config the connection just
        // cleared (its subscribe can overtake the empty publish); a second empty config made Home
        // Assistant log "No device components to cleanup".
        #expect(cleared.filter { $0.element.hasPrefix(device + " ") }.count == 1, "\(lines)")
        #expect(second.terminate() == 0)
    }
}
