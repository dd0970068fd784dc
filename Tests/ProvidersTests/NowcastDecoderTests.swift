import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel
import WireContract

/// Nowcast decoders on recorded answers: each becomes a `nowcast` payload that matches its
/// golden file, is valid against docs/schema/nowcast.json in every unit preset, and says by
/// hand-checked values when precipitation starts and ends.
@Suite("Nowcast decoders")
struct NowcastDecoderTests {
    /// One recording, how it decodes, where it is and the instant it is read at.
    struct Case: Sendable, CustomTestStringConvertible {
        var folder: String
        var file: String
        var golden: String
        var timezone: String
        var latitude: Double
        var longitude: Double
        var now: Double
        var decode: @Sendable ([UInt8]) throws -> Nowcast?
        var testDescription: String { folder + "/" + file }
    }

    static let cases: [Case] = [
        Case(
            folder: "nowcast/open-meteo", file: "forecast_minutely15_precip_prob_bergen_unixtime_2026.json",
            golden: "open-meteo-bergen", timezone: "Europe/Oslo", latitude: 60.39, longitude: 5.32,
            now: 1_790_895_660, decode: { try OpenMeteo.decodeNowcast($0) }),
        Case(
            folder: "nowcast/metno", file: "nowcast2_complete_trondheim_rain_onset_2023.json",
            golden: "met-no-trondheim", timezone: "Europe/Oslo", latitude: 63.4308, longitude: 10.4034,
            now: 1_692_036_967, decode: { try MetNo.decodeNowcast($0) }),
        Case(
            folder: "nowcast/openweathermap", file: "onecall4_timeline1min_dry_lisbon_2026.json",
            golden: "owm4-1min-lisbon", timezone: "Europe/Lisbon", latitude: 38.7223, longitude: -9.1393,
            now: 1_785_669_780, decode: { try OpenWeatherMap.decodeNowcast($0) }),
        Case(
            folder: "nowcast/openweathermap", file: "onecall4_timeline15min_rain_onset_manila_2026.json",
            golden: "owm4-15min-manila", timezone: "Asia/Manila", latitude: 14.5995, longitude: 120.9842,
            now: 1_785_683_000, decode: { try OpenWeatherMap.decodeNowcast($0) }),
        Case(
            folder: "openweathermap", file: "onecall3_full_phoenix_standard_2023.json",
            golden: "owm3-phoenix", timezone: "America/Phoenix", latitude: 33.44, longitude: -112.07,
            now: 1_704_064_820, decode: { try OpenWeatherMap.decodeNowcast($0) }),
        Case(
            folder: "pirateweather", file: "forecast_full_newyork_si_with_alerts.json",
            golden: "pirate-newyork", timezone: "America/New_York", latitude: 40.71, longitude: -74.01,
            now: 1_770_414_300, decode: { try PirateWeather.decodeNowcast($0, requestedUnits: "si") }),
        Case(
            folder: "nowcast/pirateweather", file: "forecast_docs_example_ontario_ca_units_v2_10_alert.json",
            golden: "pirate-ontario", timezone: "America/Toronto", latitude: 43.65, longitude: -79.38,
            now: 1_762_718_100, decode: { try PirateWeather.decodeNowcast($0, requestedUnits: "si") }),
    ]

    static func builder(_ item: Case, units: UnitSettings = .metric) -> PayloadBuilder {
        let now = Date(timeIntervalSince1970: item.now)
        return PayloadBuilder(
            location: LocationInfo(
                id: "here", name: "Here", latitude: item.latitude, longitude: item.longitude, timezone: item.timezone),
            zone: ZoneInfo(identifier: item.timezone)!, provider: "open-meteo", attribution: nil, fetchedAt: now,
            expiresAt: now.addingTimeInterval(900), units: units)
    }

    static func payload(_ item: Case, units: UnitSettings = .metric) throws -> JSONValue {
        let nowcast = try #require(try item.decode(Fixtures.bytes(item.folder, item.file)))
        return builder(item, units: units).nowcast(nowcast, now: Date(timeIntervalSince1970: item.now))
    }

