import PanelFrames

/// Everything that decides the bytes of a frame besides the weather: which panel, its
/// colours, how it is mounted, the file format and the layout. Same settings and same input
/// give the same bytes. This is the pure call every producer of frames makes (`render`, and
/// a server answering a panel's request): options in, encoded bytes out.
public struct PanelRender: Sendable, Equatable {
    public var panel: PanelProfile
    public var colors: ColorMode
    public var rotation: Rotation
    public var format: ImageFormat

    public init(panel: PanelProfile, colors: ColorMode? = nil, rotation: Rotation = .none, format: ImageFormat = .png) {
        self.panel = panel
        self.colors = colors ?? panel.colors
        self.rotation = rotation
        self.format = format
    }

    /// The size layouts draw at: the panel's, turned for the rotation.
    public var canvasSize: (width: Int, height: Int) {
        rotation.canvasSize(panelWidth: panel.width, panelHeight: panel.height)
    }

    /// The encoded `single` frame of `input`.
    public func encode(_ input: FrameInput) -> [UInt8] {
        format.encode(frame(input))
    }

    /// The encoded `overview` frame of `input`.
    public func encode(_ input: OverviewInput) -> [UInt8] {
        format.encode(frame(input))
    }

    /// `canvas`, quantised for the colours, turned to the panel and encoded.
    public func encode(_ canvas: Canvas) -> [UInt8] {
        format.encode(frame(canvas))
    }

    /// The `single` frame of `input`, before encoding (what a panel driver packs).
    public func frame(_ input: FrameInput) -> PanelFrame {
        let size = canvasSize
        return frame(FrameRenderer.single(input, width: size.width, height: size.height, smooth: colors.isSmooth))
    }

    /// The `overview` frame of `input`, before encoding.
    public func frame(_ input: OverviewInput) -> PanelFrame {
        let size = canvasSize
        return frame(FrameRenderer.overview(input, width: size.width, height: size.height, smooth: colors.isSmooth))
    }

    /// `canvas`, quantised for the colours and turned to the panel.
    public func frame(_ canvas: Canvas) -> PanelFrame {
        PanelFrame(canvas, mode: colors, rotation: rotation)
    }
}
