#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The parts weather icons are assembled from, each drawn in an ``IconFrame``'s design units.
extension Canvas {
    /// How a cloud is filled.
    enum CloudStyle {
        /// White inside a black outline: covers what is behind it.
        case outline
        /// Light gray inside a black outline: a cloud further back.
        case shaded
        /// Solid black: a heavy, dark cloud.
        case dark
    }

    /// A sun: a disc and eight rays.
    mutating func sun(_ frame: IconFrame, paint: Paint = .black) {
        let center = frame.point(0.5, 0.5)
        fillCircle(center: center, radius: frame.length(0.2), paint)
        let inner = frame.length(0.3)
        let outer = frame.length(0.46)
        for index in 0..<8 {
            let bearing = Double(index) * 45
            line(
                from: center.moved(inner, bearing: bearing), to: center.moved(outer, bearing: bearing),
                lineWidth: frame.stroke * 1.1, paint)
        }
    }

    /// A crescent moon, opening to the upper right, with two small stars when `stars`.
    mutating func moon(_ frame: IconFrame, stars: Bool, paint: Paint = .black) {
        let body = frame.point(0.46, 0.54)
        let radius = frame.length(0.32)
        let bite = frame.point(0.66, 0.38)
        let biteRadius = frame.length(0.27)
        fill(
            field: { p in
                max(Field.circle(p, center: body, radius: radius), -Field.circle(p, center: bite, radius: biteRadius))
            }, in: frame.bounds, paint)
        if stars && frame.size >= 28 {
            star(at: frame.point(0.8, 0.2), radius: frame.length(0.09), paint: paint)
            star(at: frame.point(0.9, 0.5), radius: frame.length(0.06), paint: paint)
        }
    }

    /// A four-pointed twinkle.
    mutating func star(at center: RasterPoint, radius: Double, paint: Paint) {
        let waist = radius * 0.28
        fill(
            polygon: [
                RasterPoint(center.x, center.y - radius), RasterPoint(center.x + waist, center.y - waist),
                RasterPoint(center.x + radius, center.y), RasterPoint(center.x + waist, center.y + waist),
                RasterPoint(center.x, center.y + radius), RasterPoint(center.x - waist, center.y + waist),
                RasterPoint(center.x - radius, center.y), RasterPoint(center.x - waist, center.y - waist),
            ], paint)
    }

    /// The sun by day, the moon by night.
    mutating func sky(_ frame: IconFrame, isDay: Bool, stars: Bool = false) {
        if isDay { sun(frame) } else { moon(frame, stars: stars) }
    }

    /// A cumulus cloud filling the width of `frame`, flat bottom at about 0.84.
    mutating func cloud(_ frame: IconFrame, style: CloudStyle) {
        let bumps = [
            (frame.point(0.28, 0.62), frame.length(0.2)),
            (frame.point(0.55, 0.43), frame.length(0.27)),
            (frame.point(0.8, 0.63), frame.length(0.18)),
        ]
        let baseLeft = frame.point(0.24, 0.7)
        let baseRight = frame.point(0.8, 0.7)
        let baseRadius = frame.length(0.14)
        let shape: (RasterPoint) -> Double = { p in
            var distance = Field.capsule(p, from: baseLeft, to: baseRight, radius: baseRadius)
            for (center, radius) in bumps { distance = min(distance, Field.circle(p, center: center, radius: radius)) }
            return distance
        }
        switch style {
        case .dark:
            fill(field: shape, in: frame.bounds, .black)
        case .outline, .shaded:
            outline(
                field: shape, in: frame.bounds, lineWidth: frame.stroke, .black,
                interior: style == .shaded ? .solid(.lightGray) : .white)
        }
    }

    /// A raindrop hanging from `top`, `height` long.
    mutating func drop(top: RasterPoint, height: Double, paint: Paint = .black) {
        let radius = height * 0.32
        let center = RasterPoint(top.x, top.y + height - radius)
        // The tip's tangent lines touch the circle at ±asin(r/d) off the vertical.
        let distance = center.y - top.y
        let angle = asin(min(1, radius / distance))
        var outline = [top]
        let steps = 16
        for step in 0...steps {
            // From the right tangent point round the bottom to the left one.
            let start = 90 - angle * 180 / .pi
            let bearing = start + (360 - 2 * start) * Double(step) / Double(steps)
            outline.append(center.moved(radius, bearing: bearing))
        }
        fill(polygon: outline, paint)
    }

