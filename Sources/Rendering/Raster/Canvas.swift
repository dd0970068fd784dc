/// A picture in memory: one ``Ink`` per pixel, drawn on by layouts and turned into a
/// ``PanelFrame`` (quantised for a ``ColorMode``, rotated) for the encoders.
///
/// Drawing outside the canvas is clipped, never an error. A pixel is inked when its centre
/// is inside the shape, which is what keeps 1-bit output crisp — unless the canvas is
/// ``smooth``: then text, icon shapes and discs drawn in a solid ink blend it into the
/// pixels their edges partly cover (anti-aliasing, for panels with 16 or more grays).
public struct Canvas: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row-major, top to bottom; `Ink.rawValue` per pixel, or on a smooth canvas a gray
    /// between white and black above the inks (``Shade``).
    public private(set) var pixels: [UInt8]
    /// Drawing is limited to this rectangle (the whole canvas unless a layout narrows it).
    public var clip: RasterRect
    /// Whether edges are anti-aliased (``ColorMode/isSmooth``).
    public let smooth: Bool

    public init(width: Int, height: Int, background: Ink = .white, smooth: Bool = false) {
        precondition(width > 0 && height > 0, "a canvas has at least one pixel")
        self.width = width
        self.height = height
        self.smooth = smooth
        pixels = [UInt8](repeating: background.rawValue, count: width * height)
        clip = RasterRect(x: 0, y: 0, width: width, height: height)
    }

    /// The whole canvas as a rectangle.
    public var bounds: RasterRect { RasterRect(x: 0, y: 0, width: width, height: height) }

    /// The ink at `(x, y)` (a blended gray: the nearest gray ink); white outside the canvas.
    public subscript(x: Int, y: Int) -> Ink {
        guard x >= 0, y >= 0, x < width, y < height else { return .white }
        let value = pixels[y * width + x]
        if let ink = Ink(rawValue: value) { return ink }
        let step = (Shade.darkness(value) * 3 + Shade.black / 2) / Shade.black
        return [Ink.white, .lightGray, .darkGray, .black][step]
    }

    /// Puts `paint` at pixel `(x, y)`, if it is inside the clip rectangle. On a smooth canvas a
    /// stipple is its ink blended by the pattern's share (a tint, not dots).
    @inline(__always)
    public mutating func plot(_ x: Int, _ y: Int, _ paint: Paint) {
        guard x >= clip.minX, y >= clip.minY, x < clip.maxX, y < clip.maxY else { return }
        switch paint {
        case .solid(let ink):
            pixels[y * width + x] = ink.rawValue
        case .stipple(let pattern, let ink) where smooth:
            blend(x, y, ink, coverage: pattern.coverage)
        case .stipple(let pattern, let ink):
            if pattern.isSet(x: x, y: y) { pixels[y * width + x] = ink.rawValue }
        }
    }

    /// Lays `ink` over pixel `(x, y)` (inside the clip) where it covers `coverage` of it (0 …
    /// 255): what is there shows through the rest. Full coverage is a ``plot(_:_:_:)``.
    @inline(__always)
    public mutating func blend(_ x: Int, _ y: Int, _ ink: Ink, coverage: UInt8) {
        guard coverage > 0, x >= clip.minX, y >= clip.minY, x < clip.maxX, y < clip.maxY else { return }
        guard coverage < 255 else {
            pixels[y * width + x] = ink.rawValue
            return
        }
        let under = Shade.darkness(pixels[y * width + x])
        let over = ink.darkness
        pixels[y * width + x] = Shade.value(
            under + ((over - under) * Int(coverage) + (over > under ? 127 : -127)) / 255)
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
        case .stipple(let pattern, let ink) where smooth:
            let coverage = pattern.coverage
            for x in start..<end { blend(x, y, ink, coverage: coverage) }
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
