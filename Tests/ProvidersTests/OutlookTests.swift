import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel
import WireContract

/// The `outlook` values derived from a recorded hourly forecast (Open-Meteo, New York,
/// February 2026), checked by hand against the recording, and valid against the schema.
@Suite("Outlook from recorded hours")
struct OutlookTests {
    static let newYork = LocationInfo(
        id: "nyc", name: "New York", latitude: 40.7886, longitude: -73.9661, timezone: "America/New_York")

    static func payload(now: String, units: UnitSettings = .metric) throws -> JSONValue {
        let forecast = try OpenMeteo.decode(
            Fixtures.bytes("open-meteo", "forecast_current_hourly_daily_newyork_iso8601.json"),
            timezone: "America/New_York")
        let now = try #require(ISO8601.date(now))
        return PayloadBuilder(
            location: newYork, zone: ZoneInfo(identifier: "America/New_York")!, provider: "open-meteo",
            attribution: nil, fetchedAt: now, expiresAt: now.addingTimeInterval(900), units: units
        ).outlook(forecast, now: now)
    }

    @Test("late afternoon: tonight from sunset to sunrise, -8.5 °C and freezing; tomorrow 0.4 mm in 3 wet hours")
    func afternoon() throws {
        let payload = try Self.payload(now: "2026-02-06T16:40:00-05:00")
        #expect(
            Golden.check(payload.prettyPrinted() + "\n", "ProvidersTests/Golden/outlook/newyork-afternoon.json") == nil)
        let tonight = try #require(payload["tonight"])
        #expect(tonight["from"]?.string?.hasPrefix("2026-02-06T17:") == true)
        #expect(tonight["until"]?.string?.hasPrefix("2026-02-07T06:") == true)
        #expect(tonight["low"]?.double == -8.5)
        #expect(tonight["freezes"]?.bool == true)
        #expect(payload["today"]?["date"]?.string == "2026-02-06")
        #expect(payload["today"]?["precipitation"]?.double == 0)
        #expect(payload["today"]?["precipitation_hours"]?.double == 0)
        // The recording has no hourly probability: null, not 0.
        #expect(payload["today"]?["precipitation_probability_max"]?.isNull == true)
        #expect(payload["tomorrow"]?["precipitation"]?.double == 0.4)
        #expect(payload["tomorrow"]?["precipitation_hours"]?.double == 3)
        #expect(payload["next_24h"]?["high"]?.double == -0.7)
        #expect(payload["next_24h"]?["low"]?.double == -13.9)
        let fahrenheit = try Self.payload(now: "2026-02-06T16:40:00-05:00", units: .imperial)
        #expect(fahrenheit["tonight"]?["low"]?.double == 16.7)
        #expect(fahrenheit["tonight"]?["freezes"]?.bool == true)
    }

    @Test("before sunrise the night in progress counts, from now: 03:30 -> low -8.5 °C at 06:00")
    func beforeSunrise() throws {
        let payload = try Self.payload(now: "2026-02-07T03:30:00-05:00")
        #expect(payload["tonight"]?["from"]?.string?.hasPrefix("2026-02-06T17:") == true)
        #expect(payload["tonight"]?["until"]?.string?.hasPrefix("2026-02-07T06:") == true)
        #expect(payload["tonight"]?["low"]?.double == -8.5)
        #expect(payload["today"]?["date"]?.string == "2026-02-07")
        // 04:00 0.1, 05:00 0.2, 11:00 0.1 mm: the rest of today.
        #expect(payload["today"]?["precipitation"]?.double == 0.4)
    }

    @Test("outlook payloads are valid against docs/schema/outlook.json in every preset and at several times")
    func schema() throws {
        let validator = try SchemaValidator.repository()
        for preset in ["metric", "imperial", "si", "uk"] {
            for now in ["2026-02-06T16:40:00-05:00", "2026-02-07T03:30:00-05:00", "2026-02-12T23:30:00-05:00"] {
                let payload = try Self.payload(now: now, units: UnitSettings.preset(named: preset)!)
                let problems = validator.validate(payload.serialized(), against: "outlook")
                #expect(problems.isEmpty, "\(preset) \(now): \(problems)")
            }
        }
    }
}
