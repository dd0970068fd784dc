/// One glyph as FreeType rendered it for a 1-bit panel, with its hinted advance.
public final class GlyphBitmap: Sendable {
    /// How far the pen moves after this glyph, in whole pixels (hinted).
    public let advance: Int
    /// Left edge of the bitmap relative to the pen.
    public let left: Int
    /// Top of the bitmap relative to the baseline (negative is above it).
    public let top: Int
    public let width: Int
    public let height: Int
    /// Bytes per row.
    let pitch: Int
    /// Rows of `pitch` bytes, most significant bit leftmost.
    let bits: [UInt8]

    init(advance: Int, left: Int, top: Int, width: Int, height: Int, pitch: Int, bits: [UInt8]) {
        self.advance = advance
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        self.pitch = pitch
        self.bits = bits
    }

    /// Whether the glyph's pixel `(x, y)` (relative to the bitmap) is inked.
    @inline(__always)
    public func isSet(_ x: Int, _ y: Int) -> Bool {
        bits[y * pitch + x / 8] & (0x80 >> UInt8(x % 8)) != 0
    }
}
