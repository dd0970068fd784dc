import FontEngine

/// A typeface at a size, as layouts ask for it: `Font.sans(16)`, `Font.bold(88)`.
///
/// Text is DejaVu Sans (regular or bold) with fallbacks for other scripts, shaped by
/// HarfBuzz and rasterised by FreeType with monochrome hinting (``TextEngine``; see
/// `docs/eink/FONTS.md`). A request picks the largest of the tuned sizes not larger than the
/// size asked for, so a layout's arithmetic gives the same pixels on every box with the
/// same fonts.
public struct Font: Sendable {
    public enum Weight: Sendable { case regular, bold }

    public let weight: Weight
    /// Pixels per em.
    public let size: Int
    private let metrics: LineMetrics

    /// Sizes a request snaps to, per weight. Those above 24 (regular) and 120 (bold), and the
    /// bold 36, 40, 52, 56, 72, 80 and 100, are for frames larger than 800×480; they sit
    /// where no request from the smaller frames falls, so those keep their sizes.
    public static let regularSizes = [11, 13, 16, 20, 24, 28, 32, 36, 40, 48, 56, 64]
    public static let boldSizes = [
        11, 13, 16, 20, 24, 32, 36, 40, 44, 52, 56, 64, 72, 80, 88, 100, 120, 144, 168, 200, 240, 280,
    ]

    private init(weight: Weight, size: Int) {
        self.weight = weight
        self.size = size
        metrics = TextEngine.shared.metrics(bold: weight == .bold, size: size)
    }

    /// DejaVu Sans at about `size` pixels per em.
    public static func sans(_ size: Int) -> Font {
        Font(weight: .regular, size: regularSizes.last { $0 <= size } ?? regularSizes[0])
    }

    /// DejaVu Sans Bold at about `size` pixels per em.
    public static func bold(_ size: Int) -> Font {
        Font(weight: .bold, size: boldSizes.last { $0 <= size } ?? boldSizes[0])
    }

    public var ascent: Int { metrics.ascent }
    public var descent: Int { metrics.descent }
    public var capHeight: Int { metrics.capHeight }
    /// Baseline-to-baseline distance for lines of this font.
    public var lineHeight: Int { metrics.ascent + metrics.descent }

    /// `text` shaped and placed in this font; `smooth` glyphs carry coverage (same places).
    func line(_ text: String, smooth: Bool = false) -> TextLine {
        TextEngine.shared.line(text, bold: weight == .bold, size: size, smooth: smooth)
    }

    /// How wide `text` is when drawn, in pixels.
    public func width(of text: String) -> Int { line(text).width }

    /// `text`, shortened with "…" at the end if needed so that it fits in `maxWidth`. Whole
    /// characters (grapheme clusters) are dropped, never half of one.
    public func truncated(_ text: String, toWidth maxWidth: Int) -> String {
        guard width(of: text) > maxWidth else { return text }
        var characters = Array(text)
        while !characters.isEmpty {
            characters.removeLast()
            while characters.last == " " { characters.removeLast() }
            let shortened = String(characters) + "…"
            if width(of: shortened) <= maxWidth { return shortened }
        }
        return ""
    }

    /// About `factor` times this size, snapped to a tuned size of the same weight.
    func scaled(by factor: Double) -> Font {
        let size = Int(pixel: Double(self.size) * factor)
        return weight == .bold ? .bold(size) : .sans(size)
    }

    /// The next smaller size of the same weight (this one if it is the smallest).
    public func smaller() -> Font {
        let sizes = weight == .bold ? Font.boldSizes : Font.regularSizes
        guard let index = sizes.firstIndex(of: size), index > 0 else { return self }
        return weight == .bold ? .bold(sizes[index - 1]) : .sans(sizes[index - 1])
    }

    /// Whether some installed font has every character of `text` (nothing would be a box).
    public func canDraw(_ text: String) -> Bool { line(text).missing.isEmpty }
}
