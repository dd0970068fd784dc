import Foundation
import TestSupport
import Testing

/// Every example in `config/` is a configuration a user can start from: `check` accepts it.
@Suite("Example configurations")
struct ConfigExamplesTests {
    static var examples: [String] {
        let folder = TestPaths.repository + "/config"
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".yaml") }.sorted()
    }

    @Test("config/ examples pass weather2mqtt check (dummy keys from the environment)", arguments: examples)
    func check(file: String) throws {
        let state = TemporaryFolder()
        let result = try BridgeProcess.run(
            ["check", "--config", TestPaths.repository + "/config/" + file],
            environment: [
                "OWM_API_KEY": "dummy-owm-key", "PIRATE_WEATHER_KEY": "dummy-pirate-key",
                "WEATHER2MQTT_STATE_DIR": state.path,
            ])
        #expect(result.status == 0, "\(file): \(result.stderr)")
        #expect(result.stdout.contains("requests per day"))
        #expect(!result.stdout.contains("dummy-owm-key") && !result.stdout.contains("dummy-pirate-key"))
    }

    @Test("there is an example per provider and a reference")
    func coverage() {
        for name in [
            "weather2mqtt.yaml", "openweathermap.yaml", "pirate-weather.yaml", "met-no.yaml", "nws.yaml",
            "reference.yaml",
        ] {
            #expect(Self.examples.contains(name))
        }
    }
}
