/// An 8×8 on/off pattern, anchored to the canvas (not to the shape), so that neighbouring
/// shapes filled with the same stipple line up. E-ink has no gray on a two-colour panel; a
/// stipple is how an area reads as "lighter than black" from across the room.
public struct Stipple: Sendable, Hashable {
    /// Eight rows, top to bottom; bit 7 of a row is the leftmost pixel.
    public var rows: [UInt8]

    public init(rows: [UInt8]) {
        precondition(rows.count == 8, "a stipple has eight rows")
        self.rows = rows
    }

    /// Whether the pattern is set at canvas pixel `(x, y)`.
    @inline(__always)
    public func isSet(x: Int, y: Int) -> Bool {
        rows[y & 7] & (0x80 >> UInt8(x & 7)) != 0
    }

    /// The share of pixels set, 0 … 255: the gray a smooth canvas paints instead of the
    /// pattern (a panel with 16 or more grays shows the tint without dots).
    public var coverage: UInt8 {
        UInt8(rows.reduce(0) { $0 + $1.nonzeroBitCount } * 255 / 64)
    }

    /// One pixel in sixteen, evenly spread: a faint tint.
    public static let sparse = Stipple(rows: [0x80, 0x00, 0x08, 0x00, 0x80, 0x00, 0x08, 0x00])
    /// One pixel in four: light gray.
    public static let light = Stipple(rows: [0xAA, 0x00, 0xAA, 0x00, 0xAA, 0x00, 0xAA, 0x00])
    /// Every other pixel: middle gray.
    public static let checker = Stipple(rows: [0xAA, 0x55, 0xAA, 0x55, 0xAA, 0x55, 0xAA, 0x55])
    /// Three pixels in four: dark gray.
    public static let dark = Stipple(rows: [0xFF, 0x55, 0xFF, 0x55, 0xFF, 0x55, 0xFF, 0x55])
    /// Thin diagonal lines rising to the right, four pixels apart.
    public static let diagonal = Stipple(rows: [0x11, 0x22, 0x44, 0x88, 0x11, 0x22, 0x44, 0x88])
}

/// How a shape is filled: one ink everywhere, or an ink where a stipple is set (the canvas
/// shows through elsewhere).
public enum Paint: Sendable, Hashable {
    case solid(Ink)
    case stipple(Stipple, Ink)

    public static let black = Paint.solid(.black)
    public static let white = Paint.solid(.white)
    public static let red = Paint.solid(.red)
}
