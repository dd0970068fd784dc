import FoundationEssentials
import WeatherModel

/// One network display's health as `weatherview serve` last heard it (SPEC §8): what a TRMNL
/// device's `/api/display` headers said about its battery, signal and firmware, and when.
/// Published retained on `<base>/displays/<id>/state` (``Topic/display(_:)``); schema
/// `docs/schema/display-state.json`. Never holds the device's access token.
public struct DisplayHealth: Sendable, Equatable {
    /// Where `battery_percent` came from.
    public enum PercentSource: String, Sendable {
        /// The device's own fuel gauge (`Percent-Charged`, TRMNL X).
        case gauge
        /// Estimated from `battery_voltage` on a single-cell LiPo curve (weatherview's `BatteryCurve`).
        case voltage
    }

    /// The topic segment `<id>` (``displayID(name:mac:)``).
    public var id: String
    /// The friendly id `/api/setup` gave the device.
    public var friendlyID: String
    /// As the device sends it in `ID`, upper-case (`AA:BB:CC:DD:EE:FF`).
    public var mac: String
    public var model: String?
    public var firmware: String?
    /// Volts (`Battery-Voltage`).
    public var batteryVoltage: Double?
    /// 0…100.
    public var batteryPercent: Int?
    public var percentSource: PercentSource?
    /// dBm (`RSSI`).
    public var rssi: Int?
    public var width: Int?
    public var height: Int?
    /// The device's last `/api/display`.
    public var lastContact: Date
    /// The `filename` it was answered with (`nil` while there was no frame to send).
    public var filename: String?
    /// The `refresh_rate` it was told, seconds.
    public var refreshRate: Int?

    public init(id: String, friendlyID: String, mac: String, lastContact: Date) {
        self.id = id
        self.friendlyID = friendlyID
        self.mac = mac
        self.lastContact = lastContact
    }

    /// The display's topic segment: its configured `name` in lower case when that is a valid
    /// segment (``LocationID`` rule, and not `current`, which `<base>/displays/current/…` keeps
    /// for a location called `displays`), else its MAC's twelve hex digits in lower case
    /// (`a0b1c2d3e4f5`): stable across restarts and re-registrations, unlike the random
    /// friendly id.
    public static func displayID(name: String?, mac: String) -> String {
        if let name = name?.lowercased(), isValidID(name) { return name }
        return String(mac.lowercased().filter(\.isHexDigit))
    }

    /// Whether `id` can be a display's topic segment.
    public static func isValidID(_ id: String) -> Bool { LocationID.isValid(id) && id != "current" }

    /// Whether `other` differs in more than the readings that drift from one contact to the
    /// next (contact time, battery, signal, refresh): firmware, model, size, frame or identity.
    public func differsInKind(from other: DisplayHealth) -> Bool {
        var left = self
        let right = other
        left.lastContact = right.lastContact
        (left.batteryVoltage, left.batteryPercent, left.percentSource) =
            (right.batteryVoltage, right.batteryPercent, right.percentSource)
        (left.rssi, left.refreshRate) = (right.rssi, right.refreshRate)
        return left != right
    }

    /// The payload of `<base>/displays/<id>/state`, keys in schema order; `last_contact` in UTC
    /// (`+00:00`), every unknown value `null`.
    public var payload: JSONValue {
        let members: [(String, JSONValue)] = [
            ("schema", .number(Double(PayloadSchema.version))),
            ("display", .string(id)),
            ("friendly_id", .string(friendlyID)),
            ("mac", .string(mac)),
            ("model", JSONValue(model)),
            ("firmware", JSONValue(firmware)),
            ("battery_voltage", JSONValue(batteryVoltage)),
            ("battery_percent", JSONValue(batteryPercent)),
            ("battery_percent_source", JSONValue(percentSource?.rawValue)),
            ("rssi", JSONValue(rssi)),
            ("width", JSONValue(width)),
            ("height", JSONValue(height)),
            ("last_contact", .string(ISO8601.string(lastContact, in: .utc))),
            ("filename", JSONValue(filename)),
            ("refresh_rate", JSONValue(refreshRate)),
        ]
        return .object(JSONObject(members))
    }
}
