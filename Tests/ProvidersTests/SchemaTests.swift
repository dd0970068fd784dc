import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel
import WireContract

/// Every recording a provider decoder reads becomes payloads that are valid against
/// `docs/schema`, in every unit preset and at several "now"s.
///
/// To cover a new provider: add a probe to `probes` and a row per forecast recording to
/// `recordings`. The test "every recording a decoder reads is in the table" fails until each
/// recording that decodes has a row.
@Suite("Decoded recordings against the JSON Schemas")
struct SchemaTests {
    typealias Decode = @Sendable (_ body: [UInt8], _ location: LocationInfo) throws -> Forecast

    /// One recorded answer, the place it answers for, and how it is read.
    struct Recording: Sendable, CustomTestStringConvertible {
        /// The provider's name: the configuration section and the payloads' `provider`.
        var provider: String
        /// `Tests/Fixtures/<folder>/<file>`.
        var folder: String
        var file: String
        /// The coordinates asked for; the zone is the configured one, `nil` where the provider reports it.
        var location: LocationInfo
        /// An instant the recording was fresh at, where the current reading does not say.
        var now: String?
        var decode: Decode

        var testDescription: String { folder + "/" + file }
    }

    static func place(_ id: String, _ latitude: Double, _ longitude: Double, _ timezone: String?) -> LocationInfo {
        LocationInfo(id: id, name: id, latitude: latitude, longitude: longitude, timezone: timezone)
    }

    static func zone(_ location: LocationInfo) -> ZoneInfo {
        location.timezone.flatMap(ZoneInfo.init(identifier:)) ?? .utc
    }

    static func openMeteo(_ file: String, _ location: LocationInfo) -> Recording {
        Recording(provider: "open-meteo", folder: "open-meteo", file: file, location: location) { body, location in
            try OpenMeteo.decode(body, timezone: location.timezone)
        }
    }

    static func openWeatherMap(_ file: String, _ units: OpenWeatherMap.Units, _ location: LocationInfo) -> Recording {
        Recording(provider: "openweathermap", folder: "openweathermap", file: file, location: location) {
            body, location in try OpenWeatherMap.decode(body, units: units, timezone: location.timezone)
        }
    }

    /// A One Call 4.0 capture in its role: `/current`, a `/timeline/1h` page or a `/timeline/1day` page.
    static func oneCall4(_ file: String, _ location: LocationInfo) -> Recording {
        Recording(provider: "openweathermap", folder: "openweathermap", file: file, location: location) {
            body, location in
            if file.contains("timeline1h") {
                return try OpenWeatherMap.decodeOneCall4(
                    current: nil, hourly: [body], daily: [], timezone: location.timezone)
            }
            if file.contains("timeline1day") {
                return try OpenWeatherMap.decodeOneCall4(
                    current: nil, hourly: [], daily: [body], timezone: location.timezone)
            }
            return try OpenWeatherMap.decodeOneCall4(current: body, hourly: [], daily: [], timezone: location.timezone)
        }
    }

    static func pirateWeather(_ file: String, _ location: LocationInfo) -> Recording {
        Recording(provider: "pirate-weather", folder: "pirateweather", file: file, location: location) {
            body, location in try PirateWeather.decode(body, requestedUnits: "si", timezone: location.timezone)
        }
    }

    static func metNo(_ file: String, _ location: LocationInfo) -> Recording {
        Recording(provider: "met-no", folder: "metno", file: file, location: location) { body, location in
            try MetNo.decode(body, zone: zone(location))
        }
    }

    static func nws(_ file: String, hourly: Bool, _ location: LocationInfo) -> Recording {
        Recording(provider: "nws", folder: "nws", file: file, location: location) { body, location in
            try NWS.decode(forecast: hourly ? nil : body, hourly: hourly ? body : nil, zone: zone(location))
        }
    }

    /// An alerts answer: the alerts payload, beside an otherwise empty forecast.
    static func nwsAlerts(_ file: String, _ location: LocationInfo, now: String) -> Recording {
        Recording(provider: "nws", folder: "nws", file: file, location: location, now: now) { body, _ in
            Forecast(current: Reading(time: ISO8601.date(now) ?? Date()), alerts: try NWS.decodeAlerts(body))
        }
    }

    /// How each fixture folder is probed for recordings that decode as forecasts.
    static let probes: [String: @Sendable (_ body: [UInt8]) -> Bool] = [
        "open-meteo": { (try? OpenMeteo.decode($0)) != nil },
        "openweathermap": { (try? OpenWeatherMap.decode($0)) != nil },
        "pirateweather": { (try? PirateWeather.decode($0)) != nil },
        "metno": { (try? MetNo.decode($0, zone: .utc)) != nil },
        "nws": {
            (try? NWS.decode(forecast: $0, hourly: nil, zone: .utc)) != nil
                || (try? NWS.decode(forecast: nil, hourly: $0, zone: .utc)) != nil
        },
    ]

