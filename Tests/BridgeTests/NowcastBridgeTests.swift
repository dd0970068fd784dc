import Foundation
import TestSupport
import Testing

/// The nowcast, outlook and air-quality topics end to end: the real executable, a real
/// mosquitto, recorded answers over loopback HTTP.
@Suite("Bridge nowcast and air quality", .serialized)
struct NowcastBridgeTests {
    static let bergen = TestPaths.fixture(
        "nowcast/open-meteo", "forecast_minutely15_precip_prob_bergen_unixtime_2026.json")
    static let brno = TestPaths.fixture(
        "air-quality/open-meteo", "airquality_hourly_eaqi_uv_pollen_brno_unixtime_2026.json")
    /// One minute after the Bergen recording's current reading (01:01 local on 2 October 2026).
    static let now = "2026-10-01T23:01:00Z"

    static func config(broker: TestBroker, server: FixtureServer, state: TemporaryFolder, airQuality: Bool) -> String {
        """
        mqtt:
          url: \(broker.url)
          client_id: nowcast-test
          base_topic: weather
        state_dir: \(state.path)
        contact: tests@example.com
        providers:
          open-meteo: { base_url: \(server.baseURL), air_quality_url: \(server.baseURL) }
        locations:
          - id: bergen
            latitude: 60.39
            longitude: 5.32
            timezone: Europe/Oslo
            interval: 15m
            air_quality: \(airQuality)
        """
    }

