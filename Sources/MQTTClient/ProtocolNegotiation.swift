/// Which MQTT version the next connection attempt speaks: MQTT 5 first and, when the broker does
/// not answer it like an MQTT 5 broker, 3.1.1.
///
/// A broker that speaks only 3.1.1 (amqtt, RabbitMQ's MQTT plugin before 3.13, old mosquitto)
/// answers an MQTT 5 CONNECT with CONNACK "unacceptable protocol version", closes the connection,
/// or says nothing at all. Any of these on an MQTT 5 attempt makes the next attempt 3.1.1, at
/// once. The version the broker accepts first is kept for every later reconnect; a 3.1.1
/// attempt that fails before any was accepted goes back to MQTT 5, so a broker that was merely
/// down is not taken for a 3.1.1 one. A plain value: the network thread keeps it in `ClientState`.
public struct ProtocolNegotiation: Sendable, Hashable {
    /// The version asked for in `MQTTConnectOptions`.
    public let configured: MQTTProtocolVersion
    /// Whether an MQTT 5 attempt may fall back to 3.1.1.
    public let fallback: Bool
    /// The version of the current (or next) attempt.
    public private(set) var current: MQTTProtocolVersion
    /// Whether the broker has accepted `current`: it is then kept.
    public private(set) var settled = false

    public init(configured: MQTTProtocolVersion, fallback: Bool) {
        self.configured = configured
        self.fallback = fallback
        self.current = configured
    }

    /// The broker accepted the current attempt.
    public mutating func accepted() { settled = true }

    /// The current attempt failed; `mismatch` says whether it failed as a broker that does not
    /// speak the version would fail it. `true` when the next attempt switches to 3.1.1.
    public mutating func failed(mismatch: Bool) -> Bool {
        guard !settled else { return false }
        switch current {
        case .v5 where fallback && mismatch:
            current = .v311
            return true
        case .v311 where configured == .v5:
            current = .v5
            return false
        default:
            return false
        }
    }
}
