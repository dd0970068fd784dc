import WeatherModel

/// The `displays:` section: what `weatherview serve` shows each network display (SPEC §8).
public struct DisplaysSettings: Sendable, Equatable {
    /// What a device not listed under `devices` gets.
    public enum Unknown: String, Sendable, CaseIterable {
        /// The `default:` display (the default: a new TRMNL pointed at the server shows the weather).
        case `default`
        /// `404 not registered` (TRMNL's setup then tells the device its MAC is not registered).
        case refuse
    }

    /// `unknown:` (default `default`).
    public var unknown: Unknown = .default
    /// `default:`: what a device not listed shows (every key but `mac` and `name`).
    public var fallback = DisplaySettings()
    /// `devices:`, in file order.
    public var devices: [DisplaySettings] = []

    public init() {}

    /// The settings of the device whose MAC (as its `ID` header sends it) or name is `id`,
    /// compared without case; `nil` when it is not listed.
    public func device(_ id: String) -> DisplaySettings? {
        let wanted = id.lowercased()
        return devices.first { $0.mac?.lowercased() == wanted || $0.name?.lowercased() == wanted }
    }
}

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

/// A daily span of local time, `start` to `end` in minutes after midnight (across midnight
/// when `end` is not after `start`).
public struct QuietHours: Sendable, Equatable {
    public var start: Int
    public var end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// `23:00-06:00`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 2, let start = Self.minutes(parts[0]), let end = Self.minutes(parts[1]), start != end
        else { return nil }
        self.init(start: start, end: end)
    }

    /// Minutes from `minute` (after local midnight) to the end of the quiet hours, or `nil`
    /// when `minute` is outside them.
    public func remaining(at minute: Int) -> Int? {
        let inside = start < end ? (start..<end).contains(minute) : (minute >= start || minute < end)
        guard inside else { return nil }
        return (end - minute + 1440) % 1440
    }

    private static func minutes(_ text: Substring) -> Int? {
        let parts = text.trimmingPrefix(" ").split(separator: ":")
        guard parts.count == 2, parts[1].count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
            (0...23).contains(hours), (0...59).contains(minutes)
        else { return nil }
        return hours * 60 + minutes
    }
}
