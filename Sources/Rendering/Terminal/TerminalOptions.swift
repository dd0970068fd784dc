import WeatherModel

/// How `TerminalRenderer` draws: glyphs, colour, units, width.
public struct TerminalOptions: Sendable, Equatable {
    public var glyphs: GlyphSet
    /// ANSI colours and cursor positioning; off means plain text without a single ESC byte.
    public var color: Bool
    /// Temperatures in °C and °F side by side.
    public var bothUnits: Bool
    /// Cells per line.
    public var width: Int
    /// Entries of the next-hours table.
    public var hourCount: Int
    /// Entries of the next-days table.
    public var dayCount: Int
    /// Alerts listed before "and N more".
    public var alertCount: Int

    public init(
        glyphs: GlyphSet = .ascii, color: Bool = false, bothUnits: Bool = false, width: Int = 79,
        hourCount: Int = 12, dayCount: Int = 7, alertCount: Int = 3
    ) {
        self.glyphs = glyphs
        self.color = color
        self.bothUnits = bothUnits
        self.width = width
        self.hourCount = hourCount
        self.dayCount = dayCount
        self.alertCount = alertCount
    }

    /// The glyph set for a locale (`LC_ALL`, else `LC_CTYPE`, else `LANG`): `unicode` when it
    /// names UTF-8, `ascii` otherwise (including `C` and `POSIX`).
    public static func defaultGlyphs(environment: [String: String]) -> GlyphSet {
        isUTF8Locale(environment: environment) ? .unicode : .ascii
    }

    /// Whether the effective locale's character set is UTF-8.
    public static func isUTF8Locale(environment: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let lowered = locale.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }

    /// `--color auto`: only on a terminal, with `NO_COLOR` unset (or empty) and `TERM` not `dumb`.
    public static func wantsColor(isTerminal: Bool, environment: [String: String]) -> Bool {
        guard isTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return true
    }
}
