import Foundation
import Providers
import TestSupport
import Testing

/// A round at the budget's edge, end to end: the real executable, a real mosquitto, recorded
/// answers over loopback HTTP. Many locations are due and a few calls are left; every feed —
/// the forecast and its fallback, MET Norway's nowcast, air quality, One Call 4.0 alert calls —
/// asks at most what is left, and `status.quota`'s `used_today` never passes `daily_budget`,
/// also after a restart (`state_dir` kept) and after a kill in the middle of a round.
@Suite("The budget holds at its edge", .serialized)
struct BudgetEdgeTests {
    static let forecastPath = "/v1/forecast"
    static let airQualityPath = "/v1/air-quality"
    static let metNoPath = "/weatherapi/locationforecast/2.0/complete"
    static let metNoNowcastPath = "/weatherapi/nowcast/2.0/complete"
    /// Inside the recorded Chilean rain alert (`AlertSourcesBridgeTests`).
    static let now = "2026-08-01T12:00:00Z"
    static let locations = 10

    static func serve(_ server: FixtureServer) throws {
        try AlertSourcesBridgeTests.serveOneCall4(server)
        try server.route(
            airQualityPath,
            [
                .file(
                    TestPaths.fixture(
                        "air-quality/open-meteo", "airquality_hourly_eaqi_uv_pollen_brno_unixtime_2026.json"))
            ]
        )
        try server.route(metNoPath, [.file(TestPaths.fixture("metno", "locationforecast2_compact_oslo.json"))])
        try server.route(
            metNoNowcastPath,
            [.file(TestPaths.fixture("nowcast/metno", "nowcast2_complete_trondheim_rain_onset_2023.json"))])
    }

    /// `locations` places around Oslo (inside MET Norway's Nowcast area), each with a fallback,
    /// `setting` (air quality) and One Call 4.0 alerts, under the given daily budgets.
    static func config(
        broker: TestBroker, server: FixtureServer, state: TemporaryFolder, budgets: [String: Int],
        providers: String = "[open-meteo, met-no]", locations count: Int = locations,
        each setting: String = "air_quality: true"
    ) -> String {
        var text = """
            mqtt:
              url: \(broker.url)
              client_id: budget-edge-test
              base_topic: weather
            state_dir: \(state.path)
            contact: tests@example.com
            providers:
              open-meteo: { base_url: \(server.baseURL), air_quality_url: \(server.baseURL), daily_budget: \(budgets["open-meteo"] ?? 8000) }
              met-no: { base_url: \(server.baseURL), daily_budget: \(budgets["met-no"] ?? 10000) }
              openweathermap: { base_url: \(server.baseURL), api_key: test-owm-key-5678, daily_budget: \(budgets["openweathermap"] ?? 900) }
            locations:

            """
        for index in 0..<count {
            text += """
                  - id: place\(index)
                    latitude: \(59.9 + Double(index) / 100)
                    longitude: 10.7
                    timezone: Europe/Oslo
                    providers: \(providers)
                    \(setting)
                    alerts: [openweathermap]

                """
        }
        return text
    }

    /// Each location's `status.quota`, as retained.
    static func quotas(_ broker: TestBroker) throws -> [String: [String: (used: Int, budget: Int)]] {
        let topics = try broker.retained("weather/+/status")
        var result: [String: [String: (used: Int, budget: Int)]] = [:]
        for (topic, payload) in topics {
            let status = try NowcastBridgeTests.object(payload)
            for (provider, value) in status["quota"] as? [String: [String: Int]] ?? [:] {
                result[topic, default: [:]][provider] = (value["used_today"] ?? -1, value["budget"] ?? -1)
            }
        }
        return result
    }

    /// The calls each provider was asked for, as the fixture server saw them.
    static func asked(_ server: FixtureServer) throws -> [String: Int] {
        let forecastCalls = OpenMeteo(userAgent: "").callsPerFetch
        return [
            "open-meteo": try server.requests(to: forecastPath).count * forecastCalls
                + server.requests(to: airQualityPath).count * OpenMeteoAirQuality.callsPerFetch,
            "met-no": try server.requests(to: metNoPath).count + server.requests(to: metNoNowcastPath).count,
            "openweathermap": try server.requests(to: AlertSourcesBridgeTests.currentPath).count
                + server.requests(to: AlertSourcesBridgeTests.detailPath).count,
        ]
    }

