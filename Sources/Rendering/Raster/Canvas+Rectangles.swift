extension Canvas {
    /// Fills `rect` with `paint`.
    public mutating func fill(_ rect: RasterRect, _ paint: Paint) {
        guard !rect.isEmpty else { return }
        for y in rect.minY..<rect.maxY { span(y: y, from: rect.minX, to: rect.maxX, paint) }
    }

    /// Draws the outline of `rect`, `lineWidth` pixels thick, inside the rectangle.
    public mutating func stroke(_ rect: RasterRect, lineWidth: Int = 1, _ paint: Paint) {
        guard !rect.isEmpty else { return }
        let w = min(lineWidth, (min(rect.width, rect.height) + 1) / 2)
        fill(RasterRect(x: rect.x, y: rect.y, width: rect.width, height: w), paint)
        fill(RasterRect(x: rect.x, y: rect.maxY - w, width: rect.width, height: w), paint)
        fill(RasterRect(x: rect.x, y: rect.y + w, width: w, height: rect.height - 2 * w), paint)
        fill(RasterRect(x: rect.maxX - w, y: rect.y + w, width: w, height: rect.height - 2 * w), paint)
    }

    /// Fills `rect` with its corners rounded to `radius` pixels.
    public mutating func fillRounded(_ rect: RasterRect, radius: Int, _ paint: Paint) {
        guard !rect.isEmpty else { return }
        let r = max(0, min(radius, min(rect.width, rect.height) / 2))
        for row in 0..<rect.height {
            let inset = Self.cornerInset(row: row, height: rect.height, radius: r)
            span(y: rect.y + row, from: rect.minX + inset, to: rect.maxX - inset, paint)
        }
    }

    /// Draws the outline of `rect` with rounded corners, `lineWidth` thick, inside the rectangle.
    public mutating func strokeRounded(_ rect: RasterRect, radius: Int, lineWidth: Int, _ paint: Paint) {
        guard !rect.isEmpty else { return }
        let inner = rect.inset(by: lineWidth)
        let r = max(0, min(radius, min(rect.width, rect.height) / 2))
        let ri = max(0, r - lineWidth)
        for row in 0..<rect.height {
            let y = rect.y + row
            let outer = Self.cornerInset(row: row, height: rect.height, radius: r)
            let innerRow = y - inner.y
            guard !inner.isEmpty, innerRow >= 0, innerRow < inner.height else {
                span(y: y, from: rect.minX + outer, to: rect.maxX - outer, paint)
                continue
            }
            let innerInset = Self.cornerInset(row: innerRow, height: inner.height, radius: ri)
            span(y: y, from: rect.minX + outer, to: inner.minX + innerInset, paint)
            span(y: y, from: inner.maxX - innerInset, to: rect.maxX - outer, paint)
        }
    }

    /// Horizontal dashes along row `y` from `x0` to `x1`: `on` pixels inked, `off` skipped.
    public mutating func dashedHorizontal(y: Int, from x0: Int, to x1: Int, on: Int, off: Int, _ paint: Paint) {
        var x = x0
        while x < x1 {
            span(y: y, from: x, to: min(x + on, x1), paint)
            x += on + off
        }
    }

    /// Vertical dashes along column `x` from `y0` to `y1`.
    public mutating func dashedVertical(x: Int, from y0: Int, to y1: Int, on: Int, off: Int, _ paint: Paint) {
        var y = y0
        while y < y1 {
            fill(RasterRect(x: x, y: y, width: 1, height: min(on, y1 - y)), paint)
            y += on + off
        }
    }

    /// How far in from the side a row of a rounded rectangle starts.
    private static func cornerInset(row: Int, height: Int, radius: Int) -> Int {
        guard radius > 0 else { return 0 }
        let fromEdge = min(row, height - 1 - row)
        guard fromEdge < radius else { return 0 }
        let dy = Double(radius) - (Double(fromEdge) + 0.5)
        let dx = (Double(radius * radius) - dy * dy).squareRoot()
        return Int(pixel: Double(radius) - dx)
    }
}
