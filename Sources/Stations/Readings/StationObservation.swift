import FoundationEssentials

/// What one push, datagram or message said, decoded and in canonical units, before the
/// station's state judges it (`StationState.apply`). A missing value is absent, never 0.
public struct StationObservation: Sendable, Equatable {
    /// The device's own timestamp, when it sends one (informational: ages count from arrival).
    public var time: Date?
    /// The sub-sensor the values come from (`txid:1`, `Acurite-5n1/2662/A`), `""` for the station as a whole.
    public var sensor: String
    /// What identifies the sender, for `match`.
    public var identity: StationIdentity
    /// Instantaneous values, canonical units.
    public var values: [StationQuantity: Double] = [:]
    /// Pressure as sent: absolute (station) and the device's "relative" one, hPa.
    public var pressure: PressureReport?
    /// A rain counter or total, when the message has one.
    public var rain: RainReport?
    /// Battery levels or voltages by name (`wh90batt`, `battery_ok`, `voltage`).
    public var batteries: [String: Double] = [:]
    /// Signal strength (RSSI, dBm, or the device's own scale).
    public var signal: Double?
    /// Values the decoder already knows are not outdoor readings, or impossible as sent.
    public var rejected: [Rejection] = []
    /// Quantities whose sensor the device reports as failed (Tempest `sensor_status`); `nil`
    /// where the message does not say.
    public var failed: Set<StationQuantity>?
    /// The device saw precipitation start (Tempest `evt_precip`).
    public var precipitationStarted = false
    /// Only a sign of life (Tempest `hub_status`/`device_status`): makes no reading fresh.
    public var isStatusOnly: Bool {
        values.isEmpty && pressure == nil && rain == nil && !precipitationStarted
    }

    public init(sensor: String = "", identity: StationIdentity = StationIdentity(), time: Date? = nil) {
        self.sensor = sensor
        self.identity = identity
        self.time = time
    }
}

/// Pressure as a station sends it, hPa.
public struct PressureReport: Sendable, Equatable {
    /// Station (absolute) pressure, at the station's elevation.
    public var absolute: Double?
    /// What the device calls relative or sea-level pressure: the absolute plus the offset the
    /// user set, which is the absolute itself where no offset was ever set.
    public var relative: Double?

    public init(absolute: Double? = nil, relative: Double? = nil) {
        self.absolute = absolute
        self.relative = relative
    }
}

/// A rain amount that grows while it rains, mm.
public struct RainReport: Sendable, Equatable {
    public enum Kind: String, Sendable {
        /// A running total (lifetime, yearly, since a reset): only its increases are rain.
        case counter
        /// The device's own "today", reset at the device's midnight.
        case dailyTotal = "daily_total"
        /// Rain since the previous message (weewx `rain`, Tempest's minute amount).
        case increment
    }

    public var kind: Kind
    public var millimetres: Double
    /// The input's name for it (`totalrainin`, `rain_mm`): a change of name starts a new baseline.
    public var name: String
    /// Where a counter wraps to 0 (a 16-bit counter × its resolution), if known.
    public var wrap: Double?

    public init(_ kind: Kind, millimetres: Double, name: String, wrap: Double? = nil) {
        self.kind = kind
        self.millimetres = millimetres
        self.name = name
        self.wrap = wrap
    }
}