    static func object(_ text: String?) throws -> [String: Any] {
        let bytes = Data(try #require(text).utf8)
        return try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: Any])
    }

    @Test("run --once publishes nowcast, outlook and air_quality from one forecast and one air-quality request")
    func publishesEverything() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try server.route("/v1/forecast", [.file(Self.bergen)])
        try server.route("/v1/air-quality", [.file(Self.brno)])
        let state = TemporaryFolder()
        let config = state.write(
            "config.yaml", Self.config(broker: broker, server: server, state: state, airQuality: true))
        let result = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": Self.now])
        #expect(result.status == 0, "stderr: \(result.stderr)")

        let topics = try broker.retained("weather/#")
        let validator = try SchemaValidator.repository()
        for (topic, schema) in [
            ("weather/bergen/nowcast", "nowcast"), ("weather/bergen/outlook", "outlook"),
            ("weather/bergen/air_quality", "air_quality"), ("weather/bergen/current", "current"),
        ] {
            let payload = try #require(topics[topic], "missing \(topic); have \(topics.keys.sorted())")
            #expect(
                validator.validate(payload, against: schema).isEmpty,
                "\(topic): \(validator.validate(payload, against: schema))")
        }
        let nowcast = try Self.object(topics["weather/bergen/nowcast"])
        #expect(nowcast["available"] as? Bool == true)
        #expect(nowcast["source"] as? String == "open-meteo minutely_15")
        #expect(nowcast["summary"] as? String == "Light rain now, stopping in about 15 min")
        #expect(nowcast["ends_at"] as? String == "2026-10-02T01:15:00+02:00")
        let air = try Self.object(topics["weather/bergen/air_quality"])
        let current = try #require(air["current"] as? [String: Any])
        // Brno's recording at 01:00 Oslo time (23:00 UTC): EAQI and pollen as recorded, us_aqi not asked there: null.
        #expect(current["time"] as? String == "2026-10-02T01:00:00+02:00")
        #expect(current["european_aqi"] is Double)
        #expect(current["us_aqi"] is NSNull)
        let outlook = try Self.object(topics["weather/bergen/outlook"])
        #expect((outlook["today"] as? [String: Any])?["date"] as? String == "2026-10-02")

        // One forecast request that asked for minutely_15, one air-quality request.
        let forecast = try server.requests(to: "/v1/forecast")
        #expect(forecast.count == 1)
        #expect(
            forecast.first?.query.contains("minutely_15=precipitation,precipitation_probability,weather_code") == true)
        let airRequests = try server.requests(to: "/v1/air-quality")
        #expect(airRequests.count == 1)
        #expect(airRequests.first?.query.contains("hourly=european_aqi,us_aqi,pm2_5") == true)

        // weatherview get reaches the new fields.
        let viewer = WeatherviewCommand(executable: BridgeProcess.executable)
        let environment = ["WEATHER2MQTT_NOW": Self.now]
        let summary = try viewer.run(
            ["get", "bergen", "nowcast.summary", "--broker", broker.url], environment: environment)
        #expect(summary.status == 0, "stderr: \(summary.stderr)")
        #expect(summary.stdout.contains("Light rain now, stopping in about 15 min"), "\(summary.stdout)")
        let freezes = try viewer.run(
            ["get", "bergen", "outlook.tonight.freezes", "--broker", broker.url], environment: environment)
        #expect(freezes.status == 0, "stderr: \(freezes.stderr)")
        #expect(freezes.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "false")
        let pollen = try viewer.run(
            ["get", "bergen", "air_quality.current.mugwort_pollen", "--broker", broker.url], environment: environment)
        #expect(pollen.status == 0, "stderr: \(pollen.stderr)")
        #expect(Double(pollen.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) != nil, "\(pollen.stdout)")

        // Run again 20 minutes later (as cron would): the readings are due, air quality is not
        // (hourly), and the saved state says so.
        let again = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": "2026-10-01T23:21:00Z"])
        #expect(again.status == 0, "stderr: \(again.stderr)")
        #expect(try server.requests(to: "/v1/forecast").count == 2)
        #expect(try server.requests(to: "/v1/air-quality").count == 1)
    }

    @Test("a failing air-quality request neither blocks nor marks stale the weather readings")
    func airQualityFailure() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try server.route("/v1/forecast", [.file(Self.bergen)])
        try server.route("/v1/air-quality", [.json(#"{"error":true,"reason":"down for maintenance"}"#, status: 503)])
        let state = TemporaryFolder()
        let config = state.write(
            "config.yaml", Self.config(broker: broker, server: server, state: state, airQuality: true))
        let result = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": Self.now])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("air quality failed"), "stderr: \(result.stderr)")
        let topics = try broker.retained("weather/#")
        #expect(topics["weather/bergen/current"] != nil)
        #expect(topics["weather/bergen/nowcast"] != nil)
        #expect(topics["weather/bergen/air_quality"] == nil)
        let status = try Self.object(topics["weather/bergen/status"])
        #expect(status["state"] as? String == "ok")
        #expect(status["last_error"] is NSNull)
    }

    @Test("without air_quality no air-quality request is made; an answer without minutely says there is no nowcast")
    func optInAndNoNowcast() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try server.route(
            "/v1/forecast",
            [.file(TestPaths.fixture("open-meteo", "forecast_current_hourly_daily_newyork_iso8601.json"))])
        let state = TemporaryFolder()
        let config = state.write(
            "config.yaml", Self.config(broker: broker, server: server, state: state, airQuality: false))
        let result = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": "2026-02-06T21:40:00Z"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(try server.requests(to: "/v1/air-quality").isEmpty)
        let topics = try broker.retained("weather/#")
        #expect(topics["weather/bergen/air_quality"] == nil)
        let nowcast = try Self.object(topics["weather/bergen/nowcast"])
        #expect(nowcast["available"] as? Bool == false)
        #expect(nowcast["reason"] as? String == "the open-meteo answer carried no minutely block")
        #expect((nowcast["steps"] as? [Any])?.isEmpty == true)
        #expect(nowcast["starts_at"] is NSNull)
        #expect(
            try SchemaValidator.repository().validate(
                try #require(topics["weather/bergen/nowcast"]), against: "nowcast"
            ).isEmpty)
    }

    @Test("check counts air quality in the open-meteo budget: 96 weather requests of 5 calls, 24 of 2 calls")
    func checkCountsAirQuality() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        let state = TemporaryFolder()
        let config = state.write(
            "config.yaml", Self.config(broker: broker, server: server, state: state, airQuality: true))
        let result = try BridgeProcess.run(["check", "--config", config])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("air quality hourly via open-meteo"), "\(result.stdout)")
        #expect(
            result.stdout.contains("open-meteo: 528 of 8000 a day (96 weather requests, 5 calls each"),
            "\(result.stdout)")
        #expect(result.stdout.contains("of which air quality: 48 (1 location(s), 24 requests of 2 calls each)"))
        #expect(try server.requests().isEmpty)
    }

    static func metNoConfig(broker: TestBroker, server: FixtureServer, state: TemporaryFolder) -> String {
        """
        mqtt:
          url: \(broker.url)
          client_id: nowcast-metno-test
          base_topic: weather
        state_dir: \(state.path)
        contact: tests@example.com
        providers:
          met-no: { base_url: \(server.baseURL) }
        locations:
          - id: trondheim
            latitude: 63.4308
            longitude: 10.4034
            timezone: Europe/Oslo
            providers: [met-no]
            interval: 15m
        """
    }

    @Test("met-no locations in the Nordic area get MET Norway's 5-minute Nowcast from a request of its own")
    func metNoNowcast() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try server.route(
            "/weatherapi/locationforecast/2.0/complete",
            [.file(TestPaths.fixture("metno", "locationforecast2_compact_oslo.json"))])
        try server.route(
            "/weatherapi/nowcast/2.0/complete",
            [.file(TestPaths.fixture("nowcast/metno", "nowcast2_complete_trondheim_rain_onset_2023.json"))])
        let state = TemporaryFolder()
        let config = state.write("config.yaml", Self.metNoConfig(broker: broker, server: server, state: state))
        let result = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": "2023-08-14T18:16:07Z"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let topics = try broker.retained("weather/#")
        let nowcast = try Self.object(topics["weather/trondheim/nowcast"])
        #expect(nowcast["source"] as? String == "met-no nowcast")
        #expect(nowcast["interval_minutes"] as? Int == 5)
        #expect(nowcast["summary"] as? String == "Moderate rain starting in about 45 min, for at least 1 h 10 min")
        let requests = try server.requests(to: "/weatherapi/nowcast/2.0/complete")
        #expect(requests.count == 1)
        #expect(requests.first?.query == "lat=63.4308&lon=10.4034")
        #expect(requests.first?.headers["user-agent"]?.contains("tests@example.com") == true)
        #expect(
            try SchemaValidator.repository().validate(
                try #require(topics["weather/trondheim/nowcast"]), against: "nowcast"
            ).isEmpty)
    }

    @Test("check counts met.no Nowcast: 96 forecast requests plus 288 nowcast requests a day")
    func checkCountsMetNoNowcast() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        let state = TemporaryFolder()
        let config = state.write("config.yaml", Self.metNoConfig(broker: broker, server: server, state: state))
        let result = try BridgeProcess.run(["check", "--config", config])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("met-no: 384 of 10000 a day"), "\(result.stdout)")
    }

    @Test("a 422 from met.no Nowcast says the location is outside its area; the readings stand")
    func metNoOutsideArea() throws {
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try server.route(
            "/weatherapi/locationforecast/2.0/complete",
            [.file(TestPaths.fixture("metno", "locationforecast2_compact_oslo.json"))])
        try server.route("/weatherapi/nowcast/2.0/complete", [.json(#"{"message":"outside coverage"}"#, status: 422)])
        let state = TemporaryFolder()
        let config = state.write("config.yaml", Self.metNoConfig(broker: broker, server: server, state: state))
        let result = try BridgeProcess.run(
            ["run", "--once", "--config", config], environment: ["WEATHER2MQTT_NOW": "2023-08-14T18:16:07Z"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let topics = try broker.retained("weather/#")
        let nowcast = try Self.object(topics["weather/trondheim/nowcast"])
        #expect(nowcast["available"] as? Bool == false)
        #expect(nowcast["reason"] as? String == "the location is outside MET Norway's Nowcast area")
        #expect(topics["weather/trondheim/current"] != nil)
    }
}
