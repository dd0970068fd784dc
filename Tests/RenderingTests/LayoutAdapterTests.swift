import Foundation
import PanelFrames
import Testing
import WeatherModel
import WireContract

@testable import Rendering

/// The frame input built from the weatherview view model, from recorded payloads (copies in
/// `Golden/frames/inputs/`, so that these tests do not move when the terminal's inputs do).
@Suite("Frame input from the view model")
struct LayoutAdapterTests {
    static func model(
        _ name: String, now: String, units: UnitSettings? = nil, language: Language = .en
    ) throws -> WeatherViewModel {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Golden/frames/inputs/\(name).json").path
        let data = try #require(FileManager.default.contents(atPath: path))
        let document = try JSONParser.parse([UInt8](data))
        let id = document["current"]?["location"]?["id"]?.string ?? name
        var payloads = LocationPayloads(location: id)
        for kind in LocationTopic.allCases {
            guard let json = document[kind.rawValue] else { continue }
            payloads[kind] = TopicPayload(topic: TopicNames(base: "weather").name(.location(id, kind)), json: json)
        }
        return try WeatherViewModel(
            payloads: payloads, now: try #require(ISO8601.date(now)), units: units, language: language)
    }

    @Test("the nowcast strip only when precipitation is within the hour; the AQI when air quality arrived")
    func nowcastAndAir() throws {
        let base = try Self.model("munich-full", now: "2026-02-07T16:20:00+01:00")
        #expect(FrameInput(base).nowcast == nil && FrameInput(base).airQuality == nil)
        func input(minutes: Int?, available: Bool = true) -> FrameInput {
            var model = base
            model.nowcastAvailable = available
            model.nowcastMinutesUntilStart = minutes
            model.nowcastSummary = "Light rain starting in about 20 min, for 40 min"
            model.europeanAQI = 27
            return FrameInput(model)
        }
        #expect(input(minutes: 20).nowcast == "Light rain starting in about 20 min, for 40 min")
        #expect(input(minutes: 0).nowcast != nil)
        #expect(input(minutes: 60).nowcast != nil)
        #expect(input(minutes: 61).nowcast == nil)
        #expect(input(minutes: nil).nowcast == nil)
        #expect(input(minutes: 10, available: false).nowcast == nil)
        #expect(input(minutes: nil).airQuality == "AQI 27")
        #expect(
            FrameBadges.nowcastWordings("Light rain starting in about 20 min, for 40 min") == [
                "Light rain starting in about 20 min, for 40 min", "Light rain starting in about 20 min",
                "Light rain in 20 min",
            ])
    }

    @Test("a fresh reading: values, times of the data, 24 hours from now, days from today")
    func fresh() throws {
        let input = FrameInput(try Self.model("munich-full", now: "2026-02-07T16:20:00+01:00"))
        #expect(input.locationName == "Munich")
        #expect(input.observedAt == "4:15 PM")
        #expect(input.condition == .partlyCloudy && input.isDay)
        #expect(input.temperature == 8.5 && input.feelsLike == 6.1)
        #expect(input.high == 9.5 && input.low == 4.7)
        #expect(input.windDirection == "N" && input.windBearing == 9)
        #expect(input.humidity == "71%")
        #expect(input.sunrise == "7:32 AM" && input.sunset == "5:22 PM")
        #expect(input.hours.count == 24)
        #expect(input.hours.first?.hour == 16)
        // 16:20 is in the second quarter of the 16:00 hour.
        #expect(input.nowFraction == 0.25)
        // Local midnight is marked with the new day's name, once.
        #expect(input.hours.filter { $0.newDay != nil }.map(\.newDay) == ["Sun"])
        #expect(input.hours[8].hour == 0 && input.hours[8].newDay == "Sun")
        #expect(input.days.map(\.label) == ["Today", "Sun", "Mon", "Tue", "Wed", "Thu", "Fri"])
        #expect(input.staleness == .fresh && input.ageText == nil)
        #expect(input.attribution == "Weather data by Open-Meteo.com (CC BY 4.0)")
        // The frame draws (and differs from one without alerts).
        let canvas = FrameRenderer.single(input, width: 800, height: 480)
        #expect(canvas.count(of: .black) > 10_000)
    }

