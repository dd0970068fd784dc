/// What a message says about who sent it; `StationMatch` compares it with the configuration.
public struct StationIdentity: Sendable, Equatable {
    /// Ecowitt `PASSKEY`, Ambient `PASSKEY`/`MAC`, Wunderground `ID`: a secret-ish key, masked in logs.
    public var key: String?
    /// Tempest `serial_number`, WeatherLink Live `did`.
    public var serial: String?
    /// rtl_433 `model`.
    public var model: String?
    /// rtl_433 `id`, WeatherLink Live `txid`, AcuRite `sensor`.
    public var id: String?
    /// rtl_433 `channel`.
    public var channel: String?

    public init(
        key: String? = nil, serial: String? = nil, model: String? = nil, id: String? = nil, channel: String? = nil
    ) {
        self.key = key
        self.serial = serial
        self.model = model
        self.id = id
        self.channel = channel
    }

    /// `key` masked for logs: its last four characters only (`***D5A3`).
    public var maskedKey: String? { key.map(StationIdentity.mask) }

    /// A station key or MAC shown in logs: `***` and its last four characters, enough to tell
    /// two stations apart and nothing to replay; keys under 12 characters entirely hidden. The
    /// rule of `StationListeners.LogMask.value`, which masks the same keys in request logs.
    public static func mask(_ key: String) -> String {
        key.count >= 12 ? "***" + key.suffix(4) : "***"
    }
}
