import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel
import WireContract

@Suite("Open-Meteo")
struct OpenMeteoTests {
    static let newYork = LocationInfo(
        id: "nyc", name: "New York", latitude: 40.7886, longitude: -73.9661, timezone: "America/New_York")
    static let munich = LocationInfo(
        id: "munich", name: "Munich", latitude: 48.14, longitude: 11.58, timezone: "Europe/Berlin")

    static func payloads(_ file: String, _ location: LocationInfo, now: String, units: UnitSettings = .metric)
        throws -> ReadingPayloads
    {
        let forecast = try OpenMeteo.decode(Fixtures.bytes("open-meteo", file), timezone: location.timezone)
        let zone = ZoneInfo(identifier: location.timezone!)!
        let now = ISO8601.date(now)!
        let builder = PayloadBuilder(
            location: location, zone: zone, provider: "open-meteo",
            attribution: "Weather data by Open-Meteo.com (CC BY 4.0)", fetchedAt: now,
            expiresAt: now.addingTimeInterval(900), units: units)
        return builder.payloads(for: forecast, now: now)
    }

    static func golden(_ payloads: ReadingPayloads) -> String {
        let all: JSONValue = [
            "current": payloads.current, "hourly": payloads.hourly, "daily": payloads.daily,
            "alerts": payloads.alerts,
        ]
        return all.prettyPrinted() + "\n"
    }

    @Test("New York (ISO 8601 local times, west of UTC, late evening) matches its golden payloads")
    func newYorkGolden() throws {
        // 23:30 local on 2026-02-06 is 04:30 UTC on the 7th: "today" must still be the 6th.
        let payloads = try Self.payloads(
            "forecast_current_hourly_daily_newyork_iso8601.json", Self.newYork, now: "2026-02-07T04:30:00Z")
        #expect(Golden.check(Self.golden(payloads), "ProvidersTests/Golden/open-meteo/newyork.json") == nil)
        #expect(payloads.daily["days"]?[0]?["date"]?.string == "2026-02-06")
        #expect(payloads.hourly["hours"]?[0]?["time"]?.string == "2026-02-06T23:00:00-05:00")
    }

    @Test("New York current values checked by hand against the recording")
    func newYorkByHand() throws {
        let payloads = try Self.payloads(
            "forecast_current_hourly_daily_newyork_iso8601.json", Self.newYork, now: "2026-02-06T21:40:00Z")
        let current = payloads.current
        // current: time 2026-02-06T16:30 local, -1.4 °C, 60 %, code 3, 4.8 km/h from 138°.
        #expect(current["time"]?.string == "2026-02-06T16:30:00-05:00")
        #expect(current["temperature"]?.double == -1.4)
        #expect(current["humidity"]?.double == 60)
        #expect(current["condition"]?.string == "cloudy")
        #expect(current["provider_code"]?.string == "3")
        #expect(current["wind_speed"]?.double == 4.8)
        #expect(current["wind_bearing"]?.double == 138)
        #expect(current["wind_direction"]?.string == "SE")
        #expect(current["is_day"]?.bool == true)
        // hours[0] is the hour that contains now (16:40 local -> 16:00).
        #expect(payloads.hourly["hours"]?[0]?["time"]?.string == "2026-02-06T16:00:00-05:00")
        #expect(payloads.daily["days"]?[0]?["date"]?.string == "2026-02-06")
    }

    @Test("imperial units convert and round")
    func imperial() throws {
        let payloads = try Self.payloads(
            "forecast_current_hourly_daily_newyork_iso8601.json", Self.newYork, now: "2026-02-06T21:40:00Z",
            units: .imperial)
        // -1.4 °C = 29.48 °F -> 29.5; 4.8 km/h = 2.98 mph -> 3
        #expect(payloads.current["temperature"]?.double == 29.5)
        #expect(payloads.current["wind_speed"]?.double == 3)
        #expect(payloads.current["units"]?["temperature"]?.string == "°F")
    }

