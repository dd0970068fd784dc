/// Ascent, descent and capital height of a font at a size, in whole pixels.
public struct LineMetrics: Sendable, Equatable {
    /// Distance from the baseline up to the top of the tallest glyphs.
    public let ascent: Int
    /// Distance from the baseline down to the bottom of the deepest glyphs.
    public let descent: Int
    /// Height of a hinted capital `H` (and, in DejaVu, of the digits) above the baseline.
    public let capHeight: Int
}

/// One line of text, shaped and placed left to right in visual order, ready to draw.
public struct TextLine: Sendable {
    /// One glyph's place: `x` is the pen position from the line's left edge, `dy` moves the
    /// glyph down from the baseline (negative is up; marks placed by the font's rules).
    public struct Placed: Sendable {
        public enum Shape: Sendable {
            /// A glyph from a font.
            case glyph(GlyphBitmap)
            /// A character no installed font has, drawn as an empty box (tofu) this size.
            case box(width: Int, height: Int)
        }

        public let x: Int
        public let dy: Int
        public let shape: Shape
    }

    /// How far the pen moves over the whole line, in pixels.
    public let width: Int
    public let glyphs: [Placed]
    /// Characters no installed font has (drawn as boxes), in the order of the text.
    public let missing: [Unicode.Scalar]
}

/// A script some text needed and no installed font has, with the text that needed it.
public struct MissingScript: Sendable, Hashable, CustomStringConvertible {
    public let script: Script
    /// The characters that were drawn as boxes.
    public let characters: String

    /// For `render`'s warning: what is missing and which Debian package brings it.
    public var description: String {
        "no installed font has \(script) characters ('\(characters)'), drawn as boxes: "
            + "install \(script.debianPackage) (Debian), or point --font-dir at a directory with such a font"
    }
}
