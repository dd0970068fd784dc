import Rendering
import Testing

/// `TerminalText.width` against characters whose width terminals agree on.
@Suite("Terminal cell widths")
struct CellWidthTests {
    @Test(
        "wide, combining and zero-width characters, one grapheme cluster at a time",
        arguments: [
            // CJK ideographs, kana, fullwidth forms: two cells each.
            ("東京", 4), ("とうきょう", 10), ("カタカナ", 8), ("ＡＢＣ", 6), ("北京市", 6), ("。", 2),
            // Hangul: precomposed syllables, and the same syllable from conjoining jamo (one cluster).
            ("서울", 4), ("\u{1100}\u{1161}\u{11A8}", 2), ("한국어", 6),
            // Latin with combining marks: the marks add nothing.
            ("e\u{301}", 1), ("Ångström", 8), ("A\u{30A}ngstro\u{308}m", 8), ("a\u{336}b\u{336}", 2),
            // Cyrillic, Greek, Hebrew, Arabic: one cell a letter.
            ("Москва", 6), ("Αθήνα", 5), ("תל אביב", 7), ("القاهرة", 7),
            // Emoji: presentation by default, by U+FE0F, ZWJ sequences, flags, keycaps, skin tones.
            ("😀", 2), ("☁\u{FE0F}", 2), ("☁", 1), ("👨‍👩‍👧", 2), ("🏳️‍🌈", 2), ("🇯🇵", 2), ("🇩🇪🇫🇷", 4),
            ("1\u{FE0F}\u{20E3}", 2), ("👍🏽", 2), ("⛅", 2),
            // Invisible: zero-width space, joiner, BOM, soft hyphen shows.
            ("\u{200B}", 0), ("\u{2060}", 0), ("\u{FEFF}", 0), ("\u{AD}", 1), ("\u{1B}", 0),
        ])
    func width(text: String, cells: Int) {
        #expect(TerminalText.width(text) == cells)
    }

    @Test("truncation never splits a grapheme cluster")
    func truncation() {
        let family = "👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧"
        let cut = TerminalText.truncate(family, to: 4)
        #expect(cut == "👨‍👩‍👧…")
        #expect(TerminalText.width(cut) == 3)
        let flags = TerminalText.truncate("🇯🇵🇩🇪🇫🇷", to: 4)
        #expect(flags == "🇯🇵…")
        let accents = TerminalText.truncate("A\u{30A}A\u{30A}A\u{30A}A\u{30A}", to: 3)
        #expect(accents == "A\u{30A}A\u{30A}…")
        let korean = TerminalText.truncate("\u{1100}\u{1161}\u{11A8}\u{1100}\u{1161}\u{11A8}", to: 3)
        #expect(korean == "\u{1100}\u{1161}\u{11A8}…")
        #expect(TerminalText.width(TerminalText.truncate("東京都千代田区", to: 6)) <= 6)
        #expect(TerminalText.padRight("東京", 6) == "東京  ")
        #expect(TerminalText.padLeft("서울", 5) == " 서울")
    }
}
