/// A picture in memory: one ``Ink`` per pixel, drawn on by layouts and turned into a
/// ``PanelFrame`` (quantised for a ``ColorMode``, rotated) for the encoders.
///
/// Drawing outside the canvas is clipped, never an error. Nothing here is anti-aliased: a
/// pixel is inked when its centre is inside the shape, which is what keeps 1-bit output crisp.
public struct Canvas: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row-major, top to bottom; `Ink.rawValue` per pixel.
    public private(set) var pixels: [UInt8]
    /// Drawing is limited to this rectangle (the whole canvas unless a layout narrows it).
    public var clip: RasterRect

    public init(width: Int, height: Int, background: Ink = .white) {
        precondition(width > 0 && height > 0, "a canvas has at least one pixel")
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: background.rawValue, count: width * height)
        clip = RasterRect(x: 0, y: 0, width: width, height: height)
    }

    /// The whole canvas as a rectangle.
    public var bounds: RasterRect { RasterRect(x: 0, y: 0, width: width, height: height) }

    /// The ink at `(x, y)`; white outside the canvas.
    public subscript(x: Int, y: Int) -> Ink {
        guard x >= 0, y >= 0, x < width, y < height else { return .white }
        return Ink(rawValue: pixels[y * width + x]) ?? .white
    }

    /// Puts `paint` at pixel `(x, y)`, if it is inside the clip rectangle.
    @inline(__always)
    public mutating func plot(_ x: Int, _ y: Int, _ paint: Paint) {
        guard x >= clip.minX, y >= clip.minY, x < clip.maxX, y < clip.maxY,
            let ink = paint.ink(x: x, y: y)
        else { return }
        pixels[y * width + x] = ink.rawValue
    }

    /// Paints pixels `x0..<x1` of row `y` (clipped).
    public mutating func span(y: Int, from x0: Int, to x1: Int, _ paint: Paint) {
        guard y >= clip.minY, y < clip.maxY else { return }
        let start = max(x0, clip.minX)
        let end = min(x1, clip.maxX)
        guard start < end else { return }
        let row = y * width
        switch paint {
        case .solid(let ink):
            for x in start..<end { pixels[row + x] = ink.rawValue }
        case .stipple(let pattern, let ink):
            for x in start..<end where pattern.isSet(x: x, y: y) { pixels[row + x] = ink.rawValue }
        }
    }

    /// Runs `body` with drawing limited to `rect` (within the current clip), then restores it.
    public mutating func clipped(to rect: RasterRect, _ body: (inout Canvas) -> Void) {
        let saved = clip
        clip = clip.intersection(rect)
        body(&self)
        clip = saved
    }

    /// How many pixels hold `ink`.
    public func count(of ink: Ink) -> Int {
        pixels.reduce(0) { $0 + ($1 == ink.rawValue ? 1 : 0) }
    }
}
