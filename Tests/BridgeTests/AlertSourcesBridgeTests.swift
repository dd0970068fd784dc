import Bridge
import Configuration
import Foundation
import TestSupport
import Testing
import WeatherModel

/// The warning sources inside the bridge: One Call 4.0 alert details asked once per new id
/// and kept while listed (in-process over the loopback FixtureServer, and across restarts with
/// the real executable), and every source's texts in the location's `language`.
@Suite("Warning sources in the bridge", .serialized)
struct AlertSourcesBridgeTests {
    static let chileID = "urn:oid:2.49.0.0.152.0.2026.7.31.14.20.43:f1076d7511a15522d5a6e41917020bc0"
    static let detailPath =
        "/data/4.0/onecall/alert/urn%3Aoid%3A2.49.0.0.152.0.2026.7.31.14.20.43%3Af1076d7511a15522d5a6e41917020bc0"
    static let currentPath = "/data/4.0/onecall/current"
    /// Inside the recorded Chilean rain alert.
    static let now = "2026-08-01T12:00:00Z"

    static func serveOneCall4(_ server: FixtureServer) throws {
        try server.route(
            "/v1/forecast",
            [.file(TestPaths.fixture("open-meteo", "forecast_current_hourly_daily_newyork_iso8601.json"))])
        try server.route(
            currentPath,
            [.file(TestPaths.fixture("openweathermap", "onecall4_current_snow_alert_ids_chile_2026.json"))])
        try server.route(
            detailPath,
            [.file(TestPaths.fixture("openweathermap-alerts", "onecall4_alert_detail_chile_rain_2026.json"))])
    }

    static func oneCall4Config(server: FixtureServer, state: TemporaryFolder, broker: TestBroker? = nil) -> String {
        (broker.map { "mqtt:\n  url: \($0.url)\n  client_id: bridge-owm-alerts\n  base_topic: weather\n" } ?? "")
            + """
            state_dir: \(state.path)
            providers:
              open-meteo: { base_url: \(server.baseURL) }
              openweathermap: { base_url: \(server.baseURL), api_key: test-owm-key-5678 }
            locations:
              - id: temuco
                latitude: -38.74
                longitude: -72.6
                timezone: America/Santiago
                alerts: [openweathermap]
            """
    }

    @Test(
        "One Call 4.0: ids from /current, one /alert/{id} per new id, none for a listed one; ids from a onecall4 forecast ask no /current; a gone id leaves the cache; the budget stops the calls"
    )
    func oneCall4DetailCache() async throws {
        let server = try FixtureServer.start()
        try Self.serveOneCall4(server)
        let state = TemporaryFolder()
        let setup = try BridgeSetup.load(
            configPath: state.write("config.yaml", Self.oneCall4Config(server: server, state: state)))
        let location = try #require(setup.configuration.locations.first)
        let now = try #require(ISO8601.date(Self.now))
        let budget = BudgetLedger(limits: BudgetLimits(configuration: setup.configuration), store: nil, now: now)
        let sources = AlertSources(
            configuration: setup.configuration, transport: HTTPTransport(clock: BridgeClock()), log: setup.log,
            budget: budget)
        func used() -> Int { budget.budget(at: now).usedToday("openweathermap") }
        func refresh(_ ids: [String]? = nil, provider: String = "open-meteo") async -> [Alert] {
            await sources.alerts(
                for: location, forecast: nil, alertIDs: ids, provider: provider, announced: [], now: now)
        }

        let first = await refresh()
        #expect(first.map(\.id) == [Self.chileID])
        #expect(first.first?.source == "openweathermap" && first.first?.title == "Rain")
        #expect(first.first?.description?.hasPrefix("Precipitaciones") == true)
        let second = await refresh()
        #expect(second == first)
        #expect(try server.requests(to: Self.currentPath).count == 2)
        #expect(try server.requests(to: Self.detailPath).count == 1, "an unchanged alert asked its detail again")
        #expect(used() == 3)
        let detail = try #require(try server.requests(to: Self.detailPath).first)
        #expect(detail.query == "appid=test-owm-key-5678")

        // The forecast provider is openweathermap with api: onecall4: its ids, no /current.
        #expect(await refresh([Self.chileID], provider: "openweathermap") == first)
        #expect(try server.requests(to: Self.currentPath).count == 2)
        #expect(try server.requests(to: Self.detailPath).count == 1)

        // The id goes: the alert ends and leaves the cache; when it comes back it is asked again.
        #expect(await refresh([], provider: "openweathermap").isEmpty)
        #expect(await refresh([Self.chileID], provider: "openweathermap") == first)
        #expect(try server.requests(to: Self.detailPath).count == 2)

        // Budget used up: no call; the last good alerts stay.
        let limit = budget.limits.limit("openweathermap")
        #expect(budget.reserve("openweathermap", calls: limit - used(), now: now).granted)
        #expect(await refresh() == first)
        #expect(used() == limit)
        #expect(try server.requests(to: Self.currentPath).count == 2)
    }

