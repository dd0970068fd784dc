import Foundation
import TestSupport
import Testing

/// `weatherview` against a real mosquitto with a TLS listener and a password file, with
/// certificates made by the test: it reads over a verified connection, names a refused
/// handshake or login plainly (exit 69), and warns when verification is turned off.
@Suite(
    "Hardening: weatherview over TLS", .serialized,
    .enabled(if: TestPKI.available, "needs openssl and mosquitto_passwd"))
struct HardeningTLSTests {
    let fresh = ["WEATHER2MQTT_NOW": RetainedWeather.freshNow]
    static let password = "viewer-password"

    /// A started broker with Munich's payloads retained, and a password file for `viewer`.
    struct Setup {
        let secure: SecureBroker
        let folder = TemporaryFolder()
        var passwordFile: String

        init(certificate: String = "good", password: String = HardeningTLSTests.password, mode: mode_t = 0o600) throws {
            secure = try SecureBroker.start(certificate: certificate, users: ["viewer": HardeningTLSTests.password])
            try RetainedWeather.publish(to: secure.broker)
            passwordFile = folder.write("viewer_password", password + "\n")
            chmod(passwordFile, mode)
        }

        func arguments(ca: String, host: String = "127.0.0.1") -> [String] {
            [
                "--broker", secure.tlsURL(host: host), "--ca-file", ca, "--username", "viewer", "--password-file",
                passwordFile,
            ]
        }

        /// The same broker and credentials as a weather2mqtt configuration file's mqtt: section.
        func configFile(ca: String, insecure: Bool = false) -> String {
            folder.write(
                "config.yaml",
                """
                mqtt:
                  url: \(secure.tlsURL())
                  username: viewer
                  password_file: \(passwordFile)
                  tls: { ca_file: \(ca)\(insecure ? ", insecure: true" : "") }
                """)
        }
    }

    @Test("a broker certificate from the given CA: get reads over TLS, by address and by name, without a warning")
    func trusted() throws {
        let pki = try TestPKI.shared.get()
        let setup = try Setup()
        for host in ["127.0.0.1", "localhost"] {
            let result = try WeatherviewProcess.run(
                ["get", "munich", "current.temperature"] + setup.arguments(ca: pki.caFile, host: host),
                environment: fresh)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "8.5\n")
            #expect(result.stderr.isEmpty, "\(result.stderr)")
        }

        // The same from a weather2mqtt configuration file's mqtt: section.
        let config = setup.configFile(ca: pki.caFile)
        let fromConfig = try WeatherviewProcess.run(
            ["get", "munich", "current.temperature", "--config", config], environment: fresh)
        #expect(fromConfig.status == 0, "\(fromConfig.stderr)")
        #expect(fromConfig.stdout == "8.5\n")
    }

    @Test(
        "a refused connection is exit 69 and says why",
        arguments: [
            ("another CA", "good", true, password, "certificate not trusted"),
            ("a certificate for another host name", "wrongname", false, password, "host name mismatch"),
            ("a wrong password", "good", false, "not-the-password", "not authorised"),
        ])
    func refused(_ name: String, certificate: String, otherCA: Bool, password: String, message: String) throws {
        let pki = try TestPKI.shared.get()
        let setup = try Setup(certificate: certificate, password: password)
        let result = try WeatherviewProcess.run(
            ["get", "munich", "current.temperature", "--timeout", "120"]
                + setup.arguments(ca: otherCA ? pki.otherCAFile : pki.caFile),
            environment: fresh)
        // A refusal ends at once: waiting for the 120 s timeout would be killed by the run's 30 s
        // (status -1).
        #expect(result.status == 69, "\(name): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(name): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.contains(password))
    }

    @Test("--insecure and tls.insecure connect to any certificate, with a warning")
    func insecure() throws {
        let pki = try TestPKI.shared.get()
        let setup = try Setup(certificate: "wrongname")
        let flag = try WeatherviewProcess.run(
            ["get", "munich", "current.temperature", "--insecure"] + setup.arguments(ca: pki.otherCAFile),
            environment: fresh)
        #expect(flag.status == 0, "\(flag.stderr)")
        #expect(flag.stdout == "8.5\n")
        #expect(flag.stderr.contains("warning: TLS verification is off (--insecure)"), "\(flag.stderr)")

        let config = setup.configFile(ca: pki.otherCAFile, insecure: true)
        let fromConfig = try WeatherviewProcess.run(
            ["get", "munich", "current.temperature", "--config", config], environment: fresh)
        #expect(fromConfig.status == 0, "\(fromConfig.stderr)")
        #expect(fromConfig.stderr.contains("warning: TLS verification is off (tls.insecure)"), "\(fromConfig.stderr)")
    }

    @Test("a password file others may read is used, with a warning")
    func readablePasswordFile() throws {
        let pki = try TestPKI.shared.get()
        let setup = try Setup(mode: 0o644)
        let result = try WeatherviewProcess.run(
            ["get", "munich", "current.temperature"] + setup.arguments(ca: pki.caFile), environment: fresh)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("is readable by other users"), "\(result.stderr)")
    }

    @Test("a broker URL holding a password is refused without echoing it")
    func credentialsInURL() throws {
        let result = try WeatherviewProcess.run([
            "get", "munich", "current.temperature", "--broker", "mqtt://bob:hunter22@127.0.0.1:1",
        ])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("must not hold credentials"), "\(result.stderr)")
        #expect(!result.stderr.contains("hunter22"))
    }
}