    /// `budget.json`'s counts.
    static func saved(_ state: TemporaryFolder) throws -> [String: Int] {
        let text = try String(contentsOfFile: state.path + "/budget.json", encoding: .utf8)
        return try NowcastBridgeTests.object(text)["used"] as? [String: Int] ?? [:]
    }

    @Test(
        "ten locations due, two forecasts and one air quality left: every feed asks what is left, no more, and a restart asks nothing"
    )
    func roundAtTheEdge() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try Self.serve(server)
        let state = TemporaryFolder()
        let forecastCalls = OpenMeteo(userAgent: "").callsPerFetch
        // Two forecasts and one air-quality request; three met.no requests for ten due
        // locations' fallbacks and nowcasts; a One Call 4.0 /current and one /alert/{id}.
        let budgets = [
            "open-meteo": 2 * forecastCalls + OpenMeteoAirQuality.callsPerFetch, "met-no": 3, "openweathermap": 2,
        ]
        let config = state.write(
            "config.yaml", Self.config(broker: broker, server: server, state: state, budgets: budgets))

        for (run, now) in [Self.now, "2026-08-01T13:00:00Z"].enumerated() {
            let result = try BridgeProcess.run(
                ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": now])
            #expect(result.status != 78, "stderr: \(result.stderr)")
            // Each provider was asked exactly what its budget had: all of it, on the first run.
            #expect(try Self.asked(server) == budgets, "run \(run + 1)")
            #expect(try server.requests(to: Self.forecastPath).count == 2)
            #expect(try server.requests(to: Self.airQualityPath).count == 1)
            #expect(try server.requests(to: Self.metNoPath).count == 3)
            #expect(try server.requests(to: Self.metNoNowcastPath).isEmpty)
            #expect(try server.requests(to: AlertSourcesBridgeTests.detailPath).count == 1)
            #expect(try Self.saved(state) == budgets, "budget.json, run \(run + 1)")
            let quotas = try Self.quotas(broker)
            #expect(quotas.count == Self.locations)
            for (topic, quota) in quotas {
                for (provider, counts) in quota {
                    #expect(counts.budget == budgets[provider], "\(topic) \(provider)")
                    #expect(counts.used <= counts.budget, "\(topic) \(provider): \(counts.used) of \(counts.budget)")
                }
            }
            #expect(result.stderr.contains("air quality skipped: the open-meteo daily budget is used up"))
        }
    }

    @Test(
        "killed while a round's requests are in flight, a restart asks nothing more: the count was saved before each request"
    )
    func killMidRound() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        // The forecasts hang: the round is in the middle of its requests when the bridge is killed.
        try server.route(Self.forecastPath, [.hang])
        let state = TemporaryFolder()
        let forecastCalls = OpenMeteo(userAgent: "").callsPerFetch
        let budgets = ["open-meteo": 4 * forecastCalls]
        let config = state.write(
            "config.yaml",
            Self.config(broker: broker, server: server, state: state, budgets: budgets, providers: "[open-meteo]"))
        let bridge = try BridgeProcess(
            ["run", "--config", config], environment: ["WEATHER2MQTT_NOW": Self.now])
        #expect(try waitUntil { try server.requests(to: Self.forecastPath).count >= 4 }, "stderr: \(bridge.stderr)")
        // Sixteen may be in flight at once, but only four fit: the others are not asked.
        #expect(try !waitUntil(seconds: 1) { try server.requests(to: Self.forecastPath).count > 4 })
        #expect(try Self.saved(state) == budgets, "budget.json before the answers")
        bridge.kill()