    @Test("One Call 4.0 alert detail asked once across a restart (the announced alert is reused), the key never logged")
    func oneCall4AcrossRestarts() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try Self.serveOneCall4(server)
        let state = TemporaryFolder()
        let config = state.write(
            "config.yaml", Self.oneCall4Config(server: server, state: state, broker: broker))
        for now in [Self.now, "2026-08-01T12:30:00Z"] {
            let result = try BridgeProcess.run(
                ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": now])
            #expect(result.status == 0, "stderr: \(result.stderr)")
            #expect(!result.stderr.contains("test-owm-key-5678"))
        }
        #expect(try server.requests(to: Self.currentPath).count == 2)
        #expect(try server.requests(to: Self.detailPath).count == 1)
        let list = try #require(try broker.retained("weather/temuco/alerts")["weather/temuco/alerts"])
        #expect(try SchemaValidator.repository().validate(list, against: "alerts").isEmpty)
        let alerts = try #require(
            (try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [String: Any])?["alerts"] as? [[String: Any]])
        #expect(alerts.map { $0["source"] as? String } == ["openweathermap"])
        #expect((alerts.first?["description"] as? String)?.hasPrefix("Precipitaciones") == true)
    }

    @Test("a onecall4 forecast's alert ids are looked up without alerts: listing openweathermap, no extra /current")
    func oneCall4Forecast() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try Self.serveOneCall4(server)
        try server.route(
            "/data/4.0/onecall/timeline/1h",
            [.file(TestPaths.fixture("openweathermap", "onecall4_timeline1h_snow_alert_ids_chile_2026.json"))])
        try server.route(
            "/data/4.0/onecall/timeline/1day",
            [.file(TestPaths.fixture("openweathermap", "onecall4_timeline1day_lisbon_2026.json"))])
        let state = TemporaryFolder()
        let config = state.write(
            "config.yaml",
            """
            mqtt:
              url: \(broker.url)
              client_id: bridge-owm4-forecast
              base_topic: weather
            state_dir: \(state.path)
            forecast: { hours: 12, days: 1 }
            providers:
              openweathermap: { base_url: \(server.baseURL), api_key: test-owm-key-5678, api: onecall4 }
            locations:
              - id: temuco
                latitude: -38.74
                longitude: -72.6
                timezone: America/Santiago
                providers: [openweathermap]
            """)
        let result = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": Self.now])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try server.requests(to: Self.currentPath).count == 1, "only the forecast's own /current")
        #expect(try server.requests(to: Self.detailPath).count == 1)
        let list = try #require(try broker.retained("weather/temuco/alerts")["weather/temuco/alerts"])
        let object = try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [String: Any]
        let alerts = object?["alerts"] as? [[String: Any]] ?? []
        #expect(alerts.map { $0["id"] as? String } == [Self.chileID], "\(list)")
    }

    @Test("texts in the location's language: German from Bright Sky and MeteoAlarm, Norwegian asked of MetAlerts")
    func languages() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try server.route(
            "/v1/forecast",
            [.file(TestPaths.fixture("open-meteo", "forecast_current_hourly_daily_newyork_iso8601.json"))])
        try server.route("/alerts", [.json(AlertEventsProcessTests.brightSkyToday)])
        try server.route(
            "/api/v1/warnings/feeds-germany",
            [.file(TestPaths.fixture("meteoalarm", "api_v1_feeds_germany_dwd_2026_trimmed.json"))])
        try server.route(
            "/current.json", [.file(TestPaths.fixture("metalerts", "metalerts2_current_marine_gale_2025.json"))])
        let state = TemporaryFolder()
        let config = state.write(
            "config.yaml",
            """
            mqtt:
              url: \(broker.url)
              client_id: bridge-alert-languages
              base_topic: weather
            state_dir: \(state.path)
            contact: tests@example.com
            providers:
              open-meteo: { base_url: \(server.baseURL) }
              brightsky: { base_url: \(server.baseURL) }
              meteoalarm: { base_url: \(server.baseURL) }
              metalerts: { base_url: \(server.baseURL) }
            locations:
              - id: annaberg
                latitude: 50.58
                longitude: 13.0
                timezone: Europe/Berlin
                language: de
                alerts: [brightsky, meteoalarm]
                meteoalarm: { country: germany, region: DE343 }
              - id: maloy
                latitude: 61.9355
                longitude: 5.1134
                timezone: Europe/Oslo
                alerts: [metalerts]
                language: nb
              - id: zwickau
                latitude: 50.72
                longitude: 12.49
                timezone: Europe/Berlin
                alerts: [brightsky]
            """)
        let result = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": AlertEventsProcessTests.now])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        func titles(_ id: String) throws -> [String] {
            let list = try #require(try broker.retained("weather/\(id)/alerts")["weather/\(id)/alerts"])
            let object = try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [String: Any]
            return (object?["alerts"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        }
        let german = try titles("annaberg")
        #expect(german.count == 2 && german.allSatisfy { $0.hasPrefix("Amtliche WARNUNG") }, "\(german)")
        #expect(try titles("zwickau") == ["Official WARNING of STRONG HEAT"], "English without language:")
        let metAlerts = try #require(try server.requests(to: "/current.json").first)
        #expect(metAlerts.query.hasSuffix("&lang=no"), "\(metAlerts.query)")
    }
}
