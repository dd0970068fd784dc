#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension Canvas {
    /// Fills the area enclosed by one or more closed outlines (non-zero winding: an outline
    /// drawn the other way round cuts a hole). A pixel is filled when its centre is inside
    /// (on a smooth canvas, in a solid ink: by the share of it inside).
    public mutating func fill(contours: [[RasterPoint]], _ paint: Paint) {
        var edges: [(x0: Double, y0: Double, x1: Double, y1: Double, winding: Int)] = []
        var top = Double.infinity
        var bottom = -Double.infinity
        for contour in contours where contour.count >= 3 {
            for index in contour.indices {
                let a = contour[index]
                let b = contour[(index + 1) % contour.count]
                guard a.y != b.y else { continue }
                edges.append(a.y < b.y ? (a.x, a.y, b.x, b.y, 1) : (b.x, b.y, a.x, a.y, -1))
                top = min(top, a.y, b.y)
                bottom = max(bottom, a.y, b.y)
            }
        }
        guard !edges.isEmpty else { return }
        if smooth, case .solid(let ink) = paint {
            fillSmooth(edges: edges, top: top, bottom: bottom, ink: ink)
            return
        }
        let firstRow = max(clip.minY, Int(pixel: top - 0.5, .up))
        let lastRow = min(clip.maxY - 1, Int(pixel: bottom - 0.5, .down))
        guard firstRow <= lastRow else { return }
        var crossings: [(x: Double, winding: Int)] = []
        for row in firstRow...lastRow {
            let sampleY = Double(row) + 0.5
            crossings.removeAll(keepingCapacity: true)
            for edge in edges where sampleY >= edge.y0 && sampleY < edge.y1 {
                let t = (sampleY - edge.y0) / (edge.y1 - edge.y0)
                crossings.append((edge.x0 + t * (edge.x1 - edge.x0), edge.winding))
            }
            crossings.sort { $0.x < $1.x }
            var winding = 0
            for index in crossings.indices {
                let before = winding
                winding += crossings[index].winding
                if before == 0, winding != 0, index + 1 < crossings.count {
                    // Entering the shape: find where it is left again.
                    var inside = winding
                    var end = index + 1
                    while end < crossings.count {
                        inside += crossings[end].winding
                        if inside == 0 { break }
                        end += 1
                    }
                    let from = Int(pixel: crossings[index].x - 0.5, .up)
                    let to = Int(pixel: crossings[min(end, crossings.count - 1)].x - 0.5, .down) + 1
                    span(y: row, from: from, to: to, paint)
                }
            }
        }
    }

    /// Fills one closed outline.
    public mutating func fill(polygon: [RasterPoint], _ paint: Paint) {
        fill(contours: [polygon], paint)
    }

    /// Fills the disc of `radius` around `center` (anti-aliased in a solid ink on a smooth canvas).
    public mutating func fillCircle(center: RasterPoint, radius: Double, _ paint: Paint) {
        guard radius > 0 else { return }
        if smooth, case .solid(let ink) = paint {
            let firstRow = max(clip.minY, Int(pixel: center.y - radius - 1, .down))
            let lastRow = min(clip.maxY - 1, Int(pixel: center.y + radius + 1, .up))
            let firstColumn = max(clip.minX, Int(pixel: center.x - radius - 1, .down))
            let lastColumn = min(clip.maxX - 1, Int(pixel: center.x + radius + 1, .up))
            guard firstRow <= lastRow, firstColumn <= lastColumn else { return }
            for row in firstRow...lastRow {
                for column in firstColumn...lastColumn {
                    let distance = Field.circle(
                        RasterPoint(Double(column) + 0.5, Double(row) + 0.5), center: center, radius: radius)
                    blend(column, row, ink, coverage: Self.coverage(distance))
                }
            }
            return
        }
        let firstRow = max(clip.minY, Int(pixel: center.y - radius - 0.5, .up))
        let lastRow = min(clip.maxY - 1, Int(pixel: center.y + radius - 0.5, .down))
        guard firstRow <= lastRow else { return }
        for row in firstRow...lastRow {
            let dy = Double(row) + 0.5 - center.y
            let half = max(0, radius * radius - dy * dy).squareRoot()
            let from = Int(pixel: center.x - half - 0.5, .up)
            let to = Int(pixel: center.x + half - 0.5, .down) + 1
            span(y: row, from: from, to: to, paint)
        }
    }

    /// Draws a circle of `radius` (measured to the middle of the line) `lineWidth` thick.
    public mutating func strokeCircle(center: RasterPoint, radius: Double, lineWidth: Double, _ paint: Paint) {
        strokeArc(center: center, radius: radius, from: 0, to: 360, lineWidth: lineWidth, paint, roundCaps: false)
    }

    /// Draws the arc of a circle from bearing `start` clockwise to bearing `end` (degrees,
    /// 0 = up), `lineWidth` thick, with round ends unless `roundCaps` is false.
    public mutating func strokeArc(
        center: RasterPoint, radius: Double, from start: Double, to end: Double, lineWidth: Double,
        _ paint: Paint, roundCaps: Bool = true
    ) {
        let half = lineWidth / 2
        let outer = radius + half
        let inner = max(0, radius - half)
        var sweep = (end - start).truncatingRemainder(dividingBy: 360)
        if sweep <= 0 { sweep += 360 }
        let full = end - start >= 360
        let firstRow = max(clip.minY, Int(pixel: center.y - outer - 0.5, .up))
        let lastRow = min(clip.maxY - 1, Int(pixel: center.y + outer - 0.5, .down))
        let firstColumn = max(clip.minX, Int(pixel: center.x - outer - 0.5, .up))
        let lastColumn = min(clip.maxX - 1, Int(pixel: center.x + outer - 0.5, .down))
        guard firstRow <= lastRow, firstColumn <= lastColumn else { return }
        for row in firstRow...lastRow {
            let dy = Double(row) + 0.5 - center.y
            for column in firstColumn...lastColumn {
                let dx = Double(column) + 0.5 - center.x
                let distance = (dx * dx + dy * dy).squareRoot()
                guard distance <= outer, distance >= inner else { continue }
                if !full {
                    var bearing = atan2(dx, -dy) * 180 / .pi - start
                    bearing = bearing.truncatingRemainder(dividingBy: 360)
                    if bearing < 0 { bearing += 360 }
                    guard bearing <= sweep else { continue }
                }
                plot(column, row, paint)
            }
        }
        if roundCaps, !full, half >= 1 {
            fillCircle(center: center.moved(radius, bearing: start), radius: half, paint)
            fillCircle(center: center.moved(radius, bearing: end), radius: half, paint)
        }
    }
}
