extension Canvas {
    /// How the ends of a thick line look.
    public enum LineCap: Sendable {
        /// Squared off at the end point.
        case butt
        /// A half disc around the end point.
        case round
    }

    /// Draws a straight line `lineWidth` pixels thick. Lines of width 1 or less are drawn
    /// pixel by pixel (Bresenham) so that hairlines never break up.
    public mutating func line(
        from a: RasterPoint, to b: RasterPoint, lineWidth: Double = 1, _ paint: Paint, cap: LineCap = .round
    ) {
        if lineWidth <= 1 {
            hairline(from: a, to: b, paint)
            return
        }
        let dx = b.x - a.x
        let dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        let half = lineWidth / 2
        if length > 0 {
            let nx = -dy / length * half
            let ny = dx / length * half
            fill(
                polygon: [
                    RasterPoint(a.x + nx, a.y + ny), RasterPoint(b.x + nx, b.y + ny),
                    RasterPoint(b.x - nx, b.y - ny), RasterPoint(a.x - nx, a.y - ny),
                ], paint)
        }
        if cap == .round {
            fillCircle(center: a, radius: half, paint)
            fillCircle(center: b, radius: half, paint)
        }
    }

    /// Draws connected line segments through `points` with round joins.
    public mutating func polyline(_ points: [RasterPoint], lineWidth: Double = 1, _ paint: Paint) {
        guard points.count >= 2 else { return }
        for index in 1..<points.count {
            line(from: points[index - 1], to: points[index], lineWidth: lineWidth, paint)
        }
    }

    /// A one-pixel line between the pixels that contain `a` and `b`.
    private mutating func hairline(from a: RasterPoint, to b: RasterPoint, _ paint: Paint) {
        var x0 = Int(pixel: a.x, .down)
        var y0 = Int(pixel: a.y, .down)
        let x1 = Int(pixel: b.x, .down)
        let y1 = Int(pixel: b.y, .down)
        let dx = abs(x1 - x0)
        let dy = -abs(y1 - y0)
        let sx = x0 < x1 ? 1 : -1
        let sy = y0 < y1 ? 1 : -1
        var error = dx + dy
        while true {
            plot(x0, y0, paint)
            if x0 == x1 && y0 == y1 { break }
            let doubled = 2 * error
            if doubled >= dy {
                error += dy
                x0 += sx
            }
            if doubled <= dx {
                error += dx
                y0 += sy
            }
        }
    }
}
