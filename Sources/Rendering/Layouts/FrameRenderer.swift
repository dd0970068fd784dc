/// Which picture `weatherview render --layout` draws.
public enum FrameLayout: String, Sendable, CaseIterable {
    /// One location in detail.
    case single
    /// Every location, one row each.
    case overview
}

/// Draws frames: picks the layout made for the canvas's size and shape.
public enum FrameRenderer {
    /// A `single` frame of `input` on a canvas of `width`×`height` (already turned for the
    /// panel's rotation). Small canvases (either side ≤ 150, or ≤ 300 wide) get the compact
    /// layout, tall ones the portrait layout. A `smooth` canvas has anti-aliased text and
    /// icons (``ColorMode/isSmooth``); the layout is the same.
    public static func single(_ input: FrameInput, width: Int, height: Int, smooth: Bool = false) -> Canvas {
        var canvas = Canvas(width: width, height: height, smooth: smooth)
        if height > width {
            PortraitLayout(input: input).draw(on: &canvas)
        } else if width <= 300 || height <= 150 {
            CompactLayout(input: input).draw(on: &canvas)
        } else {
            LandscapeLayout(input: input, scale: .landscape(width: width, height: height)).draw(on: &canvas)
        }
        return canvas
    }

    /// An `overview` frame of every location in `input`.
    public static func overview(_ input: OverviewInput, width: Int, height: Int, smooth: Bool = false) -> Canvas {
        var canvas = Canvas(width: width, height: height, smooth: smooth)
        OverviewLayout(input: input).draw(on: &canvas)
        return canvas
    }
}
