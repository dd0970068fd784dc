import Foundation
import TestSupport
import Testing

/// SPEC §3: a location that left the configuration loses every retained topic the bridge
/// published for it at the next start — and nothing that is not this bridge's goes with it.
@Suite("Removed location's retained topics", .serialized)
struct HomeAssistantRemovedLocationTests {
    typealias Setup = HomeAssistantIntegrationTests.Setup

    /// A configuration with flat topics on, the given locations and state folder.
    static func config(_ setup: Setup, _ locations: [String], state: String, discovery: Bool) -> String {
        let items = locations.map {
            "  - { id: \($0), name: Place \($0), latitude: 40.7886, longitude: -73.9661, timezone: America/New_York }"
        }.joined(separator: "\n")
        return setup.folder.write(
            "config-\(locations.joined(separator: "-"))-\(UUID().uuidString.prefix(6)).yaml",
            """
            mqtt:
              url: \(setup.broker.url)
              client_id: removed-\(UUID().uuidString.prefix(8))
              base_topic: weather
              flat_topics: true
            homeassistant: { discovery: \(discovery), prefix: homeassistant }
            state_dir: \(setup.folder.path)/\(state)
            contact: tests@example.com
            providers:
              open-meteo: { base_url: \(setup.server.baseURL) }
            locations:
            \(items)
            """)
    }

    /// What others keep on the broker: another bridge's base topic, a location of our base
    /// topic that this bridge never served.
    static let foreign = [
        "weather2/brooklyn/current": #"{"other": "bridge"}"#,
        "weather/lake/current": #"{"someone": "else"}"#,
    ]

    /// Runs a bridge for nyc and brooklyn until brooklyn's topics are all there, then one for
    /// nyc only (with `secondState` as its state folder), and checks what is left.
    func check(discovery: Bool, secondState: String) throws {
        let setup = try HomeAssistantIntegrationTests.setup()
        for (topic, payload) in Self.foreign { try setup.broker.publish(topic, payload, retain: true) }
        let first = try BridgeProcess(
            ["run", "--config", Self.config(setup, ["nyc", "brooklyn"], state: "state", discovery: discovery)],
            environment: HomeAssistantIntegrationTests.environment)
        #expect(
            try waitUntil(seconds: 20) {
                let topics = try setup.broker.retained("weather/brooklyn/#", timeout: 1)
                return ["current", "hourly", "daily", "alerts", "status", "current/temperature"].allSatisfy {
                    topics["weather/brooklyn/" + $0] != nil
                }
            }, "stderr: \(first.stderr)")
        let published = try setup.broker.retained("weather/brooklyn/#", timeout: 1).count
        #expect(first.terminate() == 0)

        let second = try BridgeProcess(
            ["run", "--config", Self.config(setup, ["nyc"], state: secondState, discovery: discovery)],
            environment: HomeAssistantIntegrationTests.environment)
        defer { second.kill() }
        let cleared = try waitUntil(seconds: 20) {
            try setup.broker.retained("weather/brooklyn/#", timeout: 1).isEmpty
        }
        let left = try setup.broker.retained("weather/brooklyn/#", timeout: 1).keys.sorted()
        #expect(cleared, "\(published) topics before; left: \(left); stderr: \(second.stderr)")
        let nyc = try setup.broker.retained("weather/nyc/#", timeout: 1)
        #expect(nyc["weather/nyc/current"] != nil && nyc["weather/nyc/current/temperature"] != nil)
        // Given a wrong cleanup time to happen, what is not ours stays.
        let touched = try waitUntil(seconds: 1) {
            try Self.foreign.contains { topic, payload in try setup.broker.retained(topic, timeout: 1)[topic] != payload
            }
        }
        #expect(!touched, "a topic that is not ours changed")
        #expect(second.terminate() == 0)
    }

    @Test("known from state_dir: every reading, status and flat topic of the removed location is cleared")
    func fromStateDirectory() throws {
        try check(discovery: false, secondState: "state")
    }

    @Test("known from our Home Assistant device when state_dir was lost")
    func fromDiscovery() throws {
        try check(discovery: true, secondState: "fresh-state")
    }

    @Test("the state file of a cleared location is gone, so the next start clears nothing again")
    func stateFileRemoved() throws {
        let setup = try HomeAssistantIntegrationTests.setup()
        let first = try BridgeProcess(
            ["run", "--config", Self.config(setup, ["nyc", "brooklyn"], state: "state", discovery: false)],
            environment: HomeAssistantIntegrationTests.environment)
        let brooklynFile = setup.folder.path + "/state/location-brooklyn.json"
        #expect(
            waitUntil(seconds: 20) { FileManager.default.fileExists(atPath: brooklynFile) },
            "stderr: \(first.stderr)")
        #expect(first.terminate() == 0)
        let second = try BridgeProcess(
            ["run", "--config", Self.config(setup, ["nyc"], state: "state", discovery: false)],
            environment: HomeAssistantIntegrationTests.environment)
        defer { second.kill() }
        #expect(
            waitUntil(seconds: 20) { !FileManager.default.fileExists(atPath: brooklynFile) },
            "stderr: \(second.stderr)")
        #expect(FileManager.default.fileExists(atPath: setup.folder.path + "/state/location-nyc.json"))
        #expect(second.terminate() == 0)
    }
}