    @Test("Munich (legacy current_weather, unixtime) matches its golden payloads")
    func munichGolden() throws {
        let payloads = try Self.payloads(
            "forecast_current_weather_legacy_unixtime_munich.json", Self.munich, now: "2026-02-07T15:15:00Z")
        #expect(Golden.check(Self.golden(payloads), "ProvidersTests/Golden/open-meteo/munich.json") == nil)
        // current_weather: 8.5 °C, 4.7 km/h from 9° (N), code 2, is_day 1, 2026-02-07T16:15 local
        #expect(payloads.current["temperature"]?.double == 8.5)
        #expect(payloads.current["wind_direction"]?.string == "N")
        #expect(payloads.current["condition"]?.string == "partlycloudy")
        #expect(payloads.current["time"]?.string == "2026-02-07T16:15:00+01:00")
    }

    @Test(
        "error bodies become clear errors",
        arguments: [
            ("error_400_forecast_invalid_variable_docs_example.json", 400),
            ("error_429_minutely_limit_constructed.json", 429),
        ])
    func errors(file: String, status: Int) async throws {
        let body = Fixtures.bytes("open-meteo", file)
        let response = ProviderResponse(status: status, body: body, receivedAt: Date())
        #expect(throws: ProviderError.self) {
            try ResponseCheck.requireSuccess(response, provider: "open-meteo")
        }
        do {
            try ResponseCheck.requireSuccess(response, provider: "open-meteo")
        } catch {
            #expect(error.httpStatus == status)
            let reason = try JSONParser.parse(body)["reason"]!.string!
            #expect(error.description.contains(reason.prefix(20)))
        }
    }

    @Test("the request asks for 4-decimal coordinates, the configured zone and unixtime")
    func request() {
        let provider = OpenMeteo(baseURL: "http://127.0.0.1:9/", userAgent: "weather2mqtt/test (me@example.com)")
        let request = provider.request(
            for: ProviderQuery(latitude: 52.520008, longitude: -13.40495, timezone: "Europe/Berlin"))
        #expect(request.url.hasPrefix("http://127.0.0.1:9/v1/forecast?latitude=52.5200&longitude=-13.4050&"))
        #expect(request.url.contains("timezone=Europe%2FBerlin"))
        #expect(request.url.contains("timeformat=unixtime"))
        #expect(request.headers.contains { $0.name == "User-Agent" && $0.value.hasPrefix("weather2mqtt/") })
        #expect(provider.callsPerFetch >= 4)
    }

    @Test(
        "hostile bodies are errors, never crashes",
        arguments: [
            "", "<html>", "{", "[]", "{\"hourly\":{\"time\":[\"x\"]}}",
            String(repeating: "[", count: 10000), "{\"current\":{\"time\":null}}",
        ])
    func hostile(body: String) {
        #expect(throws: ProviderError.self) { _ = try OpenMeteo.decode(Array(body.utf8)) }
    }
}

@Suite("Hostile numbers never trap")
struct HostileNumberTests {
    @Test(
        "absurd times in an answer are errors or nulls, never a crash",
        arguments: [
            "{\"current\":{\"time\":1e300}}", "{\"current\":{\"time\":-1e300},\"hourly\":{\"time\":[1e300]}}",
            "{\"daily\":{\"time\":[1e300]},\"hourly\":{\"time\":[0]}}",
        ])
    func absurdTimes(body: String) {
        let forecast = try? OpenMeteo.decode(Array(body.utf8))
        if let forecast {
            let builder = PayloadBuilder(
                location: LocationInfo(id: "x", name: "x", latitude: 0, longitude: 0), zone: .utc,
                provider: "open-meteo", attribution: nil, fetchedAt: Date(), expiresAt: Date(), units: .metric)
            _ = builder.payloads(for: forecast, now: Date())
        }
    }

    @Test("absurd header values are ignored", arguments: ["1e300", "-1e300", "nan", "99999999999999999999"])
    func absurdHeaders(value: String) {
        let response = ProviderResponse(
            status: 200,
            headers: [
                ("RateLimit-Limit", value), ("RateLimit-Remaining", value), ("Retry-After", value),
                ("Cache-Control", "max-age=" + value), ("Date", "Sun, 06 Nov 99999999999999999999 08:49:37 GMT"),
                ("Expires", "Sun, 06 Nov 1994 08:49:37 GMT"),
            ], body: [], receivedAt: Date())
        _ = RateLimit(response: response)
        _ = retryAfterSeconds(response)
        let freshness = Freshness(response: response)
        #expect((freshness.lifetime ?? 0) <= Freshness.longest)
        #expect(HTTPDate.parse("Sun, 06 Nov 99999999999999999999 08:49:37 GMT") == nil)
    }
}
