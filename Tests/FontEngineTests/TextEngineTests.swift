import Foundation
import Testing

@testable import FontEngine

/// The font chain, the run splitting and the missing-glyph report, each on an engine of its
/// own (the frames' shared engine is left alone).
@Suite("Text engine")
struct TextEngineTests {
    static let notoSans = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"
    static let hasHebrew = TextEngine().font(for: "א", bold: false) != nil

    @Test("scripts: Hebrew and Arabic are right to left, Latin, CJK and digits are not")
    func scripts() {
        #expect(Script(of: "א").isRightToLeft && Script(of: "ق").isRightToLeft)
        #expect(!Script(of: "a").isRightToLeft && !Script(of: "東").isRightToLeft)
        #expect(Script(of: "7").isNeutral && Script(of: " ").isNeutral && Script(of: "\u{301}").isInherited)
        #expect(Script(of: "東").code == "Hani" && Script(of: "東").debianPackage == "fonts-noto-cjk")
        #expect(Script(of: "Ж").description == "Cyrillic" && Script(of: "ქ").debianPackage == "fonts-noto-core")
    }

    @Test("a character no font has is a box, reported once per script with the package to install")
    func missing() {
        let engine = TextEngine()
        let line = engine.line("a\u{378}b\u{378}", bold: false, size: 16)
        #expect(line.missing == ["\u{378}", "\u{378}"])
        let boxes = line.glyphs.filter { if case .box = $0.shape { true } else { false } }
        #expect(boxes.count == 2)
        #expect(line.width > engine.line("ab", bold: false, size: 16).width)
        let reported = engine.takeMissingScripts()
        #expect(reported.count == 1)
        #expect(reported.first?.description.contains("install fonts-noto") == true)
        #expect(reported.first?.characters == "\u{378}")
        _ = engine.line("x\u{378}", bold: true, size: 20)
        #expect(engine.takeMissingScripts().isEmpty)
        #expect(engine.line("abc", bold: false, size: 16).missing.isEmpty)
    }

    @Test("fonts in the font directory come first; other scripts still fall back")
    func fontDirectory() throws {
        try #require(FileManager.default.fileExists(atPath: Self.notoSans), "fonts-noto-core is not installed")
        let directory = NSTemporaryDirectory() + "fonts-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/NotoSans-Regular.ttf", withDestinationPath: Self.notoSans)
        try Data("not a font".utf8).write(to: URL(fileURLWithPath: directory + "/broken.ttf"))
        let engine = TextEngine(fontDirectory: directory)
        #expect(engine.font(for: "a", bold: false)?.path == directory + "/NotoSans-Regular.ttf")
        #expect(engine.font(for: "東", bold: false)?.path.contains("CJK") == true)
        #expect(TextEngine().font(for: "a", bold: false)?.path.hasSuffix("DejaVuSans.ttf") == true)
        #expect(engine.useFontDirectory(directory + "/nowhere") == 0)
    }

    @Test("a mixed name is split into runs by font, and every part is drawn")
    func mixed() {
        let engine = TextEngine()
        let line = engine.line("Tokyo 東京 Москва", bold: false, size: 16)
        #expect(line.missing.isEmpty)
        #expect(engine.font(for: "東", bold: false) != engine.font(for: "T", bold: false))
        let parts = ["Tokyo ", "東京", " Москва"].map { engine.line($0, bold: false, size: 16).width }
        #expect(abs(line.width - parts.reduce(0, +)) <= 2)
    }

    @Test("Hebrew runs go right to left, digits inside them left to right", .enabled(if: hasHebrew))
    func rightToLeft() throws {
        let engine = TextEngine()
        // Logical order alef, bet: bet is drawn first (leftmost).
        let pair = engine.line("אב", bold: false, size: 20)
        let bet = engine.line("ב", bold: false, size: 20)
        guard case .glyph(let first) = try #require(pair.glyphs.first?.shape),
            case .glyph(let alone) = try #require(bet.glyphs.first?.shape)
        else { Issue.record("no glyphs"); return }
        #expect(first === alone)
        // "12" keeps its order inside Hebrew: 1 left of 2.
        let number = engine.line("א 12 ב", bold: false, size: 20)
        let one = engine.line("1", bold: false, size: 20).glyphs[0]
        let indexOfOne = number.glyphs.firstIndex {
            if case .glyph(let glyph) = $0.shape, case .glyph(let digit) = one.shape { glyph === digit } else { false }
        }
        let two = engine.line("2", bold: false, size: 20).glyphs[0]
        let indexOfTwo = number.glyphs.firstIndex {
            if case .glyph(let glyph) = $0.shape, case .glyph(let digit) = two.shape { glyph === digit } else { false }
        }
        #expect(try #require(indexOfOne) < #require(indexOfTwo))
    }

    @Test("the same text gives the same glyphs from a fresh engine")
    func deterministic() {
        let text = "Zürich Αθήνα 東京 القاهرة"
        let a = TextEngine().line(text, bold: true, size: 13)
        let b = TextEngine().line(text, bold: true, size: 13)
        #expect(a.width == b.width)
        #expect(a.glyphs.map(\.x) == b.glyphs.map(\.x) && a.glyphs.map(\.dy) == b.glyphs.map(\.dy))
    }
}
