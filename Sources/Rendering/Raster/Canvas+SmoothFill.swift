extension Canvas {
    /// Sub-samples a side of a pixel has when a smooth canvas fills a polygon: 4 × 4 per pixel.
    private static let samples = 4

    /// Fills the area inside `edges` (non-zero winding) in `ink`, each pixel covered by the
    /// share of its 4 × 4 sample points inside: the anti-aliased form of ``fill(contours:_:)``
    /// for a smooth canvas.
    mutating func fillSmooth(
        edges: [(x0: Double, y0: Double, x1: Double, y1: Double, winding: Int)], top: Double, bottom: Double,
        ink: Ink
    ) {
        let left = edges.map { min($0.x0, $0.x1) }.min() ?? 0
        let right = edges.map { max($0.x0, $0.x1) }.max() ?? 0
        let firstRow = max(clip.minY, Int(pixel: top, .down))
        let lastRow = min(clip.maxY - 1, Int(pixel: bottom, .up))
        let firstColumn = max(clip.minX, Int(pixel: left, .down))
        let lastColumn = min(clip.maxX - 1, Int(pixel: right, .up))
        guard firstRow <= lastRow, firstColumn <= lastColumn else { return }
        let n = Self.samples
        var cover = [Int](repeating: 0, count: lastColumn - firstColumn + 1)
        var crossings: [(x: Double, winding: Int)] = []
        for row in firstRow...lastRow {
            for index in cover.indices { cover[index] = 0 }
            for sub in 0..<n {
                let sampleY = Double(row) + (Double(sub) + 0.5) / Double(n)
                crossings.removeAll(keepingCapacity: true)
                for edge in edges where sampleY >= edge.y0 && sampleY < edge.y1 {
                    let t = (sampleY - edge.y0) / (edge.y1 - edge.y0)
                    crossings.append((edge.x0 + t * (edge.x1 - edge.x0), edge.winding))
                }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                var start = 0.0
                for crossing in crossings {
                    let before = winding
                    winding += crossing.winding
                    if before == 0, winding != 0 { start = crossing.x }
                    guard before != 0, winding == 0 else { continue }
                    // Sample columns whose centres lie in [start, crossing.x).
                    let from = max(firstColumn * n, Int(pixel: start * Double(n) - 0.5, .up))
                    let to = min((lastColumn + 1) * n, Int(pixel: crossing.x * Double(n) - 0.5, .up))
                    guard from < to else { continue }
                    for sample in from..<to { cover[sample / n - firstColumn] += 1 }
                }
            }
            for (index, count) in cover.enumerated() where count > 0 {
                blend(firstColumn + index, row, ink, coverage: UInt8(count * 255 / (n * n)))
            }
        }
    }
}