    static let newYork = place("nyc", 40.7128, -74.006, "America/New_York")
    static let munich = place("munich", 48.14, 11.58, "Europe/Berlin")
    static let london = place("london", 51.5073, -0.1277, "Europe/London")
    static let moscow = place("moscow", 55.75, 37.62, "Europe/Moscow")
    static let texarkana = place("texarkana", 33.44, -94.04, "America/Chicago")
    static let washington = place("dc", 38.8894, -77.0352, "America/New_York")
    static let sumatra = place("sumatra", 30, -85, "America/New_York")
    static let rhoen = place("rhoen", 50, 10, "Europe/Berlin")

    static let recordings: [Recording] = [
        openMeteo(
            "forecast_current_hourly_daily_newyork_iso8601.json", place("nyc", 40.7886, -73.9661, "America/New_York")),
        // No zone configured: the answer's own.
        openMeteo("forecast_current_weather_legacy_unixtime_munich.json", place("munich", 48.14, 11.58, nil)),
        openMeteo("dst_berlin_autumn_unixtime.json", place("berlin", 52.52, 13.41, "Europe/Berlin")),
        openMeteo("dst_berlin_autumn_iso8601.json", place("berlin", 52.52, 13.41, "Europe/Berlin")),
        openMeteo("dst_berlin_autumn_unixtime_no_current.json", place("berlin", 52.52, 13.41, "Europe/Berlin")),
        openMeteo("daily_only_berlin_autumn_unixtime.json", place("berlin", 52.52, 13.41, "Europe/Berlin")),
        openMeteo("gmt_answer_berlin_autumn_unixtime.json", place("berlin", 52.52, 13.41, "Europe/Berlin")),
        openMeteo("dst_berlin_spring_unixtime.json", place("berlin", 52.52, 13.41, "Europe/Berlin")),
        openMeteo("dst_berlin_spring_iso8601.json", place("berlin", 52.52, 13.41, "Europe/Berlin")),
        openMeteo("dst_sydney_autumn_unixtime.json", place("sydney", -33.87, 151.21, "Australia/Sydney")),
        openMeteo("dst_sydney_autumn_iso8601.json", place("sydney", -33.87, 151.21, "Australia/Sydney")),
        openMeteo("dst_sydney_spring_unixtime.json", place("sydney", -33.87, 151.21, "Australia/Sydney")),
        openMeteo("dst_sydney_spring_iso8601.json", place("sydney", -33.87, 151.21, "Australia/Sydney")),
        openWeatherMap(
            "forecast25_3hourly_antarctica_noname_2025.json", .standard, place("antarctica", -82.7, 3.9, nil)),
        openWeatherMap("forecast25_3hourly_london_standard_2025.json", .standard, london),
        openWeatherMap("forecast25_3hourly_munich_metric.json", .metric, munich),
        openWeatherMap("forecast25_hourly_pro_4day_arctic_2024.json", .standard, place("arctic", 82.8628, 135, nil)),
        openWeatherMap("forecast_daily16_legacy_munich.json", .metric, munich),
        openWeatherMap(
            "onecall3_full_newyork_metric.json", .metric, place("nyc", 40.7767, -73.9713, "America/New_York")),
        openWeatherMap(
            "onecall3_full_phoenix_standard_2023.json", .standard, place("phx", 33.53, -111.94, "America/Phoenix")),
        openWeatherMap("onecall3_timemachine_2024.json", .standard, texarkana),
        openWeatherMap("onecall_exclude_minutely_hourly_2020.json", .standard, texarkana),
        openWeatherMap("onecall_hourly_only_munich.json", .metric, munich),
        oneCall4("onecall4_current_lisbon_metric_2026.json", place("lisbon", 38.7223, -9.1393, "Europe/Lisbon")),
        oneCall4("onecall4_current_snow_alert_ids_chile_2026.json", place("chile", -38.4, -71.58, "America/Santiago")),
        oneCall4("onecall4_current_rain_manila_2026.json", place("manila", 14.5995, 120.9842, "Asia/Manila")),
        oneCall4(
            "onecall4_current_3_alert_ids_uberlandia_ptbr_2026.json",
            place("uberlandia", -18.92, -48.28, "America/Sao_Paulo")),
        oneCall4(
            "onecall4_timeline1h_page1_prev_next_lisbon_2026.json", place("lisbon", 38.7223, -9.1393, "Europe/Lisbon")),
        oneCall4(
            "onecall4_timeline1h_snow_alert_ids_chile_2026.json", place("chile", -38.4, -71.58, "America/Santiago")),
        oneCall4("onecall4_timeline1day_lisbon_2026.json", place("lisbon", 38.7223, -9.1393, "Europe/Lisbon")),
        oneCall4("onecall4_timeline1day_tokyo_ptbr_no_paging_2026.json", place("tokyo", 35.68, 139.69, "Asia/Tokyo")),
        openWeatherMap("weather25_current_london_standard_2020.json", .standard, london),
        openWeatherMap("weather25_current_moscow_imperial_2020.json", .imperial, moscow),
        openWeatherMap("weather25_current_moscow_metric_lang_ru_2020.json", .metric, moscow),
        openWeatherMap("weather25_current_munich_2019_multiweather.json", .metric, munich),
        openWeatherMap("weather25_current_munich_metric.json", .metric, munich),
        openWeatherMap("weather25_current_newyork_standard_2020.json", .standard, newYork),
        pirateWeather("darksky_legacy_2014_us_units.json", rhoen),
        pirateWeather(
            "forecast_docs_example_ontario_ca_units_v2_10_alert.json", place("ontario", 45.42, -74.3, "America/Toronto")
        ),
        pirateWeather("darksky_legacy_2014_us_units_with_alerts.json", rhoen),
        pirateWeather("forecast_full_newyork_si_with_alerts.json", newYork),
        pirateWeather(
            "forecast_v2_sanfrancisco_us_version2_trimmed.json", place("sf", 37.83, -122.42, "America/Los_Angeles")),
        metNo("locationforecast2_compact_newyork_2020.json", place("nyc", 40.7, -74, "America/New_York")),
        metNo("locationforecast2_compact_oslo.json", place("oslo", 59.9139, 10.7522, "Europe/Oslo")),
        metNo("locationforecast2_complete_london_2020.json", place("london", 51.5, -0.1, "Europe/London")),
        nws("gridpoints_forecast_12h_periods_lwx_si.json", hourly: false, washington),
        nws("gridpoints_forecast_hourly_lwx_si.json", hourly: true, washington),
        nws("gridpoints_forecast_hourly_us_trimmed.json", hourly: true, sumatra),
        nws("gridpoints_forecast_us_units_trimmed.json", hourly: false, sumatra),
        nwsAlerts(
            "alerts_active_zone.json", place("portland", 45.52, -122.68, "America/Los_Angeles"),
            now: "2019-12-20T22:00:00Z"),
    ]

