import Foundation
import TestSupport
import Testing

/// `weather2mqtt fetch` prints what `run` would publish, alerts included: One Call 4.0 alert ids
/// looked up as `/alert/{id}` texts, and every configured warning source.
@Suite("fetch prints the alerts run publishes", .serialized)
struct FetchAlertsTests {
    /// The alerts list `fetch` printed for `location`, and the one `run --once` published.
    static func both(config: String, location: String, broker: TestBroker, now: String) throws -> (
        fetched: [[String: Any]], published: [[String: Any]]
    ) {
        let fetch = try BridgeProcess.run(["fetch", "--config", config], environment: ["WEATHER2MQTT_NOW": now])
        #expect(fetch.status == 0, "stderr: \(fetch.stderr)")
        let printed = try JSONSerialization.jsonObject(with: Data(fetch.stdout.utf8)) as? [String: Any]
        let fetchedList = ((printed?[location] as? [String: Any])?["alerts"] as? [String: Any])?["alerts"]
        let run = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": now])
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let retained = try #require(try broker.retained("weather/\(location)/alerts")["weather/\(location)/alerts"])
        let published = (try JSONSerialization.jsonObject(with: Data(retained.utf8)) as? [String: Any])?["alerts"]
        return (fetchedList as? [[String: Any]] ?? [], published as? [[String: Any]] ?? [])
    }

    static func ids(_ alerts: [[String: Any]]) -> [String] { alerts.compactMap { $0["id"] as? String } }

    @Test("One Call 4.0: the ids its /current lists come out as their /alert/{id} texts")
    func oneCall4AlertIDs() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try AlertSourcesBridgeTests.serveOneCall4(server)
        let state = TemporaryFolder()
        let config = state.write(
            "config.yaml",
            AlertSourcesBridgeTests.oneCall4Config(server: server, state: state, broker: broker))
        let (fetched, published) = try Self.both(
            config: config, location: "temuco", broker: broker, now: AlertSourcesBridgeTests.now)
        #expect(Self.ids(fetched) == [AlertSourcesBridgeTests.chileID], "\(fetched)")
        #expect(Self.ids(fetched) == Self.ids(published))
        #expect((fetched.first?["description"] as? String)?.hasPrefix("Precipitaciones") == true)
        #expect(try server.requests(to: AlertSourcesBridgeTests.detailPath).count >= 1)
    }

    @Test("warning sources: Bright Sky, MeteoAlarm and MetAlerts, as run publishes them")
    func warningSources() throws {
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
            mqtt: { url: \(broker.url), client_id: fetch-alerts, base_topic: weather }
            state_dir: \(state.path)
            contact: tests@example.com
            providers:
              open-meteo: { base_url: \(server.baseURL) }
              brightsky: { base_url: \(server.baseURL) }
              meteoalarm: { base_url: \(server.baseURL) }
              metalerts: { base_url: \(server.baseURL) }
            locations:
              - { id: annaberg, latitude: 50.58, longitude: 13.0, timezone: Europe/Berlin,
                  alerts: [brightsky, meteoalarm, metalerts], meteoalarm: { country: germany, region: DE343 } }
            """)
        let (fetched, published) = try Self.both(
            config: config, location: "annaberg", broker: broker, now: AlertEventsProcessTests.now)
        let sources = Set(fetched.compactMap { $0["source"] as? String })
        #expect(sources.contains("brightsky") && sources.contains("meteoalarm"), "\(fetched)")
        #expect(Self.ids(fetched) == Self.ids(published), "\(fetched)\n\(published)")
        #expect(!fetched.isEmpty)
    }
}
