import Foundation
import PanelFrames
import Rendering
import TestSupport
import Testing
import WeatherModel

/// `weatherview show` and e-ink frames in other languages than English, compared with golden
/// files (`UPDATE_GOLDEN=1` rewrites them; read the text and look at the PNGs first).
@Suite("Languages: golden terminal output and frames")
struct LanguageGoldenTests {
    static let fresh = "2026-02-07T16:20:00+01:00"
    static let stale = "2026-02-07T19:40:00+01:00"

    func check(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        if let difference = Golden.check(text, "RenderingTests/Golden/terminal/" + name) {
            Issue.record(Comment(rawValue: difference), sourceLocation: sourceLocation)
        }
    }

    @Test(
        "show in German, French and Polish: every word, date and the 24-hour clock", arguments: [Language.de, .fr, .pl])
    func latin(language: Language) throws {
        let model = try ViewModelFixtures.model("munich-full", now: Self.fresh, language: language)
        let text = TerminalRenderer(options: TerminalOptions(glyphs: .unicode)).render(model)
        check(text, "show-full-\(language.rawValue).txt")
        let words = language.messages
        for word in [words.feelsLike, words.hoursHeading, words.daysHeading, words.today, words.sunrise] {
            #expect(text.contains(word), "\(word) missing")
        }
        #expect(!text.contains(" PM") && !text.contains("Feels like") && !text.contains("Hours"))
        #expect(text.contains("17:00"))
    }

    @Test("stale data in German: the warning and its reasons")
    func staleGerman() throws {
        let model = try ViewModelFixtures.model("munich-full", now: Self.stale, language: .de)
        let text = TerminalRenderer(options: TerminalOptions(glyphs: .unicode)).render(model)
        check(text, "show-full-stale-de.txt")
        #expect(text.contains("Veraltet: abgelaufen 16:30"))
    }

    @Test("a Japanese name and Japanese words keep every column aligned")
    func japanese() throws {
        let model = try ViewModelFixtures.model("munich-full", now: Self.fresh, language: .ja) { document in
            for kind in ["current", "hourly", "daily", "alerts"] { document.set("\(kind).location.name", "東京都 千代田区") }
        }
        let text = TerminalRenderer(options: TerminalOptions(glyphs: .unicode)).render(model)
        check(text, "show-full-ja.txt")
        try Self.expectAligned(text, width: 79, language: .ja)
    }

    @Test("a Cyrillic name in Russian, and a CJK name in English, stay within the width")
    func cyrillicAndCJK() throws {
        let russian = try ViewModelFixtures.model("munich-full", now: Self.fresh, language: .ru) { document in
            for kind in ["current", "hourly", "daily", "alerts"] { document.set("\(kind).location.name", "Москва") }
        }
        let text = TerminalRenderer(options: TerminalOptions(glyphs: .unicode)).render(russian)
        check(text, "show-full-ru.txt")
        try Self.expectAligned(text, width: 79, language: .ru)

        let cjk = try ViewModelFixtures.model("munich-full", now: Self.fresh) { document in
            for kind in ["current", "hourly", "daily", "alerts"] {
                document.set("\(kind).location.name", "東京 🇯🇵 👨‍👩‍👧 Tōkyō (とうきょう) 東京都千代田区丸の内一丁目")
            }
        }
        let english = TerminalRenderer(options: TerminalOptions(glyphs: .emoji)).render(cjk)
        check(english, "show-full-cjk-name.txt")
        try Self.expectAligned(english, width: 79, language: .en)
    }

    /// No line wider than `width` cells, and the hours table's columns end where its first
    /// row's do.
    static func expectAligned(_ text: String, width: Int, language: Language) throws {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for line in lines { #expect(TerminalText.width(line) <= width, "too wide: \(line)") }
        #expect(!text.contains("\u{FFFD}"))
        let start = try #require(lines.firstIndex { $0.hasPrefix(language.messages.hoursHeading) })
        let rows = [lines[start]] + lines[(start + 2)...].prefix { !$0.isEmpty }
        #expect(rows.count >= 3)
        let ends = Set(rows.map(TerminalText.width))
        #expect(ends.count == 1, "hour columns end at \(ends.sorted()) cells")
    }

    /// The frames a kitchen wall in Berlin, Lyon or Kraków shows: every panel size, fresh and
    /// (in German) stale, with the fixture's two alerts.
    static let frames: [(language: Language, width: Int, height: Int, now: String)] = [
        (.de, 800, 480, fresh), (.de, 400, 300, fresh), (.de, 250, 122, fresh), (.de, 800, 480, stale),
        (.fr, 800, 480, fresh), (.fr, 400, 300, fresh), (.fr, 250, 122, fresh),
        (.pl, 800, 480, fresh), (.pl, 400, 300, fresh), (.pl, 250, 122, stale),
    ]

    @Test("frames in German, French and Polish match their golden PNGs")
    func frames() throws {
        let folder = TestPaths.testsFolder + "/RenderingTests/Golden/frames/languages/"
        for item in Self.frames {
            let model = try LayoutAdapterTests.model("munich-full", now: item.now, language: item.language)
            let input = FrameInput(model)
            #expect(input.language == item.language)
            let canvas = FrameRenderer.single(input, width: item.width, height: item.height)
            let png = PNGEncoder.encode(PanelFrame(canvas, mode: .bw))
            let name =
                "munich-\(item.language.rawValue)-\(item.width)x\(item.height)"
                + (item.now == Self.stale ? "-stale" : "") + ".png"
            if ProcessInfo.processInfo.environment["UPDATE_GOLDEN"] == "1" {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                try Data(png).write(to: URL(fileURLWithPath: folder + name))
                continue
            }
            let stored = try #require(FileManager.default.contents(atPath: folder + name), "\(name) missing")
            #expect([UInt8](stored) == png, "\(name) changed: run with UPDATE_GOLDEN=1 and look at it")
        }
    }

    @Test("the frame adapter takes its words from the language")
    func frameWords() throws {
        let german = FrameInput(try LayoutAdapterTests.model("munich-full", now: Self.fresh, language: .de))
        #expect(german.days.first?.label == "Heute")
        #expect(german.days.dropFirst().first?.label == "So")
        #expect(german.observedAt == "16:15")
        #expect(german.sunrise == "07:32")
        #expect(german.summary == "Teilweise bewölkt")  // the language's word, not the payload's English
        let english = FrameInput(try LayoutAdapterTests.model("munich-full", now: Self.fresh))
        #expect(english.summary == "Partly cloudy")  // the payload's own summary
        let old = FrameInput(
            try LayoutAdapterTests.model("munich-full", now: "2026-02-07T19:40:00+01:00", language: .de))
        #expect(old.ageText == "vor 3 Std.")
        let japanese = FrameInput(try LayoutAdapterTests.model("munich-full", now: Self.fresh, language: .ja))
        #expect(japanese.days.first?.label == "今日")
    }
}
