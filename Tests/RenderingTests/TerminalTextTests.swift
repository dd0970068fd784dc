import Rendering
import Testing
import WeatherModel

@Suite("Terminal text")
struct TerminalTextTests {
    @Test(
        "cell widths: ASCII, accents, CJK, emoji, combining marks",
        arguments: [
            ("Munich", 6), ("München", 7), ("東京", 4), ("🌧️", 2), ("⛅", 2), ("☁️", 2), ("☁", 1), ("e\u{301}", 1),
            ("\u{E30D}", 1), ("°C", 2), ("\u{1B}", 0),
        ])
    func widths(text: String, cells: Int) {
        #expect(TerminalText.width(text) == cells)
    }

    @Test("clean removes control characters and collapses spaces")
    func clean() {
        #expect(TerminalText.clean("a\u{1B}[31mb") == "a [31mb")
        #expect(TerminalText.clean("two\n\nlines\t x ") == "two lines x")
        #expect(TerminalText.clean("\u{9B}2J\u{202E}abc") == "2J abc")
        #expect(!TerminalText.clean("\u{1B}]0;title\u{07}").unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test("truncate keeps within the cells and marks the cut")
    func truncate() {
        #expect(TerminalText.truncate("Partly cloudy", to: 20) == "Partly cloudy")
        #expect(TerminalText.truncate("Partly cloudy", to: 8) == "Partly…")
        #expect(TerminalText.truncate("Partly cloudy", to: 8, ellipsis: "...") == "Partl...")
        #expect(TerminalText.width(TerminalText.truncate("東京東京東京", to: 5)) <= 5)
        #expect(TerminalText.padLeft("7°", 5) == "   7°")
        #expect(TerminalText.padRight("⛅", 4) == "⛅  ")
    }

    @Test("colour only on a terminal that wants it")
    func colorDecision() {
        #expect(TerminalOptions.wantsColor(isTerminal: true, environment: ["TERM": "xterm-256color"]))
        #expect(!TerminalOptions.wantsColor(isTerminal: false, environment: ["TERM": "xterm-256color"]))
        #expect(!TerminalOptions.wantsColor(isTerminal: true, environment: ["NO_COLOR": "1", "TERM": "xterm"]))
        #expect(!TerminalOptions.wantsColor(isTerminal: true, environment: ["TERM": "dumb"]))
        #expect(TerminalOptions.wantsColor(isTerminal: true, environment: ["NO_COLOR": ""]))
    }

    @Test(
        "ASCII glyphs unless the locale is UTF-8 (LC_ALL, then LC_CTYPE, then LANG)",
        arguments: [
            ([String: String](), GlyphSet.ascii),
            (["LANG": "C"], .ascii),
            (["LANG": "en_US.UTF-8"], .unicode),
            (["LANG": "de_DE.utf8"], .unicode),
            (["LC_ALL": "C", "LANG": "en_US.UTF-8"], .ascii),
            (["LC_ALL": "", "LC_CTYPE": "C.UTF-8", "LANG": "C"], .unicode),
            (["LC_CTYPE": "POSIX", "LANG": "en_US.UTF-8"], .ascii),
        ])
    func defaultGlyphs(environment: [String: String], expected: GlyphSet) {
        #expect(TerminalOptions.defaultGlyphs(environment: environment) == expected)
    }

    @Test("every condition has a glyph in every set, of the width the layout assumes")
    func glyphWidths() {
        for set in GlyphSet.allCases {
            for condition in [nil] + Condition.allCases.map(Optional.some) {
                let glyph = set.glyph(for: condition)
                #expect(glyph.width <= set.cells, "\(set) \(String(describing: condition))")
                if set != .nerd {
                    #expect(TerminalText.width(glyph.text) == glyph.width, "\(set) \(String(describing: condition))")
                }
                if set == .ascii { #expect(glyph.text.unicodeScalars.allSatisfy { $0.isASCII }) }
            }
        }
    }
}