    @Test("each recording's nowcast matches its golden payload and its schema in every preset", arguments: cases)
    func golden(item: Case) throws {
        let payload = try Self.payload(item)
        #expect(
            Golden.check(payload.prettyPrinted() + "\n", "ProvidersTests/Golden/nowcast/\(item.golden).json") == nil)
        let validator = try SchemaValidator.repository()
        for preset in ["metric", "imperial", "si", "uk"] {
            let problems = validator.validate(
                try Self.payload(item, units: UnitSettings.preset(named: preset)!).serialized(), against: "nowcast")
            #expect(problems.isEmpty, "\(preset): \(problems)")
        }
    }

    static func item(_ golden: String) -> Case { cases.first { $0.golden == golden }! }

    @Test("Open-Meteo minutely_15 in Bergen: 0.10 mm in the current quarter is 0.4 mm/h, dry from 15 min on")
    func bergen() throws {
        let payload = try Self.payload(Self.item("open-meteo-bergen"))
        #expect(payload["available"]?.bool == true)
        #expect(payload["interval_minutes"]?.int == 15)
        #expect(payload["steps"]?.array?.count == 9)
        #expect(payload["steps"]?[0]?["intensity"]?.double == 0.4)
        #expect(payload["steps"]?[0]?["probability"]?.double == 100)
        #expect(payload["steps"]?[5]?["probability"]?.double == 97)
        #expect(payload["starts_at"]?.string == "2026-10-02T01:00:00+02:00")
        #expect(payload["ends_at"]?.string == "2026-10-02T01:15:00+02:00")
        #expect(payload["minutes_until_start"]?.int == 0)
        #expect(payload["summary"]?.string == "Light rain now, stopping in about 15 min")
    }

    @Test("met.no Nowcast in Trondheim: rain from 19:00 UTC, rising to 2.5 mm/h, not ending in the window")
    func trondheim() throws {
        let payload = try Self.payload(Self.item("met-no-trondheim"))
        #expect(payload["interval_minutes"]?.int == 5)
        #expect(payload["starts_at"]?.string == "2023-08-14T21:00:00+02:00")
        #expect(payload["ends_at"]?.isNull == true)
        #expect(payload["peak_intensity"]?.double == 2.5)
        #expect(payload["precipitation_type"]?.string == "rain")
        #expect(payload["minutes_until_start"]?.int == 44)
        #expect(payload["summary"]?.string == "Moderate rain starting in about 45 min, for at least 1 h 10 min")
        // In inches per hour for imperial users.
        let imperial = try Self.payload(Self.item("met-no-trondheim"), units: .imperial)
        #expect(imperial["peak_intensity"]?.double == 0.1)
    }

    @Test("met.no outside radar coverage says so: available false, a reason, no steps, no made-up dry forecast")
    func metNoOutsideCoverage() throws {
        let item = Self.item("met-no-trondheim")
        let text = String(decoding: Fixtures.bytes(item.folder, item.file), as: UTF8.self)
            .replacingOccurrences(of: "\"radar_coverage\": \"ok\"", with: "\"radar_coverage\": \"no coverage\"")
        #expect(text.contains("no coverage"))
        let nowcast = try MetNo.decodeNowcast(Array(text.utf8))
        let payload = Self.builder(item).nowcast(nowcast, now: Date(timeIntervalSince1970: item.now))
        #expect(payload["available"]?.bool == false)
        #expect(payload["reason"]?.string == "MET Norway radar coverage here is \"no coverage\"")
        #expect(payload["steps"]?.array?.isEmpty == true)
        #expect(payload["starts_at"]?.isNull == true)
        #expect(payload["interval_minutes"]?.isNull == true)
        #expect(
            payload["summary"]?.string
                == "No nowcast for this location: MET Norway radar coverage here is \"no coverage\"")
        #expect(try SchemaValidator.repository().validate(payload.serialized(), against: "nowcast").isEmpty)
    }

    @Test("One Call 4.0 15min in Manila: no amounts, rain read from weather ids, chance from pop")
    func manila() throws {
        let payload = try Self.payload(Self.item("owm4-15min-manila"))
        #expect(payload["steps"]?[0]?["intensity"]?.isNull == true)
        #expect(payload["steps"]?[0]?["probability"]?.double == 82)
        #expect(payload["steps"]?[1]?["type"]?.isNull == true)
        #expect(payload["steps"]?[2]?["type"]?.string == "rain")
        #expect(payload["starts_at"]?.string == "2026-08-02T23:30:00+08:00")
        #expect(payload["peak_intensity"]?.isNull == true)
        #expect(payload["summary"]?.string == "Rain starting in about 25 min, for at least 1 h 33 min")
        // Four hours earlier the same page says the next two hours are dry.
        var early = Self.item("owm4-15min-manila")
        early.now = 1_785_670_260
        #expect(try Self.payload(early)["summary"]?.string == "No precipitation expected in the next 2 hours")
    }

    @Test("dry minute nowcasts: One Call 4.0 1min (Lisbon), One Call 3.0 (Phoenix), Pirate Weather (New York)")
    func dry() throws {
        let lisbon = try Self.payload(Self.item("owm4-1min-lisbon"))
        #expect(lisbon["steps"]?.array?.count == 60)
        #expect(lisbon["summary"]?.string == "No precipitation expected in the next hour")
        #expect(lisbon["starts_at"]?.isNull == true)
        #expect(lisbon["source"]?.string == "openweathermap timeline/1min")
        let phoenix = try Self.payload(Self.item("owm3-phoenix"))
        #expect(phoenix["source"]?.string == "openweathermap minutely")
        #expect(phoenix["steps"]?[0]?["intensity"]?.double == 0)
        let pirate = try Self.payload(Self.item("pirate-newyork"))
        #expect(pirate["steps"]?.array?.count == 61)
        #expect(pirate["steps"]?[0]?["probability"]?.double == 0)
    }

    @Test("Pirate Weather in ca units: 0.5321 mm/h of snow at 61 %")
    func ontario() throws {
        let payload = try Self.payload(Self.item("pirate-ontario"))
        #expect(payload["steps"]?[0]?["intensity"]?.double == 0.5)
        #expect(payload["steps"]?[0]?["probability"]?.double == 61)
        #expect(payload["steps"]?[0]?["type"]?.string == "snow")
        #expect(payload["precipitation_type"]?.string == "snow")
    }

    @Test("answers without a minutely block decode to no nowcast, not to a dry one")
    func noBlock() throws {
        #expect(
            try OpenMeteo.decodeNowcast(
                Fixtures.bytes("open-meteo", "forecast_current_hourly_daily_newyork_iso8601.json")) == nil)
        #expect(
            try PirateWeather.decodeNowcast(Fixtures.bytes("pirateweather", "darksky_legacy_2014_us_units.json")) == nil
        )
        #expect(
            try OpenWeatherMap.decodeNowcast(
                Fixtures.bytes("openweathermap", "onecall_exclude_minutely_hourly_2020.json")) == nil)
        #expect(throws: ProviderError.self) { try OpenWeatherMap.decodeNowcast(Array("<html>".utf8)) }
    }
}
