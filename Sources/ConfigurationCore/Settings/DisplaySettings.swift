import WeatherModel

/// One display's keys. Every key may be left out: the device's own headers (size) or the
/// renderer's defaults apply.
public struct DisplaySettings: Sendable, Equatable {
    /// `mac:` as the device sends it in `ID` (`AA:BB:CC:DD:EE:FF`).
    public var mac: String?
    /// `name:`: the friendly id shown for the device, and how logs name it.
    public var name: String?
    /// `location:`: the location shown (default: the first the bridge announces).
    public var location: String?
    /// `layout:`: `single` (one location) or `overview` (every location).
    public var layout: String?
    /// `size:` `WxH` (default: the device's `Width`/`Height` headers, else 800×480).
    public var width: Int?
    public var height: Int?
    /// `colors:` one of ``DisplaySettings/colorNames`` (default: bw).
    public var colors: String?
    /// `rotate:` 0, 90, 180 or 270 (clockwise).
    public var rotate = 0
    /// `lang:`.
    public var language: Language?
    /// `units:` a preset (`metric`, `imperial`, `si`, `uk`); default: those the bridge publishes.
    public var units: String?
    /// `refresh_min:`, `refresh_max:` (seconds): the bounds of the `refresh_rate` a TRMNL is told.
    public var refreshMin = 300
    public var refreshMax = 3600
    /// `quiet_hours: "23:00-06:00"`: minutes after local midnight; no refresh in between.
    public var quietHours: QuietHours?
    /// `format:` `png` (default) or `bmp` (1-bit, 800×480 only: TRMNL's fixed 48,062-byte BMP).
    public var format = "png"
    /// `psram: true`: the device takes images over 90,000 bytes (TRMNL X-class boards).
    public var psram = false

    /// The colour names a display may ask for; the renderer draws a subset (serve says which).
    public static let colorNames = ["bw", "bwr", "gray4", "gray16", "gray256"]

    public init() {}
}
