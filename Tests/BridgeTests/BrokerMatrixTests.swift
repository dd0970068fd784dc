import Foundation
import TestSupport
import Testing

/// The bridge against the brokers users run: mosquitto speaking MQTT 5, mosquitto with
/// `protocol: 3.1.1`, and amqtt (PyPI), which speaks only 3.1.1 and does not answer an MQTT 5
/// CONNECT at all. Each starts with the bridge's own retained messages of an earlier run already
/// on the broker (SPEC §3: no foreign-write warning for those), and shows the data published and
/// retained, a real foreign write corrected (once, with one warning), everything republished
/// after a broker restart, and the last will.
@Suite("The bridge on every broker", .serialized)
struct BrokerMatrixTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var broker: TestBroker.Kind
        var protocolLine: String
        var testDescription: String { "\(broker)\(protocolLine.isEmpty ? "" : " " + protocolLine)" }
    }

    static let cases = [
        Case(broker: .mosquitto, protocolLine: ""),
        Case(broker: .mosquitto, protocolLine: "protocol: 3.1.1"),
        Case(broker: .amqtt, protocolLine: ""),
    ]
    static let forecast = TestPaths.fixture("open-meteo", "forecast_current_hourly_daily_newyork_iso8601.json")
    static let foreignWarning = "another client wrote to one of the bridge's topics"

    @Test(
        "published, retained, no false alarm, a real foreign write corrected, republished, last will", arguments: cases)
    func fullContact(_ test: Case) throws {
        let broker = try TestBroker.start(test.broker)
        let server = try FixtureServer.start()
        try server.route("/v1/forecast", [.file(Self.forecast)])
        let state = TemporaryFolder()
        let config = state.write(
            "config.yaml",
            """
            mqtt:
              url: \(broker.url)
              client_id: matrix-test
              \(test.protocolLine)
            state_dir: \(state.path)/state
            contact: tests@example.com
            providers:
              open-meteo: { base_url: \(server.baseURL) }
            locations:
              - { id: nyc, name: New York, latitude: 40.7886, longitude: -73.9661, timezone: America/New_York,
                  interval: 15m }
            """)
        let environment = ["WEATHER2MQTT_NOW": "2026-02-06T21:40:00Z"]
        // An earlier run's retained messages, as the broker keeps them: the bridge's own, older.
        let earlier = try BridgeProcess.run(["run", "--once", "--config", config], environment: environment)
        #expect(earlier.status == 0, "\(earlier.stderr)")
        let seeded = try broker.retained("weather/#")
        #expect(seeded["weather/nyc/status"] != nil, "\(seeded.keys.sorted())\n\(earlier.stderr)")
        try broker.publish("weather/nyc/status", #"{"from":"an earlier run"}"#, retain: true)

        // A new state_dir, as on a first start: the bridge asks the provider at once, and its
        // status changes while the broker's retained copies come in.
        let fresh = state.write(
            "fresh.yaml",
            try String(contentsOfFile: config, encoding: .utf8).replacingOccurrences(
                of: "\(state.path)/state", with: "\(state.path)/fresh"))
        let later = ["WEATHER2MQTT_NOW": "2026-02-06T21:55:00Z"]
        let bridge = try BridgeProcess(["run", "--config", fresh], environment: later)
        defer { bridge.kill() }
        var retained: [String: String] = [:]
        #expect(
            waitUntil(seconds: 30) {
                retained = (try? broker.retained("weather/#", timeout: 2)) ?? [:]
                return retained["weather/bridge/state"] == "online" && retained["weather/nyc/current"] != nil
                    && retained["weather/nyc/status"]?.contains("an earlier run") == false
            }, "\(retained.keys.sorted())\n\(bridge.stderr)\n\(broker.log)")
        if test.broker == .amqtt {
            #expect(
                bridge.stderr.contains("the broker may speak only MQTT 3.1.1: trying MQTT 3.1.1"), "\(bridge.stderr)")
            #expect(bridge.stderr.contains("connected with MQTT 3.1.1"), "\(bridge.stderr)")
        }
        // Settled: its own retained copies and (3.1.1) own publications come back, and none of
        // them is taken for a foreign write.
        #expect(!waitUntil(seconds: 1.5) { bridge.stderr.contains(Self.foreignWarning) }, "\(bridge.stderr)")

        // A real write by another client, live: corrected once, with one warning.
        try broker.publish("weather/nyc/status", "spoofed", retain: true)
        #expect(
            waitUntil(seconds: 20) {
                let status = (try? broker.retained("weather/nyc/status", timeout: 2))?["weather/nyc/status"] ?? ""
                return bridge.stderr.contains(Self.foreignWarning) && status.hasPrefix("{")
            }, "\(bridge.stderr)")
        // Once: the correction's own echo is not warned about again.
        #expect(
            !waitUntil(seconds: 1) { bridge.stderr.components(separatedBy: Self.foreignWarning).count > 2 },
            "\(bridge.stderr)")

        // The broker loses everything: the bridge puts back what it holds.
        let before = try broker.retained("weather/#")
        try broker.restart()
        var after: [String: String] = [:]
        #expect(
            waitUntil(seconds: 30) {
                after = (try? broker.retained("weather/#", timeout: 2)) ?? [:]
                return after.keys.sorted() == before.keys.sorted()
            }, "\(before.keys.sorted()) vs \(after.keys.sorted())\n\(bridge.stderr)")
        #expect(bridge.stderr.components(separatedBy: Self.foreignWarning).count == 2, "\(bridge.stderr)")

        // A clean stop says 'offline' itself, and takes its own 'offline' coming back for nothing.
        #expect(bridge.terminate() == 0, "\(bridge.stderr)")
        #expect(try broker.retained("weather/bridge/state", timeout: 2)["weather/bridge/state"] == "offline")
        #expect(bridge.stderr.components(separatedBy: Self.foreignWarning).count == 2, "\(bridge.stderr)")

        // Gone without a goodbye: the broker publishes the last will.
        let again = try BridgeProcess(["run", "--config", fresh], environment: later)
        defer { again.kill() }
        #expect(
            waitUntil(seconds: 30) {
                (try? broker.retained("weather/bridge/state", timeout: 2))?["weather/bridge/state"] == "online"
            }, "\(again.stderr)")
        again.kill()
        #expect(
            waitUntil(seconds: 10) {
                (try? broker.retained("weather/bridge/state", timeout: 2))?["weather/bridge/state"] == "offline"
            }, "\(broker.log)")
    }

    /// Raspberry Pi OS and Debian list `::1 localhost` in /etc/hosts; mosquitto listens on
    /// 127.0.0.1 only here. The bridge runs in a mount namespace of its own whose /etc/hosts says
    /// so (the test's own is left alone).
    @Test("mqtt://localhost reaches a broker on 127.0.0.1 when localhost resolves to ::1 first")
    func localhostIPv6First() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try server.route("/v1/forecast", [.file(Self.forecast)])
        let state = TemporaryFolder()
        let hosts = state.write("hosts", "::1 localhost\n127.0.0.1 localhost\n")
        let config = state.write(
            "config.yaml",
            """
            mqtt: { url: "mqtt://localhost:\(broker.port)", client_id: localhost-test }
            state_dir: \(state.path)/state
            contact: tests@example.com
            providers:
              open-meteo: { base_url: \(server.baseURL) }
            locations:
              - { id: nyc, name: New York, latitude: 40.7886, longitude: -73.9661, timezone: America/New_York }
            """)
        let result = try BridgeProcess.run(
            hosts: hosts, ["run", "--once", "--config", config],
            environment: ["WEATHER2MQTT_NOW": "2026-02-06T21:40:00Z"])
        #expect(result.stderr.hasPrefix("::1 "), "the namespace resolves localhost to ::1 first: \(result.stderr)")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try broker.retained("weather/#")["weather/nyc/current"] != nil, "\(result.stderr)")
    }
}
