/// How the picture is turned on its way to the panel, clockwise. A panel mounted in portrait
/// is drawn on a canvas of the turned size (480×800 for an 800×480 panel at 90°) and the
/// frame comes out in the panel's own orientation.
public enum Rotation: Int, Sendable, CaseIterable {
    case none = 0
    case quarter = 90
    case half = 180
    case threeQuarters = 270

    public init?(degrees: Int) {
        self.init(rawValue: ((degrees % 360) + 360) % 360)
    }

    /// Whether width and height trade places.
    public var swapsAxes: Bool { self == .quarter || self == .threeQuarters }

    /// The size of the canvas to draw on for a panel of `width`×`height` pixels.
    public func canvasSize(panelWidth width: Int, panelHeight height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// `values`, one per pixel of a `width`×`height` picture (rows top to bottom), turned
    /// clockwise: the one pixel loop for frames and pictures alike.
    public func turn<Value>(_ values: [Value], width: Int, height: Int) -> [Value] {
        guard self != .none else { return values }
        let (newWidth, newHeight) = swapsAxes ? (height, width) : (width, height)
        var turned = values
        for y in 0..<newHeight {
            for x in 0..<newWidth {
                let source: Int
                switch self {
                case .none: source = y * width + x
                case .quarter: source = (height - 1 - x) * width + y
                case .half: source = (height - 1 - y) * width + (width - 1 - x)
                case .threeQuarters: source = x * width + (width - 1 - y)
                }
                turned[y * newWidth + x] = values[source]
            }
        }
        return turned
    }
}
