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

    /// Whether frames in this mode are drawn smooth (Rendering's `Canvas.smooth`): text and icon edges
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
