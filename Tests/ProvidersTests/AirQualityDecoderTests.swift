import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel
import WireContract

/// Open-Meteo Air Quality and Pirate Weather's index on recorded answers: golden `air_quality`
/// payloads, valid against docs/schema/air_quality.json, pollen `null` where there is none.
@Suite("Air quality decoders")
struct AirQualityDecoderTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var golden: String
        var timezone: String
        var now: String
        var testDescription: String { file }
    }

    static let cases = [
        Case(
            file: "airquality_current_hourly_all_vars_twente_2026_trimmed.json", golden: "twente",
            timezone: "Europe/Amsterdam", now: "2026-10-03T12:05:00+02:00"),
        Case(
            file: "airquality_hourly_eaqi_uv_pollen_brno_unixtime_2026.json", golden: "brno", timezone: "Europe/Prague",
            now: "2026-10-01T09:30:00+02:00"),
        Case(
            file: "airquality_hourly_pollen_null_newyork_unixtime_2026.json", golden: "newyork",
            timezone: "America/New_York", now: "2026-10-01T00:10:00-04:00"),
    ]

    static func payload(_ item: Case, hours: Int = 48) throws -> JSONValue {
        let air = try OpenMeteoAirQuality.decode(Fixtures.bytes("air-quality/open-meteo", item.file))
        let now = try #require(ISO8601.date(item.now))
        let builder = PayloadBuilder(
            location: LocationInfo(id: "here", name: "Here", latitude: 50, longitude: 10, timezone: item.timezone),
            zone: ZoneInfo(identifier: item.timezone)!, provider: "open-meteo", attribution: nil, fetchedAt: now,
            expiresAt: now.addingTimeInterval(3600), units: .metric, hourLimit: hours)
        return builder.airQuality(air, now: now)
    }

    @Test("each recording matches its golden payload and the schema", arguments: cases)
    func golden(item: Case) throws {
        let payload = try Self.payload(item, hours: 6)
        #expect(
            Golden.check(payload.prettyPrinted() + "\n", "ProvidersTests/Golden/air-quality/\(item.golden).json") == nil
        )
        let problems = try SchemaValidator.repository().validate(
            Self.payload(item).serialized(), against: "air_quality")
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }

    @Test("Twente: the current block's values, every pollutant")
    func twente() throws {
        let current = try #require(try Self.payload(Self.cases[0])["current"])
        #expect(current["time"]?.string == "2026-10-03T12:00:00+02:00")
        #expect(current["european_aqi"]?.double == 44)
        #expect(current["us_aqi"]?.double == 65)
        #expect(current["pm2_5"]?.double == 22.1)
        #expect(current["pm10"]?.double == 28.2)
        #expect(current["nitrogen_dioxide"]?.double == 11.2)
        #expect(current["ozone"]?.double == 42)
        #expect(current["sulphur_dioxide"]?.double == 2.5)
        #expect(current["carbon_monoxide"]?.double == 229)
        #expect(current["dust"]?.double == 0)
        #expect(current["uv_index"]?.double == 2.1)
        #expect(current["birch_pollen"]?.double == 0)
        #expect(current["provider_index"]?.isNull == true)
    }

    @Test("Brno: daily maxima per local day (Europe/Prague), from today on")
    func brnoDaily() throws {
        let payload = try Self.payload(Self.cases[1])
        let days = try #require(payload["days"]?.array)
        #expect(days.map { $0["date"]?.string } == ["2026-10-01", "2026-10-02", "2026-10-03"])
        #expect(days[0]["european_aqi"]?.double == 36)
        #expect(days[0]["ragweed_pollen"]?.double == 1.3)
        #expect(days[1]["mugwort_pollen"]?.double == 5.2)
        #expect(days[2]["mugwort_pollen"]?.double == 5.4)
        // Not asked for in that request: null, never 0.
        #expect(days[0]["us_aqi"]?.isNull == true)
        // No current block: the hour containing now stands in.
        #expect(payload["current"]?["time"]?.string == "2026-10-01T09:00:00+02:00")
        #expect(payload["hours"]?[0]?["time"]?.string == "2026-10-01T09:00:00+02:00")
    }

    @Test("New York: pollen is null outside Europe, in the hours and in the daily maxima, never 0")
    func newYorkPollenNull() throws {
        let payload = try Self.payload(Self.cases[2])
        for entry in (payload["hours"]?.array ?? []) + (payload["days"]?.array ?? []) {
            for pollen in [
                "alder_pollen", "birch_pollen", "grass_pollen", "mugwort_pollen", "olive_pollen", "ragweed_pollen",
            ] {
                #expect(entry[pollen]?.isNull == true, "\(pollen)")
            }
        }
        #expect(payload["hours"]?[0]?["european_aqi"]?.double == 65)
        #expect((payload["hours"]?.array?.count ?? 0) == 48)
    }

    @Test("the request asks for every field hourly (2 calls of the quota, not 4), at the configured base URL")
    func request() {
        let request = OpenMeteoAirQuality(baseURL: "http://127.0.0.1:9/", userAgent: "test").request(
            for: ProviderQuery(latitude: 52.3, longitude: 6.9, timezone: "Europe/Amsterdam", days: 3))
        #expect(request.url.hasPrefix("http://127.0.0.1:9/v1/air-quality?latitude=52.3000&longitude=6.9000&hourly="))
        for field in AirQualityField.allCases { #expect(request.url.contains(field.rawValue)) }
        #expect(request.url.contains("&forecast_days=3"))
        // The day before too, in the same request: the payload's past_hours.
        #expect(request.url.contains("&past_days=1&"))
        #expect(!request.url.contains("&current="))
        #expect(OpenMeteoAirQuality.callsPerFetch == 2)
    }

    @Test("error and non-JSON answers are errors that name the API")
    func errors() {
        #expect(throws: ProviderError.self) {
            try OpenMeteoAirQuality.decode(
                Fixtures.bytes("open-meteo", "error_400_forecast_invalid_variable_docs_example.json"))
        }
        do {
            _ = try OpenMeteoAirQuality.decode(Array("<html></html>".utf8))
            Issue.record("HTML decoded")
        } catch {
            #expect("\(error)".contains("open-meteo air-quality"))
        }
    }

    @Test("Pirate Weather's airQualityIndex (us units: US EPA), and none in an answer without it")
    func pirate() throws {
        let air = try #require(
            try PirateWeather.decodeAirQuality(
                Fixtures.bytes("pirateweather", "forecast_v2_sanfrancisco_us_version2_trimmed.json")))
        #expect(air.current?.providerIndex == 42)
        #expect(air.hours.first?.providerIndex == 43)
        #expect(air.providerIndexScale == "us-epa")
        #expect(
            try PirateWeather.decodeAirQuality(
                Fixtures.bytes("pirateweather", "forecast_full_newyork_si_with_alerts.json")) == nil)
        let now = Date(timeIntervalSince1970: 1_759_697_220)
        let payload = PayloadBuilder(
            location: LocationInfo(
                id: "sf", name: "SF", latitude: 37.77, longitude: -122.42, timezone: "America/Los_Angeles"),
            zone: ZoneInfo(identifier: "America/Los_Angeles")!, provider: "pirate-weather", attribution: nil,
            fetchedAt: now, expiresAt: now, units: .imperial
        ).airQuality(air, now: now)
        #expect(payload["current"]?["provider_index"]?.double == 42)
        #expect(payload["current"]?["european_aqi"]?.isNull == true)
        #expect(try SchemaValidator.repository().validate(payload.serialized(), against: "air_quality").isEmpty)
    }
}
