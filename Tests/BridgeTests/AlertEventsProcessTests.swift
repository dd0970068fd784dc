import Bridge
import Configuration
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Warnings end to end: the real executable with `run --once`, a real mosquitto, the warning
/// sources served by the loopback FixtureServer from recordings, `state_dir` kept across runs.
@Suite("Warnings end to end", .serialized)
struct AlertEventsProcessTests {
    /// During the recorded MeteoAlarm gale warning for the Erzgebirgskreis (DE343).
    static let now = "2026-04-20T08:00:00Z"

    static func config(broker: TestBroker, server: FixtureServer, state: TemporaryFolder) -> String {
        """
        mqtt:
          url: \(broker.url)
          client_id: bridge-alerts-test
          base_topic: weather
        state_dir: \(state.path)
        contact: tests@example.com
        providers:
          open-meteo: { base_url: \(server.baseURL) }
          brightsky: { base_url: \(server.baseURL) }
          meteoalarm: { base_url: \(server.baseURL) }
        locations:
          - id: annaberg
            latitude: 50.58
            longitude: 13.0
            timezone: Europe/Berlin
            alerts: [brightsky, meteoalarm]
            meteoalarm: { country: germany, region: DE343 }
        """
    }

    /// The recorded Bright Sky heat warning, moved to the day of `now`.
    static var brightSkyToday: String {
        let recorded = String(
            decoding: Fixtures.bytes("brightsky", "alerts_weiherhammer_strong_heat_health_2023.json"), as: UTF8.self)
        return recorded.replacingOccurrences(of: "2023-08-22", with: "2026-04-20")
    }

    /// A `mosquitto_sub` on `filter` that has its subscription acknowledged before returning;
    /// `stop()` gives every message it received as (topic, payload).
    final class Subscriber: @unchecked Sendable {
        static let marker = "weather/test-marker/alerts/event"
        let process = Process()
        let output: OutputCollector

        init(port: Int, filter: String) throws {
            process.executableURL = URL(fileURLWithPath: try #require(findExecutable("mosquitto_sub")))
            process.arguments = ["-h", "127.0.0.1", "-p", String(port), "-t", filter, "-q", "1", "-d", "-F", "%t\t%x"]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            output = OutputCollector(pipe.fileHandleForReading)
            try process.run()
            _ = waitUntil(seconds: 10) { output.text().contains("SUBACK") }
        }

        /// The bridge has exited after its acknowledged QoS 1 publishes, so the broker has them: a
        /// marker published now reaches this subscriber after every one of them.
        func stop(broker: TestBroker) throws -> [(topic: String, payload: String)] {
            try broker.publish(Self.marker, "end")
            #expect(waitUntil { output.text().contains(Self.marker) }, "no marker: \(output.text())")
            kill(process.processIdentifier, SIGKILL)  // SIGTERM may be blocked, inherited from the runner
            process.waitUntilExit()
            return output.finish().split(separator: "\n").compactMap { line in
                guard line.hasPrefix("weather/"), !line.hasPrefix(Self.marker), let tab = line.lastIndex(of: "\t")
                else { return nil }
                return (
                    String(line[..<tab]), String(decoding: hexBytes(line[line.index(after: tab)...]), as: UTF8.self)
                )
            }
        }
    }

    /// One `run --once` at `now` (each run later than the last one's next poll, so it refreshes).
    static func run(_ config: String, broker: TestBroker, now: String) throws -> [[String: Any]] {
        let subscriber = try Subscriber(port: broker.port, filter: "weather/+/alerts/event")
        let result = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": now])
        let messages = try subscriber.stop(broker: broker)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let validator = try SchemaValidator.repository()
        return try messages.map { message in
            #expect(message.topic == "weather/annaberg/alerts/event")
            let problems = validator.validate(message.payload, against: "alert-event")
            #expect(problems.isEmpty, "\(problems)")
            return try #require(try JSONSerialization.jsonObject(with: Data(message.payload.utf8)) as? [String: Any])
        }
    }

    static func summary(_ events: [[String: Any]]) -> [String] {
        events.map { event in
            let alert = event["alert"] as? [String: Any]
            return "\(event["event"] ?? "?") \(alert?["source"] ?? "?")"
        }.sorted()
    }

    @Test(
        "new once per warning from Bright Sky and MeteoAlarm, nothing after a restart, ended when one goes; a failing source ends nothing and leaves the readings ok"
    )
    func eventsAcrossRestarts() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try server.route(
            "/v1/forecast",
            [.file(TestPaths.fixture("open-meteo", "forecast_current_hourly_daily_newyork_iso8601.json"))])
        try server.route("/alerts", [.json(Self.brightSkyToday)])
        try server.route(
            "/api/v1/warnings/feeds-germany",
            [.file(TestPaths.fixture("meteoalarm", "api_v1_feeds_germany_dwd_2026_trimmed.json"))])
        let state = TemporaryFolder()
        let config = state.write("config.yaml", Self.config(broker: broker, server: server, state: state))

