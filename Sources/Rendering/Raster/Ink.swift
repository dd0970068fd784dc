/// What a pixel of a ``Canvas`` holds: the colours layouts draw with.
///
/// Layouts always draw in these five inks; a ``ColorMode`` decides at output how each one
/// reaches the panel (red becomes black on a black/white panel, grays become a dither on
/// the two-colour panels).
public enum Ink: UInt8, Sendable, CaseIterable {
    case white = 0
    case lightGray = 1
    case darkGray = 2
    case black = 3
    /// The accent colour of a black/white/red panel.
    case red = 4

    /// How dark the ink is on the scale a smooth canvas blends on, white 0 to black
    /// ``Shade/black``; red is dark gray (smooth canvases are for gray panels).
    var darkness: Int {
        switch self {
        case .white: 0
        case .lightGray: Shade.black / 3
        case .darkGray, .red: Shade.black * 2 / 3
        case .black: Shade.black
        }
    }
}

/// The pixel values of a smooth ``Canvas`` above the inks: a gray between white and black
/// where an edge covers part of a pixel. Value `Shade.base + d` is darkness `d`, 0 (white) to
/// `Shade.black`.
enum Shade {
    static let base = 5
    static let black = 250

    /// The darkness of a pixel value (an ink or a shade).
    @inline(__always)
    static func darkness(_ value: UInt8) -> Int {
        Int(value) >= base ? Int(value) - base : (Ink(rawValue: value) ?? .white).darkness
    }

    /// The pixel value for darkness `d`: white and black as inks, the rest as shades.
    @inline(__always)
    static func value(_ darkness: Int) -> UInt8 {
        darkness <= 0 ? Ink.white.rawValue : darkness >= black ? Ink.black.rawValue : UInt8(base + darkness)
    }
}

/// The colours a panel can show: the one list `render --colors` (and anything else that
/// takes a colour name) parses.
public enum ColorMode: String, Sendable, CaseIterable {
    /// 1 bit per pixel: black or white.
    case bw
    /// Black, white and red, sent to the panel as two 1-bit planes.
    case bwr
    /// Four levels of gray (white, light, dark, black), 2 bits per pixel.
    case gray4
    /// Sixteen levels of gray, 4 bits per pixel (TRMNL X, Inkplate 10's gray mode).
    case gray16
    /// 256 levels of gray, 8 bits per pixel (Kindles, Kobos).
    case gray256

    /// How many distinct levels a quantised pixel can take in this mode.
    public var levelCount: Int {
        switch self {
        case .bw: 2
        case .bwr: 3
        case .gray4: 4
        case .gray16: 16
        case .gray256: 256
        }
    }

    /// Whether the levels are a ramp of grays, 0 white to `levelCount - 1` black.
    public var isGray: Bool { self == .gray4 || self == .gray16 || self == .gray256 }

    /// Whether frames in this mode are drawn smooth (``Canvas/smooth``): text and icon edges
    /// anti-aliased, which takes grays enough for a partly covered pixel to have a level of
    /// its own — 16 or more. The others stay crisp 1-bit drawings.
    public var isSmooth: Bool { levelCount >= 16 }

    /// Bits a pixel takes when packed (raw output): 1 for `bw`, one per plane for `bwr`,
    /// else enough for every level.
    public var bitsPerPixel: Int {
        switch self {
        case .bw, .bwr: 1
        case .gray4: 2
        case .gray16: 4
        case .gray256: 8
        }
    }
}
