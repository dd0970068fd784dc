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
}

/// The colours a panel can show.
public enum ColorMode: String, Sendable, CaseIterable {
    /// 1 bit per pixel: black or white.
    case bw
    /// Black, white and red, sent to the panel as two 1-bit planes.
    case bwr
    /// Four levels of gray (white, light, dark, black), 2 bits per pixel.
    case gray4

    /// How many distinct levels a quantised pixel can take in this mode.
    public var levelCount: Int {
        switch self {
        case .bw: 2
        case .bwr: 3
        case .gray4: 4
        }
    }
}
