import Foundation
import TestSupport
import Testing
import WeatherModel
import WireContract

/// Every payload `PayloadBuilder` produces is valid against `docs/schema`.
@Suite("Payloads against the JSON Schemas")
struct PayloadSchemaTests {
    static let presets = ["metric", "imperial", "si", "uk"]
    static let providers = ["open-meteo", "openweathermap", "pirate-weather", "met-no", "nws"]

    /// The schema violations of the four payloads, each prefixed with the payload's name.
    static func violations(_ payloads: ReadingPayloads, _ validator: SchemaValidator) -> [String] {
        [
            ("current", payloads.current), ("hourly", payloads.hourly), ("daily", payloads.daily),
            ("alerts", payloads.alerts),
        ]
        .flatMap { name, payload in
            validator.validate(payload.serialized(), against: name).map { "\(name) \($0)" }
        }
    }

    @Test("complete forecasts, every location, every unit preset, every provider name", arguments: Forecasts.locations)
    func complete(location: LocationInfo) throws {
        let validator = try SchemaValidator.repository()
        var problems: [String] = []
        for (index, preset) in Self.presets.enumerated() {
            for now in ["2026-01-15T13:45:00Z", "2026-03-29T01:30:00Z", "2026-06-21T22:10:00Z", "2040-10-06T16:30:00Z"]
            {
                let now = instant(now)
                let units = UnitSettings.preset(named: preset)!
                let builder = Forecasts.builder(location, now: now, units: units, provider: Self.providers[index % 5])
                for interval in [60, 180] {
                    let forecast = Forecasts.complete(location, now: now, intervalMinutes: interval)
                    problems += Self.violations(builder.payloads(for: forecast, now: now), validator)
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test("forecasts where every value is unknown", arguments: Forecasts.locations)
    func empty(location: LocationInfo) throws {
        let validator = try SchemaValidator.repository()
        var problems: [String] = []
        for now in ["2026-02-07T04:30:00Z", "2026-12-15T11:00:00Z"] {
            let now = instant(now)
            let builder = Forecasts.builder(location, now: now, provider: "met-no")
            problems += Self.violations(builder.payloads(for: Forecasts.empty(location, now: now), now: now), validator)
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test("values out of every range still give valid payloads", arguments: Self.presets)
    func hostileValues(preset: String) throws {
        let validator = try SchemaValidator.repository()
        let now = instant("2026-06-21T10:00:00Z")
        var reading = Reading(time: now)
        reading.condition = .sunny
        reading.isDay = false
        reading.temperature = .nan
        reading.apparentTemperature = -0.01
        reading.humidity = 250
        reading.cloudCoverage = -20
        reading.precipitationProbability = .infinity
        reading.windSpeed = -3
        reading.windGust = 1e6
        reading.windBearing = -725.6
        reading.precipitation = -1
        reading.precipitationType = .hail
        reading.uvIndex = -4
        var day = Day(date: CivilDate(year: 2026, month: 6, day: 21))
        day.condition = .clearNight
        day.windBearing = 1e9
        day.humidity = 100.4
        day.moonPhase = 0.999
        day.precipitation = -2
        let forecast = Forecast(
            current: reading, hours: [reading], days: [day],
            alerts: [Alert(id: "x", title: "", severity: AlertSeverity(parsing: "Warning"), description: "\u{0}\u{1F}")]
        )
        let units = try #require(UnitSettings.preset(named: preset))
        let payloads = Forecasts.builder(Forecasts.berlin, now: now, units: units).payloads(for: forecast, now: now)
        let problems = Self.violations(payloads, validator)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("a day built from hours by DayBuilder validates")
    func dayBuilder() throws {
        let validator = try SchemaValidator.repository()
        let now = instant("2026-01-15T13:45:00Z")
        let adelaide = Forecasts.adelaide
        let zone = Forecasts.zone(of: adelaide)
        let hours = Forecasts.hours(around: now, zone: zone, count: 120)
        let forecast = Forecast(
            current: hours[6], hours: hours, days: DayBuilder.days(from: hours, intervalMinutes: 60, zone: zone))
        let payloads = Forecasts.builder(adelaide, now: now, provider: "met-no").payloads(for: forecast, now: now)
        let problems = Self.violations(payloads, validator)
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
        #expect(payloads.daily["days"]?.array?.count == 5)  // the 16th to the 20th
    }
}
