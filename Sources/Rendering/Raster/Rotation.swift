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
}
