/// A smooth curve through points that never overshoots them: monotone cubic Hermite
/// interpolation with Fritsch–Carlson tangents. Between two neighbouring points the curve
/// stays within their values, so a chart never shows a night colder (or an afternoon warmer)
/// than the forecast — unlike Catmull-Rom, which swings past the data at every turn.
public struct MonotoneCubic: Sendable {
    public let xs: [Double]
    public let ys: [Double]
    /// The slope of the curve at each point.
    public let tangents: [Double]

    /// `xs` must increase strictly; points whose `x` does not are dropped, as are
    /// non-finite values.
    public init(xs: [Double], ys: [Double]) {
        var px: [Double] = []
        var py: [Double] = []
        for (x, y) in zip(xs, ys) where x.isFinite && y.isFinite && (px.last.map { x > $0 } ?? true) {
            px.append(x)
            py.append(y)
        }
        self.xs = px
        self.ys = py
        let count = px.count
        guard count >= 2 else {
            tangents = [Double](repeating: 0, count: count)
            return
        }
        var secants = [Double](repeating: 0, count: count - 1)
        for index in 0..<(count - 1) {
            secants[index] = (py[index + 1] - py[index]) / (px[index + 1] - px[index])
        }
        var m = [Double](repeating: 0, count: count)
        m[0] = secants[0]
        m[count - 1] = secants[count - 2]
        for index in 1..<(count - 1) {
            let before = secants[index - 1]
            let after = secants[index]
            m[index] = before * after <= 0 ? 0 : (before + after) / 2
        }
        for index in 0..<(count - 1) {
            let secant = secants[index]
            if secant == 0 {
                m[index] = 0
                m[index + 1] = 0
                continue
            }
            let alpha = m[index] / secant
            let beta = m[index + 1] / secant
            let length = alpha * alpha + beta * beta
            if length > 9 {
                let tau = 3 / length.squareRoot()
                m[index] = tau * alpha * secant
                m[index + 1] = tau * beta * secant
            }
        }
        tangents = m
    }

    /// The curve's value at `x` (clamped to the first and last point).
    public func value(at x: Double) -> Double? {
        guard let first = xs.first, let last = xs.last else { return nil }
        if xs.count == 1 || x <= first { return ys.first }
        if x >= last { return ys.last }
        var low = 0
        var high = xs.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if xs[middle] <= x { low = middle } else { high = middle }
        }
        let h = xs[high] - xs[low]
        let t = (x - xs[low]) / h
        let t2 = t * t
        let t3 = t2 * t
        return (2 * t3 - 3 * t2 + 1) * ys[low] + (t3 - 2 * t2 + t) * h * tangents[low]
            + (-2 * t3 + 3 * t2) * ys[high] + (t3 - t2) * h * tangents[high]
    }
}
