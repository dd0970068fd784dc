extension Canvas {
    /// Paints the pixels of `area` whose centre has a field value `<= 0` — a signed distance
    /// field: negative inside a shape, positive outside, in pixels. Icons build their shapes
    /// from such fields because unions (`min`), cut-outs (`max(a, -b)`) and outlines
    /// (`abs(d) - w`) are one line each and stay crisp at any size. On a ``smooth`` canvas a
    /// solid ink covers a pixel by `0.5 - d` (clamped): the edge is anti-aliased.
    mutating func fill(field: (RasterPoint) -> Double, in area: RasterRect, _ paint: Paint) {
        let area = area.intersection(clip)
        guard !area.isEmpty else { return }
        if smooth, case .solid(let ink) = paint {
            for y in area.minY..<area.maxY {
                for x in area.minX..<area.maxX {
                    blend(x, y, ink, coverage: Self.coverage(field(RasterPoint(Double(x) + 0.5, Double(y) + 0.5))))
                }
            }
            return
        }
        for y in area.minY..<area.maxY {
            for x in area.minX..<area.maxX where field(RasterPoint(Double(x) + 0.5, Double(y) + 0.5)) <= 0 {
                plot(x, y, paint)
            }
        }
    }
}

extension Canvas {
    /// Paints the shape of `field` as an outline `lineWidth` thick (measured inwards from the
    /// true edge, so the line keeps its weight where parts of a union meet) with `interior`
    /// inside it.
    mutating func outline(
        field: (RasterPoint) -> Double, in area: RasterRect, lineWidth: Double, _ paint: Paint, interior: Paint
    ) {
        let area = area.intersection(clip)
        guard !area.isEmpty else { return }
        let width = area.width
        var depth = [Double](repeating: 1, count: area.width * area.height)
        for y in 0..<area.height {
            for x in 0..<width {
                depth[y * width + x] = field(RasterPoint(Double(area.x + x) + 0.5, Double(area.y + y) + 0.5))
            }
        }
        let reach = Int(pixel: lineWidth, .up)
        var offsets: [(Int, Int)] = []
        for dy in -reach...reach {
            for dx in -reach...reach where Double(dx * dx + dy * dy) <= lineWidth * lineWidth {
                offsets.append((dx, dy))
            }
        }
        var smoothInk: Ink?
        if smooth, case .solid(let ink) = paint { smoothInk = ink }
        for y in 0..<area.height {
            for x in 0..<width {
                let value = depth[y * width + x]
                if let smoothInk, value > 0 {
                    // Just outside: the outline's anti-aliased outer edge.
                    blend(area.x + x, area.y + y, smoothInk, coverage: Self.coverage(value))
                    continue
                }
                guard value <= 0 else { continue }
                // A union's field never overstates depth, so a deep value is surely interior.
                var onEdge = false
                if value > -lineWidth {
                    for (dx, dy) in offsets {
                        let nx = x + dx
                        let ny = y + dy
                        if nx < 0 || ny < 0 || nx >= width || ny >= area.height || depth[ny * width + nx] > 0 {
                            onEdge = true
                            break
                        }
                    }
                }
                if onEdge, let smoothInk, value > -0.5 {
                    // The part of the pixel outside the shape keeps what was under it.
                    blend(area.x + x, area.y + y, smoothInk, coverage: Self.coverage(value))
                } else {
                    plot(area.x + x, area.y + y, onEdge ? paint : interior)
                }
            }
        }
    }

    /// How much of a pixel whose centre is `distance` from a shape's edge (negative inside)
    /// the shape covers: 0 … 255, half at the edge.
    @inline(__always)
    static func coverage(_ distance: Double) -> UInt8 {
        let covered = 0.5 - distance
        return covered <= 0 ? 0 : covered >= 1 ? 255 : UInt8(covered * 255 + 0.5)
    }
}

/// Signed distance fields for the shapes icons are made of (pixels; negative inside).
enum Field {
    static func circle(_ p: RasterPoint, center: RasterPoint, radius: Double) -> Double {
        let dx = p.x - center.x
        let dy = p.y - center.y
        return (dx * dx + dy * dy).squareRoot() - radius
    }

    /// A segment from `a` to `b` thickened by `radius` (a stadium; a line with round caps).
    static func capsule(_ p: RasterPoint, from a: RasterPoint, to b: RasterPoint, radius: Double) -> Double {
        let abx = b.x - a.x
        let aby = b.y - a.y
        let apx = p.x - a.x
        let apy = p.y - a.y
        let lengthSquared = abx * abx + aby * aby
        let t = lengthSquared == 0 ? 0 : max(0, min(1, (apx * abx + apy * aby) / lengthSquared))
        let dx = apx - t * abx
        let dy = apy - t * aby
        return (dx * dx + dy * dy).squareRoot() - radius
    }
}
