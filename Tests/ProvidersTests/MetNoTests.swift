import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel
import WireContract

@Suite("MET Norway")
struct MetNoTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var location: LocationInfo
        var now: String
        var testDescription: String { file }
    }

    static let oslo = LocationInfo(
        id: "oslo", name: "Oslo", latitude: 59.9139, longitude: 10.7522, timezone: "Europe/Oslo")
    static let newYork = LocationInfo(
        id: "nyc", name: "New York", latitude: 40.7, longitude: -74, timezone: "America/New_York")
    static let london = LocationInfo(
        id: "london", name: "London", latitude: 51.5, longitude: -0.1, timezone: "Europe/London")

    static let cases: [Case] = [
        Case(file: "locationforecast2_compact_newyork_2020.json", location: newYork, now: "2020-07-20T11:44:31Z"),
        Case(file: "locationforecast2_compact_oslo.json", location: oslo, now: "2026-02-06T21:10:00Z"),
        Case(file: "locationforecast2_complete_london_2020.json", location: london, now: "2020-07-20T11:44:31Z"),
    ]

    static let userAgent = "weather2mqtt/test (me@example.com)"

    static func forecast(_ file: String, _ location: LocationInfo, now: String) throws -> Forecast {
        let zone = try #require(ZoneInfo(identifier: location.timezone ?? ""))
        return try MetNo.decode(Fixtures.bytes("metno", file), zone: zone, now: ProviderGolden.instant(now))
    }

    static func payloads(_ file: String, _ location: LocationInfo, now: String) throws -> ReadingPayloads {
        ProviderGolden.payloads(
            try forecast(file, location, now: now), provider: "met-no", location: location,
            now: ProviderGolden.instant(now))
    }

    /// A recording's `.headers.json` as the transport would hand the answer over.
    static func recordedResponse(_ file: String, body: [UInt8] = []) throws -> ProviderResponse {
        let json = try JSONParser.parse(Fixtures.bytes("metno", file))
        let headers = (json["headers"]?.object.map { Array($0) } ?? []).compactMap { member in
            member.value.string.map { (name: member.key, value: $0) }
        }
        return ProviderResponse(
            status: json["status_code"]?.int ?? 0, headers: headers, body: body,
            receivedAt: ProviderGolden.instant("2020-07-20T11:44:32Z"))
    }

    @Test("every recording has a golden case")
    func everyRecording() {
        #expect(Set(Fixtures.files("metno")) == Set(Self.cases.map(\.file)))
    }

    @Test("recordings match their golden payloads", arguments: cases)
    func golden(_ item: Case) throws {
        let payloads = try Self.payloads(item.file, item.location, now: item.now)
        #expect(Golden.check(ProviderGolden.text(payloads), "ProvidersTests/Golden/metno/" + item.file) == nil)
    }

    @Test("Oslo values checked by hand against the recording")
    func osloByHand() throws {
        let payloads = try Self.payloads("locationforecast2_compact_oslo.json", Self.oslo, now: "2026-02-06T21:10:00Z")
        let current = payloads.current
        // timeseries[0] 2026-02-06T21:00Z (22:00 CET): -5.8 °C, 6.0 m/s from 37°, 1014.6 hPa,
        // 66.5 %, next_1_hours "snow" with 0.5 mm; no suffix, so the sun decides: night.
        #expect(current["time"]?.string == "2026-02-06T22:00:00+01:00")
        #expect(current["temperature"]?.double == -5.8)
        #expect(current["wind_speed"]?.double == 21.6)
        #expect(current["wind_direction"]?.string == "NE")
        #expect(current["pressure"]?.double == 1014.6)
        #expect(current["humidity"]?.double == 67)
        #expect(current["precipitation"]?.double == 0.5)
        #expect(current["precipitation_type"]?.string == "snow")
        #expect(current["condition"]?.string == "snowy")
        #expect(current["provider_code"]?.string == "snow")
        #expect(current["summary"]?.string == "Snow")
        #expect(current["is_day"]?.bool == false)
        // met.no has no sunrise: computed for Oslo, 2026-02-06.
        #expect(current["sunrise"]?.string?.hasPrefix("2026-02-06T08:") == true)

        // 1-hour data runs to 2026-02-08T23:00Z (51 entries); hourly stops there.
        let forecast = try Self.forecast("locationforecast2_compact_oslo.json", Self.oslo, now: "2026-02-06T21:10:00Z")
        #expect(forecast.intervalMinutes == 60)
        #expect(forecast.hours.count == 51)
        #expect(forecast.hours.last?.time == ProviderGolden.instant("2026-02-08T23:00:00Z"))
        // 16:00Z on the 7th: "partlycloudy_night" → night.
        let evening = forecast.hours.first { $0.time == ProviderGolden.instant("2026-02-07T16:00:00Z") }
        #expect(evening?.isDay == false)
        #expect(evening?.providerCode == "partlycloudy_night")

        // 2026-02-07 (local) from 24 one-hour steps: high -2.7, low -5.9, 2.6 mm in all.
        let days = payloads.daily["days"]?.array ?? []
        let seventh = days.first { $0["date"]?.string == "2026-02-07" }
        #expect(seventh?["temperature_max"]?.double == -2.7)
        #expect(seventh?["temperature_min"]?.double == -5.9)
        #expect(seventh?["precipitation"]?.double == 2.6)
        #expect(days.first?["date"]?.string == "2026-02-06")
        // 2026-02-14 (beyond the 7 published days) from 6-hour steps only: high -5.0, low -11.8.
        let fourteenth = forecast.days.first { $0.date == CivilDate(year: 2026, month: 2, day: 14) }
        #expect(fourteenth?.temperatureMax == -5)
        #expect(fourteenth?.temperatureMin == -11.8)
        // The last day, 2026-02-16, is covered for 19 hours (to 18:00Z): kept.
        #expect(forecast.days.last?.date == CivilDate(year: 2026, month: 2, day: 16))
    }

    @Test("every symbol met.no sends maps to a condition, misspellings and polar twilight included")
    func symbols() throws {
        let bases = [
            "clearsky", "fair", "partlycloudy", "cloudy", "fog", "lightrainshowers", "rainshowers",
            "heavyrainshowers", "lightrainshowersandthunder", "rainshowersandthunder", "heavyrainshowersandthunder",
            "lightsleetshowers", "sleetshowers", "heavysleetshowers", "lightssleetshowersandthunder",
            "sleetshowersandthunder", "heavysleetshowersandthunder", "lightsnowshowers", "snowshowers",
            "heavysnowshowers", "lightssnowshowersandthunder", "snowshowersandthunder", "heavysnowshowersandthunder",
            "lightrain", "rain", "heavyrain", "lightrainandthunder", "rainandthunder", "heavyrainandthunder",
            "lightsleet", "sleet", "heavysleet", "lightsleetandthunder", "sleetandthunder", "heavysleetandthunder",
            "lightsnow", "snow", "heavysnow", "lightsnowandthunder", "snowandthunder", "heavysnowandthunder",
        ]
        #expect(bases.count == 41)
        let codes = bases + ["clearsky_polartwilight", "fair_night", "lightssnowshowersandthunder_day"]
        let start = ProviderGolden.instant("2026-01-01T00:00:00Z")
        let entries = codes.enumerated().map { index, code in
            let time = ISO8601.string(start.addingTimeInterval(Double(index) * 3600), in: .utc)
            return
                #"{"time":"\#(time)","data":{"instant":{"details":{}},"next_1_hours":{"summary":{"symbol_code":"\#(code)"},"details":{"precipitation_amount":1}}}}"#
        }
        let body = #"{"properties":{"timeseries":[\#(entries.joined(separator: ","))]}}"#
        let forecast = try MetNo.decode(Array(body.utf8), zone: .utc)
        #expect(forecast.hours.count == codes.count)
        for (code, reading) in zip(codes, forecast.hours) {
            #expect(reading.condition != nil, "no condition for \(code)")
            #expect(reading.summary != nil, "no summary for \(code)")
            #expect(reading.providerCode == code)
        }
        let byCode = Dictionary(zip(codes, forecast.hours), uniquingKeysWith: { first, _ in first })
        #expect(byCode["heavyrain"]?.condition == .pouring)
        #expect(byCode["fair"]?.condition == .partlyCloudy)
        #expect(byCode["lightssleetshowersandthunder"]?.condition == .lightningRainy)
        #expect(byCode["lightssleetshowersandthunder"]?.precipitationType == .sleet)
        #expect(byCode["lightssnowshowersandthunder"]?.summary == "Light snow showers and thunder")
        #expect(byCode["sleet"]?.condition == .snowyRainy)
        #expect(byCode["heavysnow"]?.condition == .snowy)
        // Polar twilight: the sun is below the horizon, so it is night (clear-night, not sunny).
        #expect(byCode["clearsky_polartwilight"]?.isDay == false)
        #expect(byCode["clearsky_polartwilight"]?.condition?.adjusted(isDay: false) == .clearNight)
        #expect(byCode["lightssnowshowersandthunder_day"]?.isDay == true)
    }

    @Test(
        "Expires − Date is the lifetime of the recorded answers",
        arguments: [
            ("locationforecast2_compact_newyork_2020.headers.json", 1822.0),
            ("locationforecast2_complete_london_2020.headers.json", 1912.0),
        ])
    func freshness(file: String, lifetime: Double) throws {
        // Date 11:44:31, Expires 12:14:53 (New York) / 12:16:23 (London), Last-Modified 11:44:31.
        let freshness = Freshness(response: try Self.recordedResponse(file))
        #expect(freshness.lifetime == lifetime)
        #expect(freshness.validators.lastModified == "Mon, 20 Jul 2020 11:44:31 GMT")
        #expect(freshness.validators.requestHeaders.contains { $0.name == "If-Modified-Since" })
    }

    @Test("fetch: identifying User-Agent, 4 decimals, If-Modified-Since, Expires kept, 304 passed on")
    func fetch() async throws {
        let recorded = try Self.recordedResponse(
            "locationforecast2_compact_newyork_2020.headers.json",
            body: Fixtures.bytes("metno", "locationforecast2_compact_newyork_2020.json"))
        let transport = FixtureTransport(receivedAt: ProviderGolden.instant("2020-07-20T11:44:32Z"))
        await transport.serve(
            "/weatherapi/locationforecast/2.0/complete", body: recorded.body, headers: recorded.headers)
        let provider = try MetNo(baseURL: "http://127.0.0.1:9/", userAgent: Self.userAgent)
        let query = ProviderQuery(
            latitude: 40.700_04, longitude: -74.000_04, timezone: "America/New_York",
            validators: HTTPValidators(lastModified: "Mon, 20 Jul 2020 10:00:00 GMT"))
        let result = try await provider.fetch(query, transport: transport)
        let sent = try #require(await transport.sent.first)
        #expect(sent.url == "http://127.0.0.1:9/weatherapi/locationforecast/2.0/complete?lat=40.7000&lon=-74.0000")
        #expect(sent.header("User-Agent") == Self.userAgent)
        #expect(sent.header("If-Modified-Since") == "Mon, 20 Jul 2020 10:00:00 GMT")
        #expect(result.freshness.lifetime == 1822)
        #expect(result.freshness.validators.lastModified == "Mon, 20 Jul 2020 11:44:31 GMT")
        // The entry containing the answer's arrival (11:44Z) is the current one.
        #expect(result.forecast.current.time == ProviderGolden.instant("2020-07-20T11:00:00Z"))

        let unchanged = FixtureTransport()
        await unchanged.serve("/weatherapi/locationforecast/2.0/complete", status: 304, body: [])
        await #expect(throws: ProviderError.self) { _ = try await provider.fetch(query, transport: unchanged) }
    }

    @Test("no contact in the User-Agent: refused at init")
    func anonymous() {
        #expect(throws: ProviderError.self) { _ = try MetNo(userAgent: "weather2mqtt/1.0") }
        #expect(throws: ProviderError.self) { _ = try MetNo(userAgent: "weather2mqtt/1.0 ( )") }
        #expect((try? MetNo(userAgent: "weather2mqtt/1.0 (https://example.com/me)")) != nil)
    }

    @Test(
        "hostile bodies are errors, never crashes",
        arguments: [
            "", "<html>", "{", "[]", "{\"properties\":{}}", "{\"properties\":{\"timeseries\":[{\"time\":7}]}}",
            "{\"properties\":{\"timeseries\":[{\"time\":\"9999-99-99T00:00:00Z\"}]}}",
            String(repeating: "[", count: 10000),
        ])
    func hostile(body: String) {
        #expect(throws: ProviderError.self) { _ = try MetNo.decode(Array(body.utf8), zone: .utc) }
    }

    @Test("wrong types decode as unknown values")
    func wrongTypes() throws {
        let body = #"""
            {"geometry":{"coordinates":["x",999]},"properties":{"meta":{"units":{"air_temperature":"fahrenheit"}},
             "timeseries":[{"time":"2026-01-01T00:00:00Z","data":{"instant":{"details":{"air_temperature":50,"wind_speed":"x"}},
               "next_1_hours":{"summary":{"symbol_code":"unknownsymbol_day"},"details":{"precipitation_amount":-3}}}},
              {"time":"2025-01-01T00:00:00Z","data":{}},
              {"time":"2026-01-01T01:00:00Z","data":{"next_6_hours":7}}]}}
            """#
        let forecast = try MetNo.decode(Array(body.utf8), zone: .utc)
        #expect(forecast.current.temperature == 10)
        #expect(forecast.current.windSpeed == nil)
        #expect(forecast.current.condition == nil)
        #expect(forecast.current.isDay == true)
        #expect(forecast.current.precipitation == 0)
        #expect(forecast.hours.count == 1)
    }
}
