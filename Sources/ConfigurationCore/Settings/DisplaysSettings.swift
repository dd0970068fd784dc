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
    /// `images:`: frames `serve` publishes as Home Assistant image entities (default: none);
    /// each has `name`, `location`, `layout`, `size`, `colors`, `rotate`, `lang` and `units`.
    public var images: [DisplaySettings] = []

    /// The id of an image (its topic segment `<base>/displays/<id>/image`): its name, else its
    /// location, else `overview` for the overview, lower-cased.
    public static func imageID(_ image: DisplaySettings) -> String? {
        (image.name ?? image.location ?? (image.layout == "overview" ? "overview" : nil))?.lowercased()
    }

    public init() {}

    /// The settings of the device whose MAC (as its `ID` header sends it) or name is `id`,
    /// compared without case; `nil` when it is not listed.
    public func device(_ id: String) -> DisplaySettings? {
        let wanted = id.lowercased()
        return devices.first { $0.mac?.lowercased() == wanted || $0.name?.lowercased() == wanted }
    }
}
