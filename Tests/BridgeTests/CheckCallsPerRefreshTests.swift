import Foundation
import TestSupport
import Testing

/// `weather2mqtt check` prints OpenWeatherMap's calls per refresh for each `api:` mode, and
/// counts One Call 4.0's pages in the budget.
@Suite("check: calls per refresh")
struct CheckCallsPerRefreshTests {
    @Test(
        "onecall4 with 48 hours and 7 days: 5 calls a refresh plus a 1min nowcast call every 15 min, each api mode listed"
    )
    func oneCall4() throws {
        let folder = TemporaryFolder()
        let config = folder.write(
            "config.yaml",
            """
            state_dir: \(folder.path)/state
            providers:
              openweathermap: { api_key: test-owm-key-1234, api: onecall4 }
            locations:
              - id: lisbon
                latitude: 38.7223
                longitude: -9.1393
                timezone: Europe/Lisbon
                elevation: 45
                providers: [openweathermap]
            """)
        let result = try BridgeProcess.run(["check", "--config", config])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("openweathermap: 576 of 900 a day (96 weather requests, 5 calls each"),
            "\(result.stdout)")
        #expect(result.stdout.contains("  api: onecall: 1 ("))
        #expect(result.stdout.contains("  api: free: 2 ("))
        #expect(
            result.stdout.contains(
                "  api: onecall4: 5 (One Call 4.0: current + 3 hourly page(s) of 20 + 1 daily page(s) of 10)   <- api: onecall4 (configured)"
            ))
        #expect(!result.stdout.contains("test-owm-key-1234"))
    }

    @Test("alerts: [openweathermap] with another forecast provider: one /current a refresh counted, detail calls named")
    func oneCall4AlertIDs() throws {
        let folder = TemporaryFolder()
        let config = folder.write(
            "config.yaml",
            """
            state_dir: \(folder.path)/state
            contact: tests@example.com
            providers:
              openweathermap: { api_key: test-owm-key-1234 }
            locations:
              - id: temuco
                latitude: -38.74
                longitude: -72.6
                timezone: America/Santiago
                providers: [open-meteo]
                alerts: [openweathermap]
            """)
        let result = try BridgeProcess.run(["check", "--config", config])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("  openweathermap: 96 of "), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "    of which alert ids: 96 (1 location(s) with alerts: [openweathermap], one One Call 4.0 /current a refresh)"
            ))
        #expect(result.stdout.contains("    plus 1 call per new alert (One Call 4.0 /alert/{id}, asked once per id)"))
    }

    @Test("alerts: [openweathermap] without an API key: check exits 78 naming the location and the key to set")
    func oneCall4AlertsNeedKey() throws {
        let folder = TemporaryFolder()
        let config = folder.write(
            "config.yaml",
            """
            state_dir: \(folder.path)/state
            locations:
              - id: temuco
                latitude: -38.74
                longitude: -72.6
                alerts: [openweathermap]
            """)
        let result = try BridgeProcess.run(["check", "--config", config])
        #expect(result.status == 78)
        #expect(result.stderr.contains("location 'temuco' lists openweathermap under alerts"), "\(result.stderr)")
        #expect(result.stderr.contains("providers.openweathermap.api_key"))
    }
}