    static let presets = ["metric", "imperial", "si", "uk"]

    static func decode(_ recording: Recording) throws -> Forecast {
        try recording.decode(Fixtures.bytes(recording.folder, recording.file), recording.location)
    }

    @Test("payloads from the recording are valid, in every unit preset and at several times", arguments: recordings)
    func valid(recording: Recording) throws {
        let validator = try SchemaValidator.repository()
        let forecast = try Self.decode(recording)
        var location = recording.location
        location.timezone = location.timezone ?? forecast.timezone
        // A zone neither configured nor reported (OpenWeatherMap gives only an offset): UTC.
        let zone = Self.zone(location)
        // Just after the current reading, a day later, and in the last hour the recording covers.
        var nows = [forecast.current.time.addingTimeInterval(60), forecast.current.time.addingTimeInterval(86400)]
        if let now = recording.now { nows.append(try #require(ISO8601.date(now))) }
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

    @Test("every recording a decoder reads is in the table")
    func everyRecordingCovered() {
        let listed = Set(Self.recordings.map { $0.folder + "/" + $0.file })
        var missing: [String] = []
        for (folder, decodes) in Self.probes.sorted(by: { $0.key < $1.key }) {
            let files = Fixtures.files(folder)
            #expect(!files.isEmpty, "no recordings in Tests/Fixtures/\(folder)")
            // Error answers and other endpoints' answers do not decode as forecasts.
            for file in files where !listed.contains(folder + "/" + file) && decodes(Fixtures.bytes(folder, file)) {
                missing.append(folder + "/" + file)
            }
        }
        #expect(missing.isEmpty, "add these to SchemaTests.recordings: \(missing)")
    }

    @Test("the table names real recordings of probed folders, each once")
    func tableIsReal() {
        for recording in Self.recordings {
            #expect(Self.probes[recording.folder] != nil, "\(recording.folder)")
            #expect(Fixtures.files(recording.folder).contains(recording.file), "\(recording.file)")
        }
        #expect(Set(Self.recordings.map(\.testDescription)).count == Self.recordings.count)
    }
}