        // First run: both warnings are new.
        let first = try Self.run(config, broker: broker, now: Self.now)
        #expect(Self.summary(first) == ["new brightsky", "new meteoalarm"])
        let retained = try broker.retained("weather/annaberg/#")
        let list = try #require(retained["weather/annaberg/alerts"])
        #expect(try SchemaValidator.repository().validate(list, against: "alerts").isEmpty)
        let alerts = try #require(
            (try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [String: Any])?["alerts"] as? [[String: Any]])
        // Highest severity first: the orange gale (severe), then the heat warning (minor).
        #expect(alerts.map { $0["source"] as? String } == ["meteoalarm", "brightsky"])
        #expect(alerts.first?["attribution"] as? String == "Warnings: MeteoAlarm (EUMETNET) and Deutscher Wetterdienst")
        #expect(retained["weather/annaberg/alerts/event"] == nil, "events are not retained")
        let brightSkyRequest = try #require(try server.requests(to: "/alerts").first)
        #expect(brightSkyRequest.query.contains("lat=50.5800&lon=13.0000"))

        // A restart with the same answers: nothing is announced again.
        #expect(try Self.run(config, broker: broker, now: "2026-04-20T08:30:00Z").isEmpty)
        #expect(try server.requests(to: "/alerts").count == 2, "the restarted bridge asked again")

        // MeteoAlarm fails and Bright Sky's warning is gone: only that one ends.
        try server.route("/alerts", [.json("{\"alerts\": [], \"location\": {}}")])
        try server.route("/api/v1/warnings/feeds-germany", [.status(500)])
        let third = try Self.run(config, broker: broker, now: "2026-04-20T09:00:00Z")
        #expect(try server.requests(to: "/api/v1/warnings/feeds-germany").count == 3)
        #expect(Self.summary(third) == ["ended brightsky"])
        let status = try #require(try broker.retained("weather/annaberg/status")["weather/annaberg/status"])
        let statusObject = try #require(try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any])
        #expect(statusObject["state"] as? String == "ok")
        #expect(statusObject["last_error"] is NSNull)
    }
}

@Suite("Warning sources of a location")
struct AlertSourcesChoiceTests {
    @Test("alerts: auto picks the source the coordinates make obvious; no alerts: asks nothing extra")
    func choice() {
        var berlin = LocationSettings(id: "berlin", latitude: 52.52, longitude: 13.405)
        #expect(berlin.warningSources.isEmpty)
        berlin.alerts = ["auto"]
        #expect(berlin.warningSources == ["brightsky"])
        let oslo = LocationSettings(id: "oslo", latitude: 59.91, longitude: 10.75)
        var autoOslo = oslo
        autoOslo.alerts = ["auto"]
        #expect(autoOslo.warningSources == ["metalerts"])
        var paris = LocationSettings(id: "paris", latitude: 48.85, longitude: 2.35)
        paris.alerts = ["auto"]
        #expect(paris.warningSources.isEmpty)
        berlin.alerts = ["meteoalarm", "brightsky"]
        #expect(berlin.warningSources == ["meteoalarm", "brightsky"])
    }
}

@Suite("check: MeteoAlarm regions", .serialized)
struct CheckMeteoAlarmRegionsTests {
    @Test("check lists the regions of the country's feed and says whether each configured region is there")
    func regions() throws {
        let server = try FixtureServer.start()
        try server.route(
            "/api/v1/warnings/feeds-germany",
            [.file(TestPaths.fixture("meteoalarm", "api_v1_feeds_germany_dwd_2026_trimmed.json"))])
        let state = TemporaryFolder()
        let config = state.write(
            "config.yaml",
            """
            state_dir: \(state.path)
            providers:
              meteoalarm: { base_url: \(server.baseURL) }
            locations:
              - id: annaberg
                latitude: 50.58
                longitude: 13.0
                meteoalarm: { country: germany, region: Erzgebirgskreis }
              - id: kiel
                latitude: 54.32
                longitude: 10.12
                meteoalarm: { country: germany, region: DE999 }
            """)
        let result = try BridgeProcess.run(["check", "--config", config])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("MeteoAlarm regions with warnings now in the germany feed:"))
        #expect(result.stdout.contains("  DE343  Erzgebirgskreis\n"))
        #expect(result.stdout.contains("location annaberg: region 'Erzgebirgskreis' has warnings now"))
        #expect(result.stdout.contains("location kiel: region 'DE999' has none now"))
        // One feed for both locations.
        #expect(try server.requests(to: "/api/v1/warnings/feeds-germany").count == 1)
    }
}
