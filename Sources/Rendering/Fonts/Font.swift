/// A typeface at a size, as layouts ask for it: `Font.sans(16)`, `Font.bold(88)`.
///
/// Text comes from bitmap strikes of DejaVu Sans and DejaVu Sans Bold (see
/// `docs/eink/FONTS.md`). A request picks the largest strike not larger than the size asked
/// for. The largest bold strikes (64, 88, 120) hold only what a temperature needs: digits,
/// signs, `°`, `%`, `C`, `F`.
public struct Font: Sendable {
    public enum Weight: Sendable { case regular, bold }

    public let weight: Weight
    let strike: FontStrike

    /// Sizes with a strike, per weight.
    public static let regularSizes = [11, 13, 16, 20, 24]
    public static let boldSizes = [11, 13, 16, 20, 24, 32, 44, 64, 88, 120]
    /// Bold sizes whose strike has every character (the others only numerals).
    public static let boldTextSizes = [11, 13, 16, 20, 24, 32, 44]

    /// DejaVu Sans at about `size` pixels per em.
    public static func sans(_ size: Int) -> Font {
        Font(weight: .regular, strike: regularStrike(size))
    }

    /// DejaVu Sans Bold at about `size` pixels per em.
    public static func bold(_ size: Int) -> Font {
        Font(weight: .bold, strike: boldStrike(size))
    }

    /// The strike's em size.
    public var size: Int { strike.size }
    public var ascent: Int { strike.ascent }
    public var descent: Int { strike.descent }
    public var capHeight: Int { strike.capHeight }
    /// Baseline-to-baseline distance for lines of this font.
    public var lineHeight: Int { strike.ascent + strike.descent }

    /// How wide `text` is when drawn, in pixels.
    public func width(of text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (strike.glyph($1)?.advance ?? 0) }
    }

    /// `text`, shortened with "…" at the end if needed so that it fits in `maxWidth`.
    public func truncated(_ text: String, toWidth maxWidth: Int) -> String {
        guard width(of: text) > maxWidth else { return text }
        var scalars = Array(text.unicodeScalars)
        while !scalars.isEmpty {
            scalars.removeLast()
            while scalars.last == " " { scalars.removeLast() }
            var candidate = String.UnicodeScalarView()
            candidate.append(contentsOf: scalars)
            let shortened = String(candidate) + "…"
            if width(of: shortened) <= maxWidth { return shortened }
        }
        return ""
    }

    /// The next smaller strike of the same weight (this one if it is the smallest).
    public func smaller() -> Font {
        let sizes = weight == .bold ? Font.boldSizes : Font.regularSizes
        guard let index = sizes.firstIndex(of: size), index > 0 else { return self }
        return weight == .bold ? .bold(sizes[index - 1]) : .sans(sizes[index - 1])
    }

    /// Whether every character of `text` has its own glyph in this font's strike.
    public func canDraw(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { strike.contains($0) || $0 == "\u{2212}" }
    }

    private static func regularStrike(_ size: Int) -> FontStrike {
        switch size {
        case ..<13: .sans11
        case 13..<16: .sans13
        case 16..<20: .sans16
        case 20..<24: .sans20
        default: .sans24
        }
    }

    private static func boldStrike(_ size: Int) -> FontStrike {
        switch size {
        case ..<13: .bold11
        case 13..<16: .bold13
        case 16..<20: .bold16
        case 20..<24: .bold20
        case 24..<32: .bold24
        case 32..<44: .bold32
        case 44..<64: .bold44
        case 64..<88: .bold64
        case 88..<120: .bold88
        default: .bold120
        }
    }
}
