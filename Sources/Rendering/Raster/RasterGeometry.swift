#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A point in canvas coordinates: `x` to the right, `y` down, in pixels. Pixel `(i, j)` covers
/// the square from `(i, j)` to `(i + 1, j + 1)`; its centre is `(i + 0.5, j + 0.5)`.
public struct RasterPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    public init(_ x: Int, _ y: Int) {
        self.init(Double(x), Double(y))
    }

    /// The point `distance` away from this one in the direction `degrees` (0 = up, clockwise,
    /// like a compass bearing).
    public func moved(_ distance: Double, bearing degrees: Double) -> RasterPoint {
        let radians = degrees * .pi / 180
        return RasterPoint(x + distance * sin(radians), y - distance * cos(radians))
    }
}

/// A rectangle of whole pixels.
public struct RasterRect: Sendable, Hashable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Int { x }
    public var minY: Int { y }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var midX: Int { x + width / 2 }
    public var midY: Int { y + height / 2 }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Smaller on every side by `amount` (larger for a negative amount).
    public func inset(by amount: Int) -> RasterRect {
        RasterRect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }

    /// Smaller by the given amounts on each side.
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> RasterRect {
        RasterRect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
    }

    /// The part of this rectangle that is also inside `other` (empty when they do not meet).
    public func intersection(_ other: RasterRect) -> RasterRect {
        let left = max(minX, other.minX)
        let top = max(minY, other.minY)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        return RasterRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }
}

extension Int {
    /// A pixel coordinate from a computed one: rounded the given way, NaN taken as 0 and
    /// anything beyond ±1,000,000 clamped, so that no value from a payload can trap a
    /// conversion.
    init(pixel value: Double, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) {
        guard value.isFinite else {
            self = value.isNaN ? 0 : (value > 0 ? 1_000_000 : -1_000_000)
            return
        }
        self = Int(Swift.max(-1_000_000, Swift.min(1_000_000, value.rounded(rule))))
    }
}
