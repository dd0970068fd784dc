import FontEngine

extension Canvas {
    /// Where a line of text sits horizontally relative to the `x` it is drawn at.
    public enum TextAlignment: Sendable {
        case left, center, right
    }

    /// Draws one line of `text` with its baseline at `baseline`; returns the width drawn.
    /// Mixed scripts draw whole, right-to-left runs right to left, and a character no
    /// installed font has as a box. On a ``smooth`` canvas text in a solid ink is anti-aliased.
    @discardableResult
    public mutating func draw(
        _ text: String, font: Font, x: Int, baseline: Int, align: TextAlignment = .left, _ paint: Paint = .black
    ) -> Int {
        var smoothInk: Ink?
        if smooth, case .solid(let ink) = paint { smoothInk = ink }
        let line = font.line(text, smooth: smoothInk != nil)
        let left =
            switch align {
            case .left: x
            case .center: x - line.width / 2
            case .right: x - line.width
            }
        for placed in line.glyphs {
            switch placed.shape {
            case .glyph(let glyph):
                let originX = left + placed.x + glyph.left
                let originY = baseline + placed.dy + glyph.top
                if let smoothInk, glyph.isSmooth {
                    for row in 0..<glyph.height {
                        for column in 0..<glyph.width {
                            blend(originX + column, originY + row, smoothInk, coverage: glyph.coverage(column, row))
                        }
                    }
                    continue
                }
                for row in 0..<glyph.height {
                    for column in 0..<glyph.width where glyph.isSet(column, row) {
                        plot(originX + column, originY + row, paint)
                    }
                }
            case .box(let width, let height):
                stroke(RasterRect(x: left + placed.x, y: baseline - height, width: width, height: height), paint)
            }
        }
        return line.width
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
