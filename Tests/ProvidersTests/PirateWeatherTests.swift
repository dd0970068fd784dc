import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel
import WireContract

@Suite("Pirate Weather")
struct PirateWeatherTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var location: LocationInfo
        var now: String
        var testDescription: String { file }
    }

    static let germany = LocationInfo(id: "rhoen", name: "Rhön", latitude: 50, longitude: 10, timezone: "Europe/Berlin")
    static let newYork = LocationInfo(
        id: "nyc", name: "New York", latitude: 40.7128, longitude: -74.006, timezone: "America/New_York")
    static let sanFrancisco = LocationInfo(
        id: "sf", name: "San Francisco", latitude: 37.8267, longitude: -122.4233, timezone: "America/Los_Angeles")

    static let cases: [Case] = [
        Case(file: "darksky_legacy_2014_us_units.json", location: germany, now: "2014-05-28T08:27:39Z"),
        Case(file: "darksky_legacy_2014_us_units_with_alerts.json", location: germany, now: "2014-05-28T08:27:39Z"),
        Case(file: "forecast_full_newyork_si_with_alerts.json", location: newYork, now: "2026-02-06T21:45:00Z"),
        Case(
            file: "forecast_v2_sanfrancisco_us_version2_trimmed.json", location: sanFrancisco,
            now: "2025-10-05T20:47:00Z"),
        // Pirate Weather V2.10.2, `units=ca` (km/h), light snow, an alert.
        Case(
            file: "forecast_docs_example_ontario_ca_units_v2_10_alert.json",
            location: LocationInfo(
                id: "ontario", name: "Ontario", latitude: 45.42, longitude: -74.3, timezone: "America/Toronto"),
            now: "2025-11-09T19:56:00Z"),
    ]

    static func payloads(_ file: String, _ location: LocationInfo, now: String) throws -> ReadingPayloads {
        let forecast = try PirateWeather.decode(
            Fixtures.bytes("pirateweather", file), requestedUnits: "si", timezone: location.timezone)
        return ProviderGolden.payloads(
            forecast, provider: "pirate-weather", location: location, now: ProviderGolden.instant(now))
    }

    @Test("every recording has a golden case")
    func everyRecording() {
        #expect(Set(Fixtures.files("pirateweather")) == Set(Self.cases.map(\.file)))
    }

    @Test("recordings match their golden payloads", arguments: cases)
    func golden(_ item: Case) throws {
        let payloads = try Self.payloads(item.file, item.location, now: item.now)
        let name = "ProvidersTests/Golden/pirateweather/" + item.file
        #expect(Golden.check(ProviderGolden.text(payloads), name) == nil)
    }

    @Test("SI answer (m/s, km, cm) checked by hand")
    func newYorkByHand() throws {
        let payloads = try Self.payloads(
            "forecast_full_newyork_si_with_alerts.json", Self.newYork, now: "2026-02-06T21:45:00Z")
        let current = payloads.current
        // currently: -0.26 °C, apparent -4.77, humidity 0.56, 2.32 m/s gusting 3.2 from 166°,
        // visibility 16.09 km, cloudCover 0.97, precipType "none" with intensity 0, icon cloudy.
        #expect(current["time"]?.string == "2026-02-06T16:45:00-05:00")
        #expect(current["temperature"]?.double == -0.3)
        #expect(current["apparent_temperature"]?.double == -4.8)
        #expect(current["humidity"]?.double == 56)
        #expect(current["wind_speed"]?.double == 8.4)
        #expect(current["wind_gust"]?.double == 11.5)
        #expect(current["wind_direction"]?.string == "SSE")
        #expect(current["visibility"]?.double == 16.1)
        #expect(current["cloud_coverage"]?.double == 97)
        #expect(current["precipitation_type"] == .null)
        #expect(current["condition"]?.string == "cloudy")
        #expect(current["provider_code"]?.string == "cloudy")
        // daily[0]: time 1770354000 = midnight EST; temperatureMax -1.72 / Min -8.2 (not the
        // High -2.02 / Low -4.82); sunriseTime 1770379258; moonPhase 0.66.
        let today = payloads.daily["days"]?[0]
        #expect(today?["date"]?.string == "2026-02-06")
        #expect(today?["temperature_max"]?.double == -1.7)
        #expect(today?["temperature_min"]?.double == -8.2)
        #expect(today?["sunrise"]?.string == "2026-02-06T07:00:58-05:00")
        #expect(today?["moon_phase"]?.double == 0.66)
        #expect(today?["precipitation_type"] == .null)
        // daily[6]: precipAccumulation 0.9236 cm of snow = 9.2 mm.
        let snowDay = payloads.daily["days"]?[6]
        #expect(snowDay?["date"]?.string == "2026-02-12")
        #expect(snowDay?["precipitation"]?.double == 9.2)
        #expect(snowDay?["precipitation_type"]?.string == "snow")
        // alerts[0]: "Extreme Cold Warning", severity "Severe", time 1770402120 = 13:22 EST.
        let alert = payloads.alerts["alerts"]?[0]
        #expect(alert?["title"]?.string == "Extreme Cold Warning")
        #expect(alert?["severity"]?.string == "severe")
        #expect(alert?["onset"]?.string == "2026-02-06T13:22:00-05:00")
        #expect(alert?["uri"]?.string?.hasPrefix("https://api.weather.gov/alerts/") == true)
        #expect(payloads.alerts["alerts"]?[1]?["severity"]?.string == "moderate")
    }

    @Test("US answer (°F, mph, in/h, miles) checked by hand")
    func usUnitsByHand() throws {
        let payloads = try Self.payloads(
            "darksky_legacy_2014_us_units_with_alerts.json", Self.germany, now: "2014-05-28T08:27:39Z")
        // currently: 55.81 °F = 13.2 °C, 11.03 mph = 17.8 km/h, precipIntensity 0.0043 in/h = 0.1 mm/h rain.
        #expect(payloads.current["temperature"]?.double == 13.2)
        #expect(payloads.current["wind_speed"]?.double == 17.8)
        #expect(payloads.current["precipitation"]?.double == 0.1)
        #expect(payloads.current["precipitation_type"]?.string == "rain")
        #expect(payloads.current["humidity"]?.double == 84)
        // daily[0]: 60.69/50.73 °F = 15.9/10.4 °C; no precipAccumulation (legacy): 0.0041 in/h × 24 h = 2.5 mm.
        let today = payloads.daily["days"]?[0]
        #expect(today?["date"]?.string == "2014-05-28")
        #expect(today?["temperature_max"]?.double == 15.9)
        #expect(today?["temperature_min"]?.double == 10.4)
        #expect(today?["precipitation"]?.double == 2.5)
        // The legacy alert has no severity: "Excessive Heat Warning for Inyo, CA" says warning.
        #expect(payloads.alerts["alerts"]?[0]?["severity"]?.string == "severe")
        // Night icons stay night: clear-night hours are never sunny.
        for hour in payloads.hourly["hours"]?.array ?? [] where hour["provider_code"]?.string == "clear-night" {
            #expect(hour["condition"]?.string == "clear-night")
            #expect(hour["is_day"]?.bool == false)
        }
        // v2 answer in us units: 62.64 °F = 17.0 °C, visibility 10 mi = 16.1 km, clear-day.
        let v2 = try Self.payloads(
            "forecast_v2_sanfrancisco_us_version2_trimmed.json", Self.sanFrancisco, now: "2025-10-05T20:47:00Z")
        #expect(v2.current["temperature"]?.double == 17)
        #expect(v2.current["visibility"]?.double == 16.1)
        #expect(v2.current["condition"]?.string == "sunny")
        #expect(v2.current["is_day"]?.bool == true)
    }

    @Test("flags.units decides, whatever was asked")
    func unitsFlag() throws {
        func decode(_ units: String) throws -> Reading {
            let body =
                #"{"flags":{"units":"\#(units)"},"currently":{"time":1700000000,"temperature":10,"windSpeed":10,"visibility":10,"precipIntensity":1}}"#
            return try PirateWeather.decode(Array(body.utf8), requestedUnits: "si").current
        }
        let us = try decode("us")
        #expect(abs((us.temperature ?? 0) - -12.222) < 0.001)
        #expect(abs((us.windSpeed ?? 0) - 16.093) < 0.001)
        #expect(abs((us.precipitation ?? 0) - 25.4) < 0.001)
        #expect(try decode("si").windSpeed == 36)
        #expect(try decode("ca").windSpeed == 10)
        #expect(abs((try decode("uk2").visibility ?? 0) - 16.093) < 0.001)
        #expect(throws: ProviderError.self) { _ = try decode("martian") }
    }

    @Test("fetch: the key in the path is a secret, rate-limit headers are read")
    func fetch() async throws {
        let transport = FixtureTransport()
        await transport.serve(
            "/forecast/SECRETKEY123/40.7128,-74.0060",
            body: Fixtures.bytes("pirateweather", "forecast_full_newyork_si_with_alerts.json"),
            headers: [("RateLimit-Limit", "10000"), ("X-Forecast-API-Calls", "42"), ("RateLimit-Reset", "3600")])
        let provider = PirateWeather(
            baseURL: "http://127.0.0.1:9", apiKey: "SECRETKEY123", userAgent: CatalogTests.userAgent)
        let result = try await provider.fetch(
            ProviderQuery(latitude: 40.7128, longitude: -74.006, timezone: "America/New_York"), transport: transport)
        let sent = await transport.sent
        #expect(
            sent.first?.url == "http://127.0.0.1:9/forecast/SECRETKEY123/40.7128,-74.0060?units=si&version=2")
        #expect(sent.first?.secrets.contains("SECRETKEY123") == true)
        #expect(sent.first?.header("User-Agent") == CatalogTests.userAgent)
        #expect(result.rateLimit == RateLimit(limit: 10000, remaining: 9958, reset: 3600))
        #expect(result.forecast.alerts?.count == 2)
        #expect(result.forecast.timezone == "America/New_York")

        // A refusal that echoes the URL never shows the key.
        let refusing = FixtureTransport()
        await refusing.serve(
            "/forecast/SECRETKEY123/40.7128,-74.0060", status: 403,
            body: Array(#"{"message":"Forbidden: /forecast/SECRETKEY123/40.7128,-74.0060"}"#.utf8))
        do {
            _ = try await provider.fetch(ProviderQuery(latitude: 40.7128, longitude: -74.006), transport: refusing)
            Issue.record("no error")
        } catch {
            #expect(error.httpStatus == 401)
            #expect(!error.description.contains("SECRETKEY123"))
            #expect(error.description.contains("Forbidden"))
        }
    }

    @Test(
        "hostile bodies are errors, never crashes",
        arguments: [
            "", "<html>", "{", "[]", "{\"currently\":{\"time\":1e300}}", "{\"hourly\":{\"data\":7}}",
            String(repeating: "{\"a\":", count: 5000), "{\"flags\":{\"units\":7}}",
        ])
    func hostile(body: String) {
        #expect(throws: ProviderError.self) { _ = try PirateWeather.decode(Array(body.utf8)) }
    }

    @Test("wrong types decode as unknown values")
    func wrongTypes() throws {
        let body = #"""
            {"timezone":"Nowhere/Else","offset":1e300,"currently":{"time":1700000000,"icon":["x"],"humidity":"wet"},
             "daily":{"data":[{"time":1700000000,"moonPhase":3,"precipAccumulation":"x","sunriseTime":-5},7]},
             "alerts":[{"title":7},{"title":"Flood Watch","time":"soon"}]}
            """#
        let forecast = try PirateWeather.decode(Array(body.utf8))
        #expect(forecast.current.condition == nil)
        #expect(forecast.current.humidity == nil)
        #expect(forecast.days.count == 1)
        #expect(forecast.days.first?.moonPhase == nil)
        #expect(forecast.days.first?.sunrise == nil)
        #expect(forecast.alerts?.map(\.severity) == [.moderate])
    }
}
