/// One glyph as FreeType rendered it, with its hinted advance: 1 bit a pixel for a 1-bit
/// panel, or (smooth) 8-bit coverage of the same hinted outline for a panel with 16 or more
/// grays.
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
    /// 1-bit: rows of `pitch` bytes, most significant bit leftmost. Smooth: one coverage byte
    /// per pixel (0 none … 255 full), rows of `pitch` = `width` bytes.
    let bits: [UInt8]
    /// Whether `bits` holds coverage bytes rather than 1-bit rows.
    public let isSmooth: Bool

    init(advance: Int, left: Int, top: Int, width: Int, height: Int, pitch: Int, bits: [UInt8], isSmooth: Bool = false)
    {
        self.advance = advance
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        self.pitch = pitch
        self.bits = bits
        self.isSmooth = isSmooth
    }

    /// Whether the glyph's pixel `(x, y)` (relative to the bitmap) is inked (smooth: at least
    /// half covered).
    @inline(__always)
    public func isSet(_ x: Int, _ y: Int) -> Bool {
        if isSmooth { return bits[y * pitch + x] >= 128 }
        return bits[y * pitch + x / 8] & (0x80 >> UInt8(x % 8)) != 0
    }

    /// How much of pixel `(x, y)` the glyph covers: 0 … 255 (a 1-bit glyph: 0 or 255).
    @inline(__always)
    public func coverage(_ x: Int, _ y: Int) -> UInt8 {
        if isSmooth { return bits[y * pitch + x] }
        return isSet(x, y) ? 255 : 0
    }
}
