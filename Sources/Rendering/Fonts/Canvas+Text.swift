extension Canvas {
    /// Where a line of text sits horizontally relative to the `x` it is drawn at.
    public enum TextAlignment: Sendable {
        case left, center, right
    }

    /// Draws one line of `text` with its baseline at `baseline`; returns the width drawn.
    @discardableResult
    public mutating func draw(
        _ text: String, font: Font, x: Int, baseline: Int, align: TextAlignment = .left, _ paint: Paint = .black
    ) -> Int {
        let width = font.width(of: text)
        var pen =
            switch align {
            case .left: x
            case .center: x - width / 2
            case .right: x - width
            }
        for scalar in text.unicodeScalars {
            guard let glyph = font.strike.glyph(scalar) else { continue }
            let originX = pen + glyph.left
            let originY = baseline + glyph.top
            for row in 0..<glyph.height {
                for column in 0..<glyph.width where glyph.isSet(column, row) {
                    plot(originX + column, originY + row, paint)
                }
            }
            pen += glyph.advance
        }
        return width
    }

    /// Draws `text` so that its capitals are vertically centred in `rect` (digits and
    /// capitals look centred; descenders hang below).
    @discardableResult
    public mutating func draw(
        _ text: String, font: Font, in rect: RasterRect, align: TextAlignment = .left, _ paint: Paint = .black
    ) -> Int {
        let baseline = rect.y + (rect.height + font.capHeight) / 2
        let x =
            switch align {
            case .left: rect.x
            case .center: rect.midX
            case .right: rect.maxX
            }
        return draw(text, font: font, x: x, baseline: baseline, align: align, paint)
    }
}