    /// A snowflake: three crossing bars with little branches when there is room.
    mutating func snowflake(center: RasterPoint, radius: Double, lineWidth: Double, paint: Paint = .black) {
        for index in 0..<3 {
            let bearing = Double(index) * 60
            line(
                from: center.moved(radius, bearing: bearing), to: center.moved(radius, bearing: bearing + 180),
                lineWidth: lineWidth, paint)
            guard radius >= 12 else { continue }
            for arm in [bearing, bearing + 180] {
                let fork = center.moved(radius * 0.6, bearing: arm)
                line(from: fork, to: fork.moved(radius * 0.35, bearing: arm - 45), lineWidth: lineWidth, paint)
                line(from: fork, to: fork.moved(radius * 0.35, bearing: arm + 45), lineWidth: lineWidth, paint)
            }
        }
    }

    /// A lightning bolt from the top of `frame` to the bottom.
    mutating func bolt(_ frame: IconFrame, paint: Paint) {
        fill(
            polygon: [
                frame.point(0.55, 0.0), frame.point(0.16, 0.56), frame.point(0.45, 0.56),
                frame.point(0.32, 1.0), frame.point(0.84, 0.38), frame.point(0.55, 0.38), frame.point(0.72, 0.0),
            ], paint)
    }

    /// A horizontal line with round ends, for fog.
    mutating func fogLine(_ frame: IconFrame, y: Double, from x0: Double, to x1: Double) {
        line(from: frame.point(x0, y), to: frame.point(x1, y), lineWidth: frame.stroke * 1.2, .black)
    }

    /// A gust: a line that ends in a curl, the way weather maps draw wind.
    mutating func gust(_ frame: IconFrame, y: Double, from x0: Double, to x1: Double, curl: Double, up: Bool) {
        let radius = frame.length(curl)
        let end = frame.point(x1, y)
        line(from: frame.point(x0, y), to: end, lineWidth: frame.stroke, .black)
        // The curl turns back over (or under) the line's end.
        let center = RasterPoint(end.x, end.y + (up ? -radius : radius))
        if up {
            strokeArc(center: center, radius: radius, from: -30, to: 180, lineWidth: frame.stroke, .black)
        } else {
            strokeArc(center: center, radius: radius, from: 0, to: 210, lineWidth: frame.stroke, .black)
        }
    }

    /// A hailstone: a disc with a white highlight when large enough.
    mutating func hailstone(center: RasterPoint, radius: Double) {
        fillCircle(center: center, radius: radius, .black)
    }

    /// A warning triangle with an exclamation mark.
    mutating func warning(_ frame: IconFrame, paint: Paint) {
        let top = frame.point(0.5, 0.08)
        let left = frame.point(0.04, 0.9)
        let right = frame.point(0.96, 0.9)
        let corner = frame.stroke
        fill(field: { p in Self.triangleField(p, top, left, right) - corner }, in: frame.bounds, paint)
        let bar = frame.length(0.06)
        line(from: frame.point(0.5, 0.36), to: frame.point(0.5, 0.62), lineWidth: 2 * bar, .white)
        fillCircle(center: frame.point(0.5, 0.76), radius: bar * 1.1, .white)
    }

    /// Signed distance to a triangle (Inigo Quilez's formula), for rounded corners.
    private static func triangleField(_ p: RasterPoint, _ a: RasterPoint, _ b: RasterPoint, _ c: RasterPoint) -> Double
    {
        func edge(_ from: RasterPoint, _ to: RasterPoint) -> (distance: Double, side: Double) {
            let ex = to.x - from.x
            let ey = to.y - from.y
            let px = p.x - from.x
            let py = p.y - from.y
            let t = max(0, min(1, (px * ex + py * ey) / (ex * ex + ey * ey)))
            let dx = px - ex * t
            let dy = py - ey * t
            return (dx * dx + dy * dy, ex * py - ey * px)
        }
        let edges = [edge(a, b), edge(b, c), edge(c, a)]
        let nearest = edges.map(\.distance).min()!
        let orientation = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
        let inside = edges.allSatisfy { $0.side * orientation >= 0 }
        return nearest.squareRoot() * (inside ? -1 : 1)
    }
}
