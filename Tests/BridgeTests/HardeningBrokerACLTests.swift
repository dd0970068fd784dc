import Foundation
import TestSupport
import Testing

/// `deploy/mosquitto/`: the example broker configuration and ACL, run by a real mosquitto
/// (its listener moved to a free loopback port, its files to test certificates and a test
/// password file): the bridge publishes over TLS, a viewer reads the weather but can neither
/// write it nor read anything else, and anonymous clients are turned away.
@Suite(
    "Hardening: deploy/mosquitto broker with TLS, passwords and ACL", .serialized,
    .enabled(if: TestPKI.available, "needs openssl and mosquitto_passwd"))
struct HardeningBrokerACLTests {
    static let deployFolder = TestPaths.repository + "/deploy/mosquitto"
    static let users = ["weather2mqtt": "bridge-secret-1", "viewer": "viewer-secret-2"]

    /// `deploy/mosquitto/mosquitto.conf` with its listener on `port` (loopback) and its files
    /// replaced by test files; the ACL is the repository's own.
    static func adaptedConfig(port: Int, passwordFile: String, pki: TestPKI) throws -> String {
        let text = try String(contentsOfFile: deployFolder + "/mosquitto.conf", encoding: .utf8)
        var replaced: Set<String> = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            let words = line.split(separator: " ")
            guard let key = words.first.map(String.init), !line.hasPrefix("#") else { return String(line) }
            let replacement: String? =
                switch key {
                case "listener": words.count == 2 && words[1] == "8883" ? "listener \(port) 127.0.0.1" : nil
                case "password_file": "password_file \(passwordFile)"
                case "acl_file": "acl_file \(deployFolder)/acl"
                case "cafile": "cafile \(pki.caFile)"
                case "certfile": "certfile \(pki.certFile("good"))"
                case "keyfile": "keyfile \(pki.keyFile("good"))"
                default: nil
                }
            guard let replacement else { return String(line) }
            replaced.insert(key)
            return replacement
        }
        try #require(
            replaced == ["listener", "password_file", "acl_file", "cafile", "certfile", "keyfile"],
            "deploy/mosquitto/mosquitto.conf lost a setting: \(replaced.sorted())")
        #expect(text.contains("\nallow_anonymous false\n"))
        return lines.joined(separator: "\n")
    }

    @Test("the bridge publishes; a viewer reads the weather only and writes nothing; anonymous is refused")
    func deployedBroker() throws {
        let pki = try TestPKI.shared.get()
        let folder = TemporaryFolder()
        let passwordFile = folder.path + "/passwd"
        for (index, (user, password)) in Self.users.sorted(by: { $0.key < $1.key }).enumerated() {
            try TestPKI.run(
                "mosquitto_passwd", (index == 0 ? ["-c"] : []) + ["-b", passwordFile, user, password], in: folder.path)
        }
        let port = freeLoopbackPort()
        // TestBroker's own plain listener stays, but `allow_anonymous false`, the password file
        // and the ACL (global settings) apply to it as well.
        let broker = try TestBroker.start(
            extraConfig: Self.adaptedConfig(port: port, passwordFile: passwordFile, pki: pki))
        try #require(waitForPort(port), "mosquitto did not open the TLS listener: \(broker.log)")
        let tls = ["--cafile", pki.caFile]
        func login(_ user: String) -> [String] { tls + ["-u", user, "-P", Self.users[user]!] }

        // The bridge, with discovery on: readings under weather/, devices under homeassistant/.
        let server = try FixtureServer.start()
        try server.route("/v1/forecast", [.file(BridgeEndToEndTests.newYorkFixture)])
        let bridgePassword = folder.write("bridge_password", Self.users["weather2mqtt"]! + "\n")
        chmod(bridgePassword, 0o600)
        let config = folder.write(
            "config.yaml",
            """
            mqtt:
              url: mqtts://127.0.0.1:\(port)
              client_id: acl-test
              username: weather2mqtt
              password_file: \(bridgePassword)
              tls: { ca_file: \(pki.caFile) }
            state_dir: \(folder.path)
            providers:
              open-meteo: { base_url: \(server.baseURL) }
            locations:
              - { id: nyc, name: New York, latitude: 40.7886, longitude: -73.9661, timezone: America/New_York }
            """)
        let run = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": BridgeEndToEndTests.now])
        #expect(run.status == 0, "stderr: \(run.stderr)\nbroker: \(broker.log)")
        #expect(!run.stderr.contains("subscribe failed"), "stderr: \(run.stderr)")

        // The viewer sees the weather and nothing else (not the discovery configs).
        let seen = try MosquittoTools.retained(port: port, filter: "#", arguments: login("viewer"))
        #expect(seen["weather/nyc/current/temperature"] == "-1.4", "\(seen.keys.sorted())\n\(broker.log)")
        #expect(seen.keys.allSatisfy { $0.hasPrefix("weather/") }, "\(seen.keys.sorted())")
        let discovery = try MosquittoTools.retained(
            port: port, filter: "homeassistant/device/+/config", arguments: login("weather2mqtt"))
        #expect(discovery["homeassistant/device/weather2mqtt_nyc/config"] != nil, "\(discovery.keys.sorted())")

        // The viewer writes nothing: not the weather, not discovery.
        for topic in ["weather/nyc/current/temperature", "homeassistant/device/weather2mqtt_evil/config"] {
            try MosquittoTools.publish(port: port, topic: topic, payload: "99", arguments: login("viewer"))
        }
        let after = try MosquittoTools.retained(port: port, filter: "weather/#", arguments: login("viewer"))
        #expect(after["weather/nyc/current/temperature"] == "-1.4")
        let devices = try MosquittoTools.retained(
            port: port, filter: "homeassistant/device/+/config", arguments: login("weather2mqtt"))
        #expect(devices["homeassistant/device/weather2mqtt_evil/config"] == nil, "\(devices.keys.sorted())")

        // Anonymous clients are turned away, on the TLS listener and on TestBroker's plain one.
        let anonymous = try MosquittoTools.run(
            "mosquitto_sub", ["-h", "127.0.0.1", "-p", String(port), "-t", "weather/#", "-C", "1"] + tls, timeout: 10)
        #expect(anonymous.status != 0 && anonymous.stderr.contains("not authorised"), "\(anonymous)")
        #expect(throws: (any Error).self) { try broker.retained("weather/#", timeout: 1) }

        // weatherview as the viewer.
        let viewerPassword = folder.write("viewer_password", Self.users["viewer"]! + "\n")
        chmod(viewerPassword, 0o600)
        let view = try WeatherviewCommand(executable: BridgeProcess.executable).run(
            [
                "get", "nyc", "current.temperature", "--broker", "mqtts://localhost:\(port)", "--ca-file", pki.caFile,
                "--username", "viewer", "--password-file", viewerPassword,
            ], environment: ["WEATHER2MQTT_NOW": BridgeEndToEndTests.now])
        #expect(view.status == 0 && view.stdout == "-1.4\n", "\(view)")
    }
}
