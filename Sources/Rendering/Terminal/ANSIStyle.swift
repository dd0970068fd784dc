/// SGR colours and attributes, written only when colour is on.
public struct ANSIStyle: Sendable, Equatable {
    /// SGR parameters (`1`, `31`, …).
    var codes: [String]

    static let bold = ANSIStyle(codes: ["1"])
    static let dim = ANSIStyle(codes: ["2"])
    static let red = ANSIStyle(codes: ["31"])
    static let green = ANSIStyle(codes: ["32"])
    static let yellow = ANSIStyle(codes: ["33"])
    static let blue = ANSIStyle(codes: ["34"])
    static let magenta = ANSIStyle(codes: ["35"])
    static let cyan = ANSIStyle(codes: ["36"])
    static let brightBlue = ANSIStyle(codes: ["94"])
    static let boldRed = ANSIStyle(codes: ["1", "31"])

    /// Both styles at once.
    static func + (lhs: ANSIStyle, rhs: ANSIStyle) -> ANSIStyle { ANSIStyle(codes: lhs.codes + rhs.codes) }

    static let escape = "\u{1B}["
    static let reset = "\u{1B}[0m"

    /// `text` wrapped in this style.
    func apply(_ text: String) -> String {
        text.isEmpty ? text : ANSIStyle.escape + codes.joined(separator: ";") + "m" + text + ANSIStyle.reset
    }

    /// A colour for a temperature (°C): colder blue, warmer red.
    static func temperature(_ celsius: Double) -> ANSIStyle {
        switch celsius {
        case ..<(-10): .magenta
        case ..<0: .brightBlue
        case ..<10: .cyan
        case ..<20: .green
        case ..<28: .yellow
        default: .red
        }
    }
}

/// One output line under construction: text with styles, and the cell column it ends at.
///
/// Glyphs are placed in fixed cell budgets. Without colour the line pads by the glyph's
/// nominal width; with colour it also moves the cursor to the column explicitly (CHA,
/// `ESC [ n G`), so a terminal that draws the glyph wider or narrower stays aligned.
struct TerminalLine {
    let color: Bool
    private(set) var text = ""
    /// Cells written so far (where the cursor stands, 0-based).
    private(set) var column = 0

    init(color: Bool) { self.color = color }

    mutating func add(_ piece: String, _ style: ANSIStyle? = nil) {
        guard !piece.isEmpty else { return }
        if color, let style { text += style.apply(piece) } else { text += piece }
        column += TerminalText.width(piece)
    }

    /// Spaces up to `target` cells (nothing if already there).
    mutating func pad(to target: Int) {
        if target > column { add(String(repeating: " ", count: target - column)) }
    }

    /// `piece` right-aligned so that it ends at `end`.
    mutating func addRight(_ piece: String, endingAt end: Int, _ style: ANSIStyle? = nil) {
        pad(to: end - TerminalText.width(piece))
        add(piece, style)
    }

    /// A glyph in a budget of `cells` cells.
    mutating func addGlyph(_ glyph: Glyph, cells: Int, _ style: ANSIStyle? = nil) {
        let start = column
        if color, let style, !glyph.text.isEmpty { text += style.apply(glyph.text) } else { text += glyph.text }
        column += glyph.width
        if color && glyph.width > 0 && !glyph.text.allSatisfy(\.isASCII) {
            // Put the cursor where the budget ends, whatever width the terminal drew.
            text += ANSIStyle.escape + String(start + cells + 1) + "G"
            column = start + cells
        } else {
            pad(to: start + cells)
        }
    }

    /// The finished line, without trailing spaces.
    var finished: String {
        var result = text
        while result.hasSuffix(" ") { result.removeLast() }
        return result
    }
}
