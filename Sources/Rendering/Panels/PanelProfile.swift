import PanelFrames

/// An e-ink panel as `weatherview render` knows it: its size in pixels (landscape, as the
/// layouts see it) and the colours it can show. Profiles are data; anything not listed is
/// `--size WxH`.
public struct PanelProfile: Sendable, Hashable {
    /// The name `--panel` takes.
    public let name: String
    public let width: Int
    public let height: Int
    /// The colours the panel shows; `--colors` may ask for fewer (a bwr panel can take bw).
    public let colors: ColorMode
    /// One line for `--help` and error messages.
    public let summary: String

    public init(name: String, width: Int, height: Int, colors: ColorMode, summary: String) {
        self.name = name
        self.width = width
        self.height = height
        self.colors = colors
        self.summary = summary
    }

    /// The panels with a name. The small Waveshare panels are portrait in their controller's
    /// memory (122×250, 128×296); their drivers accept a landscape image, or render with
    /// `--rotate 90` for raw bytes in the controller's own order.
    public static let all: [PanelProfile] = [
        PanelProfile(
            name: "waveshare-7in5-v2", width: 800, height: 480, colors: .bw,
            summary: "Waveshare 7.5\" e-Paper V2, black/white"),
        PanelProfile(
            name: "waveshare-7in5b-v2", width: 800, height: 480, colors: .bwr,
            summary: "Waveshare 7.5\" e-Paper (B) V2, black/white/red"),
        PanelProfile(
            name: "waveshare-4in2", width: 400, height: 300, colors: .bw,
            summary: "Waveshare 4.2\" e-Paper, black/white"),
        PanelProfile(
            name: "waveshare-2in9", width: 296, height: 128, colors: .bw,
            summary: "Waveshare 2.9\" e-Paper, black/white"),
        PanelProfile(
            name: "waveshare-2in13-v4", width: 250, height: 122, colors: .bw,
            summary: "Waveshare 2.13\" e-Paper V4, black/white"),
        PanelProfile(
            name: "trmnl", width: 800, height: 480, colors: .bw,
            summary: "TRMNL (7.5\", 1-bit), e.g. for a BYOS server"),
    ]

    /// The profile called `name` (case-insensitive).
    public static func named(_ name: String) -> PanelProfile? {
        all.first { $0.name == name.lowercased() }
    }

    /// A profile for `--size WxH` (`800x480`, `800×480`); black/white unless told otherwise.
    /// Each side must be 8…4096 pixels.
    public static func size(_ text: String, colors: ColorMode = .bw) -> PanelProfile? {
        let parts = text.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (8...4096).contains(width), (8...4096).contains(height)
        else { return nil }
        return PanelProfile(
            name: "\(width)x\(height)", width: width, height: height, colors: colors,
            summary: "\(width)×\(height) pixels")
    }
}
