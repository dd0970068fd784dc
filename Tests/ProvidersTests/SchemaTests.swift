import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel

/// Every recording a provider decoder reads becomes payloads that are valid against
/// `docs/schema`, in every unit preset and at several "now"s.
///
/// To cover a new provider: add its decoder to `decoders` and its forecast recordings to
/// `recordings`. The test "every recording a decoder reads is in the table" fails until each
/// recording that decodes has a row.
@Suite("Decoded recordings against the JSON Schemas")
struct SchemaTests {
    /// One recorded answer, and the place it answers for.
    struct Recording: Sendable, CustomTestStringConvertible {
        /// The provider's name: the configuration section and the payloads' `provider`.
        var provider: String
        /// `Tests/Fixtures/<folder>/<file>`.
        var folder: String
        var file: String
        /// The coordinates asked for; the zone is the configured one, `nil` where the provider reports it.
        var location: LocationInfo

        var testDescription: String { folder + "/" + file }
    }

    typealias Decoder = @Sendable (_ body: [UInt8], _ location: LocationInfo) throws -> Forecast

    /// How each provider turns one recording into a `Forecast`, by fixture folder.
    static let decoders: [String: Decoder] = [
        "open-meteo": { body, location in try OpenMeteo.decode(body, timezone: location.timezone) }
    ]

    static let recordings: [Recording] = [
        Recording(
            provider: "open-meteo", folder: "open-meteo", file: "forecast_current_hourly_daily_newyork_iso8601.json",
            location: LocationInfo(
                id: "nyc", name: "New York", latitude: 40.7886, longitude: -73.9661, timezone: "America/New_York")),
        Recording(
            provider: "open-meteo", folder: "open-meteo", file: "forecast_current_weather_legacy_unixtime_munich.json",
            location: LocationInfo(id: "munich", name: "Munich", latitude: 48.14, longitude: 11.58)),
    ]

    static let presets = ["metric", "imperial", "si", "uk"]

    static func decode(_ recording: Recording) throws -> Forecast {
        let decoder = try #require(decoders[recording.folder], "no decoder for \(recording.folder)")
        return try decoder(Fixtures.bytes(recording.folder, recording.file), recording.location)
    }

    @Test("payloads from the recording are valid, in every unit preset and at several times", arguments: recordings)
    func valid(recording: Recording) throws {
        let validator = try SchemaValidator.repository()
        let forecast = try Self.decode(recording)
        var location = recording.location
        location.timezone = location.timezone ?? forecast.timezone
        let zone = try #require(location.timezone.flatMap(ZoneInfo.init(identifier:)), "no zone for \(recording.file)")
        // Just after the current reading, a day later, and in the last hour the recording covers.
        var nows = [forecast.current.time.addingTimeInterval(60), forecast.current.time.addingTimeInterval(86400)]
        if let last = forecast.hours.map(\.time).max() { nows.append(last.addingTimeInterval(30 * 60)) }
        var problems: [String] = []
        var checked = 0
        for preset in Self.presets {
            for now in nows {
                let builder = PayloadBuilder(
                    location: location, zone: zone, provider: recording.provider,
                    attribution: "Recorded \(recording.provider) answer", fetchedAt: now,
                    expiresAt: now.addingTimeInterval(900), units: UnitSettings.preset(named: preset)!)
                let payloads = builder.payloads(for: forecast, now: now)
                for (name, payload) in [
                    ("current", payloads.current), ("hourly", payloads.hourly), ("daily", payloads.daily),
                    ("alerts", payloads.alerts),
                ] {
                    problems += validator.validate(payload.serialized(), against: name).map {
                        "\(preset) at \(ISO8601.string(now, in: zone)) \(name) \($0)"
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == Self.presets.count * nows.count * 4)
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
    }

    @Test("a recording's payloads carry its data: hours from now on, days from today")
    func notEmpty() throws {
        for recording in Self.recordings {
            let forecast = try Self.decode(recording)
            #expect(!forecast.hours.isEmpty, "\(recording.file)")
            #expect(!forecast.days.isEmpty, "\(recording.file)")
        }
    }

    @Test("every recording a decoder reads is in the table")
    func everyRecordingCovered() throws {
        let listed = Set(Self.recordings.map { $0.folder + "/" + $0.file })
        var missing: [String] = []
        for folder in Self.decoders.keys.sorted() {
            let files = Fixtures.files(folder)
            #expect(!files.isEmpty, "no recordings in Tests/Fixtures/\(folder)")
            for file in files where !listed.contains(folder + "/" + file) {
                let probe = Recording(
                    provider: folder, folder: folder, file: file,
                    location: LocationInfo(id: "probe", name: "Probe", latitude: 0, longitude: 0, timezone: "UTC"))
                // Error answers and other endpoints' answers do not decode as forecasts.
                if (try? Self.decode(probe)) != nil { missing.append(folder + "/" + file) }
            }
        }
        #expect(missing.isEmpty, "add these to SchemaTests.recordings: \(missing)")
    }

    @Test("the table names real recordings of providers with a decoder")
    func tableIsReal() {
        for recording in Self.recordings {
            #expect(Self.decoders[recording.folder] != nil, "\(recording.folder)")
            #expect(Fixtures.files(recording.folder).contains(recording.file), "\(recording.file)")
        }
    }
}
