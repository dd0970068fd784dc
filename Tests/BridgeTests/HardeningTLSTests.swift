import Foundation
import TestSupport
import Testing

/// `mqtts://` end to end: the real bridge against a real mosquitto with a TLS listener and a
/// password file, with certificates made by the test. Verification is on unless
/// `tls.insecure: true` is written (and then warned about at every start); a refused
/// handshake or login says why in plain words, and the service keeps retrying with backoff.
@Suite(
    "Hardening: the bridge over TLS", .serialized,
    .enabled(if: TestPKI.available, "needs openssl and mosquitto_passwd"))
struct HardeningTLSTests {
    static let password = "bridge-password"

    /// A configuration for `broker`'s TLS listener; `tls` is the body of `mqtt.tls`.
    static func config(
        url: String, password: String = password, tls: String, server: FixtureServer, folder: TemporaryFolder
    ) -> String {
        let passwordFile = folder.write("mqtt_password", password + "\n")
        chmod(passwordFile, 0o600)
        return folder.write(
            "config.yaml",
            """
            mqtt:
              url: \(url)
              client_id: tls-test
              username: bridge
              password_file: \(passwordFile)
              protocol: 5
              tls: \(tls)
            state_dir: \(folder.path)
            contact: tests@example.com
            providers:
              open-meteo: { base_url: \(server.baseURL) }
            locations:
              - { id: nyc, name: New York, latitude: 40.7886, longitude: -73.9661, timezone: America/New_York }
            """)
    }

    @Test("a broker certificate from the configured CA: run --once publishes over TLS with a password")
    func trustedCA() throws {
        let pki = try TestPKI.shared.get()
        let secure = try SecureBroker.start()
        let server = try FixtureServer.start()
        try server.route("/v1/forecast", [.file(BridgeEndToEndTests.newYorkFixture)])
        let folder = TemporaryFolder()
        let config = Self.config(
            url: secure.tlsURL(), tls: "{ ca_file: \(pki.caFile) }", server: server, folder: folder)
        let result = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": BridgeEndToEndTests.now])
        #expect(result.status == 0, "stderr: \(result.stderr)\nbroker: \(secure.broker.log)")
        #expect(!result.stderr.contains("insecure"), "no warning without tls.insecure: \(result.stderr)")

        // Read back over TLS as the bridge user: the broker holds the readings.
        let topics = try MosquittoTools.retained(
            port: secure.tlsPort, filter: "weather/#",
            arguments: ["--cafile", pki.caFile, "-u", "bridge", "-P", Self.password])
        #expect(topics["weather/nyc/current/temperature"] == "-1.4", "\(topics.keys.sorted())")
        #expect(topics["weather/bridge/state"] == "offline")

        // The same broker by name: the certificate names localhost too.
        let byName = Self.config(
            url: secure.tlsURL(host: "localhost"), tls: "{ ca_file: \(pki.caFile) }", server: server, folder: folder)
        let again = try BridgeProcess.run(
            ["run", "--once", "--config", byName], environment: ["WEATHER2MQTT_NOW": BridgeEndToEndTests.now])
        #expect(again.status == 0, "stderr: \(again.stderr)")

    }

    /// Raspberry Pi OS and Debian 13 list `::1 localhost` first; the TLS listener is on 127.0.0.1
    /// only. The bridge runs in a mount namespace whose /etc/hosts says so (as in
    /// BrokerMatrixTests' plain case): it dials the name over IPv6, is refused, and goes on to IPv4
    /// at once, the certificate checked against the name.
    @Test("mqtts://localhost reaches a TLS broker on 127.0.0.1 when localhost resolves to ::1 first")
    func localhostIPv6First() throws {
        let pki = try TestPKI.shared.get()
        let secure = try SecureBroker.start()
        let server = try FixtureServer.start()
        try server.route("/v1/forecast", [.file(BridgeEndToEndTests.newYorkFixture)])
        let folder = TemporaryFolder()
        let hosts = folder.write("hosts", "::1 localhost\n127.0.0.1 localhost\n")
        let config = Self.config(
            url: secure.tlsURL(host: "localhost"), tls: "{ ca_file: \(pki.caFile) }", server: server, folder: folder)
        let result = try BridgeProcess.run(
            hosts: hosts, ["run", "--once", "--config", config],
            environment: ["WEATHER2MQTT_NOW": BridgeEndToEndTests.now])
        #expect(result.stderr.hasPrefix("::1 "), "the namespace resolves localhost to ::1 first: \(result.stderr)")
        #expect(result.status == 0, "stderr: \(result.stderr)\nbroker: \(secure.broker.log)")
        #expect(!result.stderr.contains("refused"), "the refused family is tried quietly: \(result.stderr)")
        let topics = try MosquittoTools.retained(
            port: secure.tlsPort, filter: "weather/#",
            arguments: ["--cafile", pki.caFile, "-u", "bridge", "-P", Self.password])
        #expect(topics["weather/nyc/current/temperature"] == "-1.4", "\(topics.keys.sorted())")
    }

