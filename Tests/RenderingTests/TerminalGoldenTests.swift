import Foundation
import Rendering
import TestSupport
import Testing
import WeatherModel

/// `weatherview show` output for recorded payloads, compared with golden files
/// (`UPDATE_GOLDEN=1 swift test --filter RenderingTests` rewrites them; read the diff).
@Suite("Terminal golden output")
struct TerminalGoldenTests {
    static let fresh = "2026-02-07T16:20:00+01:00"

    func check(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let difference = Golden.check(text, "RenderingTests/Golden/terminal/" + name) {
            Issue.record(Comment(rawValue: difference), sourceLocation: sourceLocation)
        }
    }

    @Test("every glyph set, plain and in colour", arguments: GlyphSet.allCases, [false, true])
    func glyphSets(glyphs: GlyphSet, color: Bool) throws {
        let model = try ViewModelFixtures.model("munich-full", now: Self.fresh)
        let text = TerminalRenderer(options: TerminalOptions(glyphs: glyphs, color: color)).render(model)
        check(text, "show-full-\(glyphs.rawValue)-\(color ? "color" : "plain").txt")
        if !color { #expect(!text.utf8.contains(0x1B)) }
    }

    @Test("--both-units shows °C and °F side by side")
    func bothUnits() throws {
        let model = try ViewModelFixtures.model("munich-full", now: Self.fresh)
        let text = TerminalRenderer(options: TerminalOptions(glyphs: .unicode, bothUnits: true)).render(model)
        check(text, "show-full-both-units.txt")
        #expect(text.contains("°C / "))
        #expect(text.contains("°F"))
    }

    @Test("--units imperial converts from the declared metric units")
    func imperial() throws {
        let model = try ViewModelFixtures.model("munich-full", now: Self.fresh, units: .imperial)
        check(TerminalRenderer(options: TerminalOptions(glyphs: .unicode)).render(model), "show-full-imperial.txt")
    }

    @Test("stale data: expired hours dropped, warning shown")
    func stale() throws {
        let model = try ViewModelFixtures.model("munich-full", now: "2026-02-07T19:40:00+01:00")
        let text = TerminalRenderer(options: TerminalOptions(glyphs: .unicode)).render(model)
        check(text, "show-full-stale.txt")
        let colored = TerminalRenderer(options: TerminalOptions(glyphs: .unicode, color: true)).render(model)
        check(colored, "show-full-stale-color.txt")
    }

    @Test("bridge reports an error")
    func bridgeError() throws {
        let model = try ViewModelFixtures.model("munich-full", now: Self.fresh) { document in
            document.set("status.state", "error")
            document.set(
                "status.last_error",
                [
                    "at": "2026-02-07T16:18:00+01:00", "provider": "open-meteo", "message": "HTTP 503 from open-meteo",
                    "http_status": 503,
                ])
        }
        check(TerminalRenderer(options: TerminalOptions(glyphs: .ascii)).render(model), "show-full-error.txt")
    }

    @Test(
        "sparse recorded payloads",
        arguments: [
            ("munich", "2026-02-07T16:20:00+01:00", GlyphSet.ascii),
            ("newyork", "2026-02-06T23:35:00-05:00", GlyphSet.unicode),
        ])
    func sparse(name: String, now: String, glyphs: GlyphSet) throws {
        let model = try ViewModelFixtures.model(name, now: now)
        let text = TerminalRenderer(options: TerminalOptions(glyphs: glyphs)).render(model)
        check(text, "show-\(name)-\(glyphs.rawValue).txt")
    }

    /// munich-full with a nowcast (rain in 20 minutes) and air quality added.
    static func withNowcastAndAir(_ document: inout JSONObject) {
        let location: JSONValue = document["current"]?["location"] ?? .null
        document["nowcast"] = [
            "location": location, "available": true, "minutes_until_start": 20,
            "summary": "Light rain starting in about 20 min, for 40 min",
        ]
        document["air_quality"] = [
            "location": location,
            "current": ["european_aqi": 27, "us_aqi": 61, "pm2_5": 8.3, "pm10": 12.8, "ozone": .null],
        ]
    }

    @Test("a nowcast line and an air-quality line when those topics arrived; none without them")
    func nowcastAndAir() throws {
        let model = try ViewModelFixtures.model("munich-full", now: Self.fresh, edit: Self.withNowcastAndAir)
        let text = TerminalRenderer(options: TerminalOptions(glyphs: .unicode)).render(model)
        check(text, "show-full-nowcast-air.txt")
        #expect(text.contains("Nowcast: Light rain starting in about 20 min, for 40 min"))
        #expect(text.contains("Air: European AQI 27 (fair) · US AQI 61 (moderate) · PM2.5 8 · PM10 13 µg/m³"))
        let ascii = TerminalRenderer(options: TerminalOptions(glyphs: .ascii)).render(model)
        #expect(ascii.contains("PM2.5 8 - PM10 13 ug/m3"))
        // A location without a nowcast source says why on its topic; show leaves the line out.
        let unavailable = try ViewModelFixtures.model("munich-full", now: Self.fresh) { document in
            document["nowcast"] = [
                "available": false, "minutes_until_start": .null, "summary": "No nowcast for this location: x",
            ]
        }
        let plain = TerminalRenderer(options: TerminalOptions(glyphs: .unicode)).render(unavailable)
        #expect(!plain.contains("Nowcast:") && !plain.contains("Air:"))
    }

    @Test("Pirate Weather's own index on the Air line and the frame's header, named after its scale")
    func providerIndex() throws {
        func model(_ scale: String, _ index: Double) throws -> WeatherViewModel {
            try ViewModelFixtures.model("munich-full", now: Self.fresh) { document in
                document["air_quality"] = [
                    "location": document["current"]?["location"] ?? .null, "provider_index_scale": .string(scale),
                    "current": ["european_aqi": .null, "us_aqi": .null, "provider_index": .number(index)],
                ]
            }
        }
        let renderer = TerminalRenderer(options: TerminalOptions(glyphs: .unicode))
        #expect(renderer.render(try model("us-epa", 42)).contains("Air: US AQI 42 (good)"))
        #expect(renderer.render(try model("eaqi-normalised", 35)).contains("Air: AQI 35 (0-100)"))
        #expect(renderer.render(try model("eccc-aqhi", 3)).contains("Air: AQHI 3"))
        #expect(FrameInput(try model("eccc-aqhi", 3)).airQuality == "AQHI 3")
        #expect(FrameInput(try model("us-epa", 42.4)).airQuality == "AQI 42")
    }

    @Test("the nowcast's sentence said again in the view's language and as of its now, from the payload's fields")
    func nowcastSentence() throws {
        func model(_ language: Language, now: String, intensityUnit: String = "mm/h", peak: Double = 1)
            throws -> WeatherViewModel
        {
            try ViewModelFixtures.model("munich-full", now: now, language: language) { document in
                document["nowcast"] = [
                    "location": document["current"]?["location"] ?? .null, "available": true,
                    "minutes_until_start": 20, "summary": "Light rain starting in about 20 min, for 40 min",
                    "units": ["precipitation_intensity": .string(intensityUnit)],
                    "window_end": "2026-02-07T18:20:00+01:00", "starts_at": "2026-02-07T16:40:00+01:00",
                    "ends_at": "2026-02-07T17:20:00+01:00", "peak_intensity": .number(peak),
                    "precipitation_type": "rain",
                ]
            }
        }
        #expect(try model(.de, now: Self.fresh).nowcastSummary == "Leichter Regen ab in etwa 20 Min., 40 Min. lang")
        #expect(
            try model(.en, now: "2026-02-07T16:30:00+01:00").nowcastSummary
                == "Light rain starting in about 10 min, for 40 min")
        #expect(
            try model(.en, now: Self.fresh, intensityUnit: "in/h", peak: 0.2).nowcastSummary
                == "Moderate rain starting in about 20 min, for 40 min")
        // Past its window the payload's own sentence stands.
        #expect(
            try model(.de, now: "2026-02-07T18:30:00+01:00").nowcastSummary
                == "Light rain starting in about 20 min, for 40 min")
    }

    @Test("the nowcast and air labels are the view's language's words")
    func nowcastAndAirLabels() throws {
        for (language, nowcast, air) in [(Language.de, "In Kürze: ", "Luft: "), (.ja, "直近: ", "空気: ")] {
            let model = try ViewModelFixtures.model(
                "munich-full", now: Self.fresh, language: language, edit: Self.withNowcastAndAir)
            let text = TerminalRenderer(options: TerminalOptions(glyphs: .unicode)).render(model)
            #expect(text.contains(nowcast) && text.contains(air), "\(text)")
            #expect(!text.contains("Nowcast:") && !text.contains("Air:"))
        }
    }

    @Test("the view fits 25 lines and 80 columns")
    func size() throws {
        let model = try ViewModelFixtures.model("munich-full", now: Self.fresh)
        for glyphs in GlyphSet.allCases {
            let text = TerminalRenderer(options: TerminalOptions(glyphs: glyphs)).render(model)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count <= 26, "\(glyphs): \(lines.count) lines")
            for line in lines { #expect(TerminalText.width(String(line)) <= 80, "\(glyphs): \(line)") }
        }
    }
}

@Suite("Terminal warnings")
struct TerminalWarningTests {
    @Test("show credits each warning source of the alerts it lists, once, after the weather's attribution")
    func warningAttribution() throws {
        let credit = "Warnings: MeteoAlarm (EUMETNET) and Deutscher Wetterdienst"
        let model = try ViewModelFixtures.model("munich-full", now: TerminalGoldenTests.fresh) { document in
            document.set("alerts.alerts.0.attribution", .string(credit))
            document.set("alerts.alerts.1.attribution", .string(credit))
        }
        #expect(model.alerts.first?.attribution == credit)
        let text = TerminalRenderer(options: TerminalOptions(glyphs: .ascii, width: 200)).render(model)
        let footer = try #require(text.split(separator: "\n").last { $0.contains("Warnings:") })
        #expect(footer.contains(credit))
        #expect(footer.components(separatedBy: "MeteoAlarm").count == 2)
    }
}
