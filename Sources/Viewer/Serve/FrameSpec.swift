import ConfigurationCore
import PanelFrames
import Rendering
import WeatherModel

/// Everything that decides a served frame's bytes besides the weather and the clock: the key of
/// the frame cache. Built from a `/frames/…` query or from a display's settings and headers.
struct FrameSpec: Sendable, Hashable {
    /// The location of a `single` frame; `nil` for the overview, or for "the first location".
    var location: String?
    var overview = false
    var width = 800
    var height = 480
    var colors = ColorMode.bw
    var rotation = Rotation.none
    var format = ImageFormat.png
    var language = Language.en
    /// A units preset (`metric`, `imperial`, `si`, `uk`); `nil`: the payloads' units.
    var units: String?

    /// The colours a request names: one of ``ColorMode``'s.
    static func colors(_ name: String) -> Result<ColorMode, RequestProblem> {
        if let mode = ColorMode(rawValue: name) { return .success(mode) }
        let drawn = ColorMode.allCases.map(\.rawValue).joined(separator: ", ")
        return .failure(RequestProblem("colors must be one of \(drawn) (got '\(Self.shown(name))')"))
    }

    /// The panel this spec draws for.
    var render: PanelRender {
        PanelRender(
            panel: PanelProfile(
                name: "\(width)x\(height)", width: width, height: height, colors: colors,
                summary: "\(width)×\(height) pixels"),
            colors: colors, rotation: rotation, format: format)
    }

    var unitSettings: UnitSettings? { units.flatMap(UnitSettings.preset(named:)) }

    /// `WxH`, each side 8…4096.
    static func size(_ text: Substring) -> (width: Int, height: Int)? {
        let parts = text.lowercased().split(whereSeparator: { $0 == "x" || $0 == "×" })
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            (8...4096).contains(width), (8...4096).contains(height)
        else { return nil }
        return (width, height)
    }

    /// A value as a message shows it: at most 40 characters of printable ASCII.
    static func shown(_ text: Substring) -> String {
        String(text.prefix(40).map { $0.isASCII && !$0.isNewline && $0 != "\u{7F}" && $0 >= " " ? $0 : "?" })
    }

    static func shown(_ text: String) -> String { shown(Substring(text)) }
}