    /// A connection the broker or the certificate check refuses, and the words that say so.
    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var certificate: String
        var caIsOther: Bool
        var password: String
        var message: String
        var testDescription: String { name }
    }

    static let refusals = [
        Refusal(
            name: "another CA", certificate: "good", caIsOther: true, password: password,
            message: "certificate not trusted"),
        Refusal(
            name: "a certificate for another host name", certificate: "wrongname", caIsOther: false,
            password: password, message: "host name mismatch"),
        Refusal(
            name: "a wrong password", certificate: "good", caIsOther: false, password: "not-the-password",
            message: "not authorised"),
    ]

    @Test(
        "a refused connection is named plainly; run --once exits 69; run keeps retrying with backoff",
        arguments: refusals)
    func refused(_ refusal: Refusal) throws {
        let pki = try TestPKI.shared.get()
        let secure = try SecureBroker.start(certificate: refusal.certificate)
        let server = try FixtureServer.start()
        try server.route("/v1/forecast", [.file(BridgeEndToEndTests.newYorkFixture)])
        let folder = TemporaryFolder()
        let ca = refusal.caIsOther ? pki.otherCAFile : pki.caFile
        let config = Self.config(
            url: secure.tlsURL(), password: refusal.password, tls: "{ ca_file: \(ca) }", server: server, folder: folder)

        // The service, in the background, for as long as the one-shot run takes (10 s or more).
        let service = try BridgeProcess(["run", "--config", config])
        defer { service.kill() }
        let once = try BridgeProcess.run(["run", "--once", "--config", config], timeout: 40)
        #expect(once.status == 69, "stderr: \(once.stderr)")
        // A refusal that waiting cannot change ends run --once at its first attempt; waiting out
        // its 10 s would make the attempts at 0, 1, 3 and 7 s.
        #expect(
            lines(of: once.stderr, containing: "MQTT connection failed").count <= 2,
            "run --once kept waiting after a final refusal: \(once.stderr)")
        #expect(once.stderr.contains(refusal.message), "stderr: \(once.stderr)")
        #expect(!once.stderr.contains(refusal.password))

        // Every failure says why and announces the wait before the next attempt: a broker refusing
        // from the start gets the plain backoff (1, 2, 4, 8 s, then the 10 s cap), no quick burst.
        // The service is still at it.
        #expect(waitUntil(seconds: 20) { lines(of: service.stderr, containing: "MQTT connection failed").count >= 4 })
        let attempts = lines(of: service.stderr, containing: "MQTT connection failed")
        #expect(attempts.allSatisfy { $0.contains(refusal.message) }, "\(attempts)")
        let delays = attempts.prefix(4).map(Self.announcedDelay)
        #expect(delays.allSatisfy { $0 != nil }, "no announced delay: \(attempts)")
        let seconds = delays.compactMap { $0 }
        #expect(
            seconds.first == 1 && zip(seconds, seconds.dropFirst()).allSatisfy { $0 <= $1 }, "no backoff: \(attempts)")
        #expect(seconds.contains { $0 >= 4 }, "no backoff: \(attempts)")
        #expect(!service.stderr.contains(refusal.password))
        #expect(service.process.isRunning, "the service must not give up: \(service.stderr)")
        #expect(service.terminate() == 0, "stderr: \(service.stderr)")
    }

    /// The N of "…; retrying in N s" in a connection failure's log line.
    static func announcedDelay(_ line: String) -> Double? {
        guard let start = line.range(of: "; retrying in "),
            let end = line.range(of: " s", range: start.upperBound..<line.endIndex)
        else { return nil }
        return Double(line[start.upperBound..<end.lowerBound])
    }

    @Test("tls.insecure: true connects to any certificate and warns at every start")
    func insecure() throws {
        let pki = try TestPKI.shared.get()
        let secure = try SecureBroker.start(certificate: "wrongname")
        let server = try FixtureServer.start()
        try server.route("/v1/forecast", [.file(BridgeEndToEndTests.newYorkFixture)])
        let folder = TemporaryFolder()
        let config = Self.config(
            url: secure.tlsURL(), tls: "{ ca_file: \(pki.otherCAFile), insecure: true }", server: server,
            folder: folder)
        for _ in 0..<2 {
            let result = try BridgeProcess.run(
                ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": BridgeEndToEndTests.now])
            #expect(result.status == 0, "stderr: \(result.stderr)")
            let warnings = lines(of: result.stderr, containing: "insecure")
            #expect(warnings.count == 1 && warnings[0].contains("warning"), "stderr: \(result.stderr)")
            #expect(warnings.first?.contains("NOT verified") == true, "\(warnings)")
        }
        #expect(
            try secure.broker.retained("weather/nyc/current/temperature")["weather/nyc/current/temperature"] == "-1.4")
    }
}