        try Self.serve(server)
        let result = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": "2026-08-01T12:01:00Z"])
        #expect(result.status != 78, "stderr: \(result.stderr)")
        #expect(try server.requests(to: Self.forecastPath).count == 4)
        for (topic, quota) in try Self.quotas(broker) {
            let counts = try #require(quota["open-meteo"])
            #expect(counts.used <= counts.budget, "\(topic): \(counts.used) of \(counts.budget)")
        }
        #expect(try Self.saved(state)["open-meteo"] == budgets["open-meteo"])
    }

    @Test("six hourly locations whose nowcasts are due, two nowcast calls left: two are asked, and a restart asks none")
    func nowcastAtTheEdge() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try server.route(Self.forecastPath, [.file(NowcastBridgeTests.bergen)])
        let state = TemporaryFolder()
        let forecastCalls = OpenMeteo(userAgent: "").callsPerFetch
        let budget = 6 * forecastCalls + 2
        let config = state.write(
            "config.yaml",
            Self.config(
                broker: broker, server: server, state: state, budgets: ["open-meteo": budget],
                providers: "[open-meteo]", locations: 6, each: "interval: 60m"))
        // The forecasts, then 16 minutes later the nowcasts between them (`NowcastCadenceTests`), then a restart.
        for (run, now) in ["2026-10-01T23:01:00Z", "2026-10-01T23:17:00Z", "2026-10-01T23:33:00Z"].enumerated() {
            let result = try BridgeProcess.run(
                ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": now])
            #expect(result.status != 78, "stderr: \(result.stderr)")
            let requests = try server.requests(to: Self.forecastPath)
            let nowcasts = requests.filter { !$0.query.contains("daily=") }.count
            #expect(requests.count - nowcasts == 6, "run \(run + 1)")
            #expect(nowcasts == (run == 0 ? 0 : 2), "run \(run + 1)")
            for (topic, quota) in try Self.quotas(broker) {
                let counts = try #require(quota["open-meteo"])
                #expect(counts.used <= budget, "\(topic): \(counts.used) of \(budget)")
            }
            #expect(try Self.saved(state)["open-meteo"] == (run == 0 ? 6 * forecastCalls : budget))
        }
    }

    /// The latitude an open-meteo request asked for (one per location).
    static func latitude(_ request: RecordedRequest) -> String? {
        request.query.split(separator: "&").first { $0.hasPrefix("latitude=") }.map(String.init)
    }

    @Test(
        "killed in the middle of a round, a restart asks again at most 15 locations already answered (state_dir full: the journal)",
        arguments: [false, true])
    func killForgetsLittle(full: Bool) throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        // A recording whose time is the bridge's: each answer is a success, due again in 15 minutes.
        let answer = FixtureResponse.file(NowcastBridgeTests.bergen)
        // Twenty answers, then the round hangs with its requests in flight.
        try server.route(Self.forecastPath, Array(repeating: answer, count: 20) + [.hang])
        let state = TemporaryFolder()
        let config = state.write(
            "config.yaml",
            Self.config(
                broker: broker, server: server, state: state, budgets: [:], providers: "[open-meteo]", locations: 40))
        if full {
            // Every location's state write fails (its temporary file cannot be made), as on a full disk.
            for index in 0..<40 {
                try FileManager.default.createDirectory(
                    atPath: state.path + "/location-place\(index).json.tmp", withIntermediateDirectories: true)
            }
        }
        let bridge = try BridgeProcess(
            ["run", "--config", config], environment: ["WEATHER2MQTT_NOW": NowcastBridgeTests.now])
        /// Whether a batch of the round's answers is saved: in the location files, else the journal.
        func saved() -> Bool {
            if full {
                let journal = FileManager.default.contents(atPath: state.path + "/schedule.journal") ?? Data()
                return journal.range(of: Data("W2MJ".utf8)) != nil
            }
            let files = (try? FileManager.default.contentsOfDirectory(atPath: state.path)) ?? []
            return files.filter { $0.hasPrefix("location-") && $0.hasSuffix(".json") }.count >= 16
        }
        #expect(
            try waitUntil { try server.requests(to: Self.forecastPath).filter(\.completed).count >= 20 && saved() },
            "stderr: \(bridge.stderr)")
        let answered = Set(try server.requests(to: Self.forecastPath).filter(\.completed).compactMap(Self.latitude))
        #expect(answered.count == 20)
        bridge.kill()

        try server.reset()
        try server.route(Self.forecastPath, [answer])
        let result = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": "2026-10-01T23:02:00Z"])
        #expect(result.status != 78, "stderr: \(result.stderr)")
        let again = Set(try server.requests(to: Self.forecastPath).compactMap(Self.latitude))
        #expect(again.count >= 20, "the locations not answered are asked")
        #expect(
            again.intersection(answered).count <= 15,
            "answered and asked again early: \(again.intersection(answered).count)")
    }
}
