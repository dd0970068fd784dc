/// Maps an icon's design coordinates (a unit square, `(0, 0)` top left, `(1, 1)` bottom
/// right) onto its box on the canvas, and sets the line weight for its size.
struct IconFrame {
    let x: Double
    let y: Double
    let size: Double
    /// Outline width: heavy enough to read from across the room, never thinner than 1.5 px.
    /// Parts drawn in a ``sub(_:_:_:)`` frame keep the whole icon's weight.
    let stroke: Double

    init(_ box: RasterRect) {
        size = Double(min(box.width, box.height))
        x = Double(box.x) + (Double(box.width) - size) / 2
        y = Double(box.y) + (Double(box.height) - size) / 2
        stroke = max(1.5, (size * 0.055).rounded())
    }

    private init(x: Double, y: Double, size: Double, stroke: Double) {
        self.x = x
        self.y = y
        self.size = size
        self.stroke = stroke
    }

    /// The canvas point for design point `(u, v)`.
    func point(_ u: Double, _ v: Double) -> RasterPoint {
        RasterPoint(x + u * size, y + v * size)
    }

    /// A length in design units, in pixels.
    func length(_ units: Double) -> Double { units * size }

    /// The frame of a sub-square at `(u, v)` with side `side`, in design units.
    func sub(_ u: Double, _ v: Double, _ side: Double) -> IconFrame {
        IconFrame(x: x + u * size, y: y + v * size, size: side * size, stroke: stroke)
    }

    /// The canvas pixels the frame covers, with a margin for strokes.
    var bounds: RasterRect {
        let margin = Int(pixel: size * 0.1, .down) + 2
        return RasterRect(
            x: Int(pixel: x, .down) - margin, y: Int(pixel: y, .down) - margin,
            width: Int(pixel: size, .up) + 2 * margin, height: Int(pixel: size, .up) + 2 * margin)
    }
}
