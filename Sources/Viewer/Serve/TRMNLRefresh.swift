import ConfigurationCore
import FoundationEssentials
import HTTPServer
import PanelFrames
import Rendering
import WeatherModel

/// What a TRMNL device is shown and when it asks again: pure decisions from its settings and
/// headers.
enum TRMNLRefresh {
    /// The frame of a device: its configured size, else its `Width` and `Height` (or `PNG-Width`
    /// and `PNG-Height`) headers, else 800×480; its configured colours, else its model's
    /// (``TRMNLModel``), else black and white; BMP is TRMNL's 1-bit 800×480 picture. Without a
    /// `head` (an image `serve` publishes), the settings' alone.
    static func spec(_ settings: DisplaySettings, head: RequestHead?, defaults: FrameSpec) -> FrameSpec {
        var spec = defaults
        spec.location = settings.location
        spec.overview = settings.layout == "overview"
        if spec.overview { spec.location = nil }
        // The firmware sends Width and Height; KOReader's TRMNL plugin PNG-Width and PNG-Height
        // (usetrmnl/trmnl-koreader, trmnl.koplugin/main.lua, read at ccfa717).
        let width = (head?.header("Width") ?? head?.header("PNG-Width")).flatMap { Int($0) }
        let height = (head?.header("Height") ?? head?.header("PNG-Height")).flatMap { Int($0) }
        if let width, let height, (8...4096).contains(width), (8...4096).contains(height) {
            (spec.width, spec.height) = (width, height)
        }
        if let width = settings.width, let height = settings.height { (spec.width, spec.height) = (width, height) }
        if let mode = TRMNLModel.colors(of: head?.header("Model")) { spec.colors = mode }
        if let name = settings.colors, case .success(let mode) = FrameSpec.colors(name) { spec.colors = mode }
        spec.rotation = Rotation(rawValue: settings.rotate) ?? .none
        if let language = settings.language { spec.language = language }
        spec.units = settings.units ?? spec.units
        if settings.format == "bmp" {
            (spec.format, spec.colors, spec.width, spec.height, spec.rotation) = (.bmp, .bw, 800, 480, .none)
        }
        return spec
    }

    /// Seconds until the device should ask again: until the frame next changes, within the
    /// display's bounds; through its quiet hours (in `zone`, the zone of the location it shows)
    /// to their end.
    static func seconds(toChange: Int, settings: DisplaySettings, now: Date, zone: ZoneInfo) -> Int {
        let bounded = min(max(toChange, settings.refreshMin), settings.refreshMax)
        guard let quiet = settings.quietHours else { return bounded }
        let local = zone.civil(now)
        guard let remaining = quiet.remaining(at: local.hour * 60 + local.minute) else { return bounded }
        return max(bounded, remaining * 60 - local.second)
    }
}
