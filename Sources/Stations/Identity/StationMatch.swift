/// `match:` of a station: which messages on its input belong to it. Every key given must
/// agree; keys not given match anything, so an empty match takes everything on the input.
public struct StationMatch: Sendable, Equatable {
    /// `passkey` or `mac`: the Ecowitt/Ambient PASSKEY, a MAC or a Wunderground station ID
    /// (compared without case, and for MACs without `:`/`-`).
    public var key: String?
    /// `serial`: the Tempest serial number (`ST-00055227`) or a WeatherLink Live device id.
    public var serial: String?
    /// `model`: the rtl_433 model (`Fineoffset-WS90`).
    public var model: String?
    /// `id`: the rtl_433 id, the WeatherLink Live transmitter id (txid) or the AcuRite sensor.
    public var id: String?
    /// `channel`: the rtl_433 channel.
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

    public static let any = StationMatch()

    /// For logs: the keys given, the station key masked (`key ***CDEF, model Fineoffset-WS90`).
    public var logDescription: String {
        let parts = [
            key.map { "key " + StationIdentity.mask($0) }, serial.map { "serial " + $0 }, model.map { "model " + $0 },
            id.map { "id " + $0 }, channel.map { "channel " + $0 },
        ]
        let given = parts.compactMap { $0 }
        return given.isEmpty ? "everything on its input" : given.joined(separator: ", ")
    }

    public var isEmpty: Bool { self == .any }

    /// Whether a message from `identity` belongs to the station.
    public func accepts(_ identity: StationIdentity) -> Bool {
        agrees(key, identity.key, normalise: StationMatch.normalisedKey)
            && agrees(serial, identity.serial, normalise: { $0.uppercased() })
            && agrees(model, identity.model, normalise: { $0 })
            && agrees(id, identity.id, normalise: StationMatch.normalisedID)
            && agrees(channel, identity.channel, normalise: { $0.uppercased() })
    }

    private func agrees(_ wanted: String?, _ got: String?, normalise: (String) -> String) -> Bool {
        guard let wanted else { return true }
        guard let got else { return false }
        return normalise(wanted) == normalise(got)
    }

    static func normalisedKey(_ text: String) -> String {
        String(text.uppercased().filter { $0 != ":" && $0 != "-" })
    }

    /// `13355`, `13355.0` and `0x342B` are not the same text but are the same id where both are numbers.
    static func normalisedID(_ text: String) -> String {
        if let number = Double(text), number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return text.uppercased()
    }
}
