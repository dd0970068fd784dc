import Configuration
import Foundation
import TestSupport
import Testing

/// `weather2mqtt check --print-config` and `check` with `!secret`, through the built binary.
@Suite("check --print-config")
struct PrintConfigTests {
    static let config = """
        x-defaults: &defaults
          providers: [met-no, open-meteo]
          timezone: Europe/Oslo
          interval: 30m
        mqtt:
          url: mqtt://127.0.0.1:1
          username: !secret mqtt_user
          password: !secret mqtt_password
        contact: !secret contact
        locations:
          - <<: *defaults
            id: cabin
            name: !secret cabin_name
            latitude: 61.1
            longitude: 10.4
            air_quality: true
            nowcast_interval: false
          - <<: *defaults
            id: home
            latitude: 59.91
            longitude: 10.75
            interval: 1h
            nowcast_interval: 30m
        """
    static let secrets = """
        mqtt_user: bridge-user
        mqtt_password: hunter2-password
        contact: secret-mail@example.com
        cabin_name: Hidden Cabin Place
        """

    @Test("the effective configuration: merges and defaults applied, secrets masked, loadable again")
    func printConfig() throws {
        let folder = TemporaryFolder()
        let path = folder.write("config.yaml", PrintConfigTests.config)
        chmod(folder.write("secrets.yaml", PrintConfigTests.secrets), 0o600)
        let result = try BridgeProcess.run(["check", "--print-config", "--config", path])
        #expect(result.status == 0, "\(result.stderr)")
        for secret in ["bridge-user", "hunter2-password", "secret-mail@example.com", "Hidden Cabin Place"] {
            #expect(!result.stdout.contains(secret), "\(secret) leaked: \(result.stdout)")
            #expect(!result.stderr.contains(secret))
        }
        #expect(result.stdout.contains("password: \"<secret>\""))
        #expect(result.stdout.contains("name: \"<secret>\""))
        #expect(result.stdout.contains("interval: 30m"), "the merged interval")
        #expect(result.stdout.contains("interval: 1h"), "the location's own interval wins")
        #expect(result.stdout.contains("timezone: \"Europe/Oslo\""))
        #expect(result.stdout.contains("qos: 1"), "defaults are shown")
        #expect(result.stdout.contains("met-no:\n    base_url: \"https://api.met.no\""))

        // What it prints is a configuration that loads to the same settings, secrets aside.
        let printed = folder.write("printed.yaml", result.stdout)
        let original = try ConfigurationLoader.load(path: path, environment: [:])
        let again = try ConfigurationLoader.load(path: printed, environment: [:])
        #expect(again.locations.map(\.id) == original.locations.map(\.id))
        #expect(again.locations.map(\.interval) == original.locations.map(\.interval))
        #expect(again.locations.map(\.airQuality) == [true, false])
        #expect(again.locations.map(\.nowcastInterval) == [nil, 1800])
        #expect(again.locations.map(\.providers) == original.locations.map(\.providers))
        #expect(again.locations.map(\.timezone) == original.locations.map(\.timezone))
        #expect(again.mqtt.port == original.mqtt.port)
        func withoutLines(_ providers: [String: ProviderSettings]) -> [String: ProviderSettings] {
            providers.mapValues { provider in
                var copy = provider
                copy.line = nil
                return copy
            }
        }
        #expect(withoutLines(again.providers) == withoutLines(original.providers))
    }

    @Test("check's plan shows no secret either")
    func checkPlan() throws {
        let folder = TemporaryFolder()
        let path = folder.write("config.yaml", PrintConfigTests.config)
        chmod(folder.write("secrets.yaml", PrintConfigTests.secrets), 0o600)
        let result = try BridgeProcess.run(["check", "--config", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("cabin ("), "\(result.stdout)")
        #expect(!result.stdout.contains("Hidden Cabin Place"))
        #expect(!result.stderr.contains("Hidden Cabin Place"))
    }

    @Test("a missing secret exits 78 naming both files")
    func missingSecret() throws {
        let folder = TemporaryFolder()
        let path = folder.write("config.yaml", PrintConfigTests.config)
        chmod(folder.write("secrets.yaml", "mqtt_user: u\n"), 0o600)
        let result = try BridgeProcess.run(["check", "--print-config", "--config", path])
        #expect(result.status == 78)
        #expect(result.stderr.contains(path + ":8:"), "\(result.stderr)")
        #expect(result.stderr.contains(folder.path + "/secrets.yaml"))
        #expect(result.stdout.isEmpty)
    }
}
