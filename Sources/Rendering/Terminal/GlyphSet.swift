import WeatherModel

/// The symbols a terminal view draws conditions with.
///
/// Glyph widths differ between terminals (an emoji with VS16 takes one cell in some and two
/// in others; Nerd Font icons often spill into the next cell), so every set has a fixed
/// `cells` budget per glyph. Views put each glyph in its own column of that many cells and
/// pad by the glyph's nominal width, or, with ANSI output, move the cursor to the next
/// column explicitly, so the rest of the line stays aligned whatever the terminal does.
public enum GlyphSet: String, Sendable, CaseIterable {
    /// Four-letter ASCII codes (`sun`, `rain`); the default when the locale is not UTF-8.
    case ascii
    /// Single-cell symbols from the Unicode BMP (`☼`, `☁`, `☂`).
    case unicode
    /// Emoji (`🌞`, `⛅`, `🌧️`), two cells.
    case emoji
    /// Nerd Font weather icons (nf-weather-*, U+E300–U+E3EB); need a Nerd Font.
    case nerd

    /// Cells reserved for one glyph.
    public var cells: Int { self == .ascii ? 4 : 2 }

    /// Whether text around the glyphs must stay ASCII (`C`, not `°C`; `-`, not `–`).
    public var isASCII: Bool { self == .ascii }

    /// A condition's glyph; `isDay` picks night variants where the set has them.
    public func glyph(for condition: Condition?, isDay: Bool? = nil) -> Glyph {
        guard let condition else { return unknown }
        let night = isDay == false
        switch self {
        case .ascii:
            let code = Self.asciiCodes[condition] ?? "?"
            return Glyph(code, width: code.count)
        case .unicode: return Glyph(Self.unicodeSymbols[condition] ?? "?", width: 1)
        case .emoji:
            if night && condition == .partlyCloudy { return Glyph("☁️", width: 2) }
            return Glyph(Self.emojiSymbols[condition] ?? "❔", width: 2)
        case .nerd:
            if night && condition == .partlyCloudy { return Glyph("\u{E379}", width: 1) }
            return Glyph(Self.nerdSymbols[condition] ?? "\u{E374}", width: 1)
        }
    }

    /// Drawn where a reading has no condition.
    public var unknown: Glyph {
        switch self {
        case .ascii: Glyph("", width: 0)
        case .unicode: Glyph("·", width: 1)
        case .emoji: Glyph("", width: 0)
        case .nerd: Glyph("\u{E374}", width: 1)
        }
    }

    /// Marks an alert or a stale warning.
    public var warning: Glyph {
        switch self {
        case .ascii: Glyph("!", width: 1)
        case .unicode: Glyph("⚠", width: 1)
        case .emoji: Glyph("⚠️", width: 2)
        case .nerd: Glyph("\u{E3C6}", width: 1)
        }
    }

    public var sunrise: Glyph {
        switch self {
        case .ascii: Glyph("", width: 0)
        case .unicode: Glyph("↑", width: 1)
        case .emoji: Glyph("🌅", width: 2)
        case .nerd: Glyph("\u{E34C}", width: 1)
        }
    }

    public var sunset: Glyph {
        switch self {
        case .ascii: Glyph("", width: 0)
        case .unicode: Glyph("↓", width: 1)
        case .emoji: Glyph("🌇", width: 2)
        case .nerd: Glyph("\u{E34D}", width: 1)
        }
    }

    static let asciiCodes: [Condition: String] = [
        .sunny: "sun", .clearNight: "clr", .partlyCloudy: "pcld", .cloudy: "cld", .fog: "fog",
        .rainy: "rain", .pouring: "RAIN", .snowy: "snow", .snowyRainy: "slt", .hail: "hail",
        .lightning: "ltng", .lightningRainy: "tstm", .windy: "wind", .windyVariant: "wcld", .exceptional: "!!!",
    ]

    static let unicodeSymbols: [Condition: String] = [
        .sunny: "☼", .clearNight: "☾", .partlyCloudy: "◐", .cloudy: "☁", .fog: "≡", .rainy: "☂",
        .pouring: "⛆", .snowy: "❄", .snowyRainy: "☃", .hail: "∴", .lightning: "ϟ", .lightningRainy: "☈",
        .windy: "≋", .windyVariant: "≈", .exceptional: "!",
    ]

    static let emojiSymbols: [Condition: String] = [
        .sunny: "☀️", .clearNight: "🌙", .partlyCloudy: "⛅", .cloudy: "☁️", .fog: "🌫️", .rainy: "🌧️",
        .pouring: "☔", .snowy: "🌨️", .snowyRainy: "🌨️", .hail: "🧊", .lightning: "🌩️", .lightningRainy: "⛈️",
        .windy: "💨", .windyVariant: "🌬️", .exceptional: "❗",
    ]

    /// nf-weather-day_sunny, night_clear, day_cloudy, cloudy, fog, showers, rain, snow,
    /// sleet, hail, lightning, thunderstorm, strong_wind, cloudy_windy, storm_warning.
    static let nerdSymbols: [Condition: String] = [
        .sunny: "\u{E30D}", .clearNight: "\u{E32B}", .partlyCloudy: "\u{E302}", .cloudy: "\u{E312}",
        .fog: "\u{E313}", .rainy: "\u{E319}", .pouring: "\u{E318}", .snowy: "\u{E31A}", .snowyRainy: "\u{E3AD}",
        .hail: "\u{E314}", .lightning: "\u{E315}", .lightningRainy: "\u{E31D}", .windy: "\u{E34B}",
        .windyVariant: "\u{E311}", .exceptional: "\u{E3C6}",
    ]
}

/// One symbol and the cells it nominally takes.
public struct Glyph: Sendable, Equatable {
    public var text: String
    /// Nominal width in cells (what a common terminal draws).
    public var width: Int

    public init(_ text: String, width: Int) {
        self.text = text
        self.width = width
    }
}
