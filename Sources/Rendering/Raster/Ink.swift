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