    @Test("hours that are over are gone; the clock moves the now mark and the midnight")
    func clockMoves() throws {
        let later = FrameInput(try Self.model("munich-full", now: "2026-02-07T21:45:00+01:00"))
        #expect(later.hours.first?.hour == 21)
        #expect(abs(later.nowFraction - 0.75) < 1e-9)
        #expect(later.hours.firstIndex { $0.newDay != nil } == 3)
    }

    @Test("old data grows the badge: old, then stale, then very stale")
    func ageing() throws {
        let hourOld = FrameInput(try Self.model("munich-full", now: "2026-02-07T17:16:00+01:00"))
        // Past expires_at (16:30): stale.
        #expect(hourOld.staleness == .stale)
        #expect(hourOld.ageText == "1 h old")
        let dayOld = FrameInput(try Self.model("munich-full", now: "2026-02-08T16:20:00+01:00"))
        #expect(dayOld.staleness == .veryStale)
        #expect(dayOld.ageText == "24 h old")
        #expect(dayOld.observedAt == "Sat 4:15 PM")
    }

    @Test("imperial units reach the frame")
    func units() throws {
        let input = FrameInput(try Self.model("munich-full", now: "2026-02-07T16:20:00+01:00", units: .imperial))
        #expect(abs((input.temperature ?? 0) - 47.3) < 0.01)
        #expect(input.windSpeed?.hasSuffix("mph") == true)
    }

    @Test("the overview has a row per location and the newest time")
    func overview() throws {
        let models = [
            try Self.model("munich-full", now: "2026-02-07T16:20:00+01:00"),
            try Self.model("newyork", now: "2026-02-07T16:20:00+01:00"),
        ]
        let overview = OverviewInput(models)
        #expect(overview.entries.count == 2)
        #expect(overview.entries.map(\.name) == ["Munich", "New York"])
        #expect(overview.observedAt != nil)
    }
}

/// The README's pictures: frames rendered from the recorded payloads, kept in `docs/eink/`.
/// `UPDATE_GOLDEN=1` redraws them; otherwise the test fails when they no longer match.
@Suite("README samples")
struct LayoutReadmeSamples {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/eink").standardizedFileURL

    static let samples: [(file: String, width: Int, height: Int, mode: ColorMode, name: String?)] = [
        ("munich-800x480-bwr.png", 800, 480, .bwr, nil),
        ("munich-400x300-bw.png", 400, 300, .bw, nil),
        ("munich-250x122-bw.png", 250, 122, .bw, nil),
        // The rest of the panels weatherview drives (README, "weather on the wall").
        ("munich-800x480-bw.png", 800, 480, .bw, nil),
        ("munich-296x128-bw.png", 296, 128, .bw, nil),
        // Munich in Russian, Japanese and Hebrew: three fonts and a right-to-left run in one name.
        ("munich-scripts-400x300-bw.png", 400, 300, .bw, "Мюнхен · ミュンヘン · מינכן"),
    ]

    @Test("docs/eink PNGs are what the renderer draws from the fixture")
    func samples() throws {
        let munich = FrameInput(try LayoutAdapterTests.model("munich-full", now: "2026-02-07T16:20:00+01:00"))
        for sample in Self.samples {
            var input = munich
            if let name = sample.name {
                // Needs the Noto fonts; ScriptGoldenTests reports their absence.
                guard ScriptGoldenTests.missingPackages.isEmpty else { continue }
                input.locationName = name
            }
            let canvas = FrameRenderer.single(input, width: sample.width, height: sample.height)
            let png = PNGEncoder.encode(PanelFrame(canvas, mode: sample.mode))
            let url = Self.docs.appendingPathComponent(sample.file)
            if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
                try Data(png).write(to: url)
            } else {
                let stored = try #require(FileManager.default.contents(atPath: url.path), "\(sample.file) missing")
                let same = [UInt8](stored) == png
                #expect(same, "\(sample.file) is out of date: run with UPDATE_GOLDEN=1")
            }
        }
    }
}
