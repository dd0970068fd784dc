/// One font at one pixel size: a bitmap per glyph, as rasterised offline from DejaVu Sans
/// by `docs/eink/tools/make_font_tables.py` (format described there).
public struct FontStrike: Sendable {
    /// One character's bitmap and metrics, in pixels.
    public struct Glyph: Sendable {
        /// How far the pen moves after this glyph.
        public let advance: Int
        /// Left edge of the bitmap relative to the pen.
        public let left: Int
        /// Top of the bitmap relative to the baseline (negative is above it).
        public let top: Int
        public let width: Int
        public let height: Int
        /// Rows of `(width + 7) / 8` bytes, most significant bit leftmost.
        let bits: [UInt8]

        /// Whether the glyph's pixel `(x, y)` (relative to the bitmap) is inked.
        @inline(__always)
        func isSet(_ x: Int, _ y: Int) -> Bool {
            bits[y * ((width + 7) / 8) + x / 8] & (0x80 >> UInt8(x % 8)) != 0
        }
    }

    /// The em size the strike was rasterised at.
    public let size: Int
    /// Distance from the baseline up to the top of the tallest glyphs.
    public let ascent: Int
    /// Distance from the baseline down to the bottom of the deepest glyphs.
    public let descent: Int
    /// Height of a capital letter (and, in DejaVu, of the digits) above the baseline.
    public let capHeight: Int
    private let glyphs: [UInt32: Glyph]

    /// Reads a strike from the generated base64 text (whitespace ignored).
    init(base64: String) {
        let bytes = Base64.decode(base64)
        var reader = ByteReader(bytes: bytes)
        size = Int(reader.u16())
        ascent = Int(reader.i16())
        descent = Int(reader.i16())
        capHeight = Int(reader.i16())
        let count = Int(reader.u16())
        var glyphs: [UInt32: Glyph] = [:]
        for _ in 0..<count {
            let codepoint = UInt32(reader.u16())
            let advance = Int(reader.i16())
            let left = Int(reader.i16())
            let top = Int(reader.i16())
            let width = Int(reader.u16())
            let height = Int(reader.u16())
            let bits = reader.bytes((width + 7) / 8 * height)
            glyphs[codepoint] = Glyph(
                advance: advance, left: left, top: top, width: width, height: height, bits: bits)
        }
        self.glyphs = glyphs
    }

    /// The glyph for `scalar`: the strike's own, else a look-alike (a hyphen for the minus
    /// sign, `?` for anything the strike lacks).
    public func glyph(_ scalar: Unicode.Scalar) -> Glyph? {
        if let glyph = glyphs[scalar.value] { return glyph }
        switch scalar.value {
        case 0x2212: return glyphs[0x2D]
        case 0x2013, 0x2014: return glyphs[0x2D]
        case 0xA0: return glyphs[0x20]
        default: return glyphs[0x3F]
        }
    }

    /// Whether the strike has its own glyph for `scalar`.
    public func contains(_ scalar: Unicode.Scalar) -> Bool { glyphs[scalar.value] != nil }
}

/// Little-endian reader over the generated strike data. The data is generated and committed,
/// so a short read is a programming error, not an input error.
private struct ByteReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func u16() -> UInt16 {
        defer { offset += 2 }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    mutating func i16() -> Int16 { Int16(bitPattern: u16()) }

    mutating func bytes(_ count: Int) -> [UInt8] {
        defer { offset += count }
        return Array(bytes[offset..<(offset + count)])
    }
}

/// Standard base64 (RFC 4648) without Foundation; characters outside the alphabet are skipped.
enum Base64 {
    static func decode(_ text: String) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for character in text.utf8 {
            let value: UInt8
            switch character {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = character - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = character - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = character - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            default: continue
            }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return output
    }
}
