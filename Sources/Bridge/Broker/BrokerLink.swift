import Configuration
import MQTTClient

/// The bridge's side of the connection to the broker as decisions: the client's options, what
/// each connection event says (a line, the state of the connection) and how long `run --once`
/// waits for its first connection. A plain value kept by `BridgeService`, which runs the client;
/// where messages go is `InboundRouter`'s, what is sent `Publisher`'s.
struct BrokerLink {
    let settings: MQTTSettings
    /// Whether a connection was ever made (the fallback to MQTT 3.1.1 is said once).
    private(set) var everConnected = false
    /// The last failed attempt since the last connection.
    private(set) var lastFailure: MQTTConnectionError?

    /// How long `run --once` waits for the broker; a fallback to MQTT 3.1.1 takes as long again.
    static let onceWait: Duration = .seconds(10)
    /// Refusals that waiting cannot change (credentials, TLS, options): `run --once` stops waiting.
    static let final: Set<MQTTConnectionError.Kind> = [.notAuthorised, .tls, .invalidOptions]

    init(settings: MQTTSettings) { self.settings = settings }

    /// The client's options: `mqtt:` as configured, the last will (`will`: `offline` on
    /// `bridge/state`, retained), TLS for `mqtts`, and quick retries for a broker that was just
    /// there, then at most one attempt per 10 s.
    func options(will: (topic: String, payload: [UInt8])) -> MQTTConnectOptions {
        var options = MQTTConnectOptions(
            host: settings.host, port: settings.port, clientID: settings.clientID, username: settings.username,
            password: settings.password, keepAlive: settings.keepAlive,
            protocolVersion: settings.protocolVersion == .v5 ? .v5 : .v311)
        options.will = MQTTWill(topic: will.topic, payload: will.payload, qos: settings.qos, retain: true)
        if settings.scheme == "mqtts" {
            let tls = settings.tls
            options.tls = MQTTTLSOptions(
                caFile: tls?.caFile, certFile: tls?.certFile, keyFile: tls?.keyFile, insecure: tls?.insecure ?? false)
        }
        options.reconnectDelayMax = 10
        return options
    }

    /// Connected on `version`: the line saying the broker made the first connection fall back
    /// to MQTT 3.1.1, if it did.
    mutating func connected(version: MQTTProtocolVersion) -> LogLine? {
        lastFailure = nil
        defer { everConnected = true }
        let configured: MQTTProtocolVersion = settings.protocolVersion == .v5 ? .v5 : .v311
        guard version != configured, !everConnected else { return nil }
        return LogLine(.warning, ProtocolNotice.fellBack(messageExpiry: settings.messageExpiry))
    }

    /// An attempt failed; the client tries again after `retryIn` (nil: not at all).
    mutating func failed(_ error: MQTTConnectionError, retryIn: Duration?) -> LogLine {
        lastFailure = error
        return LogLine(.warning, "MQTT connection failed: \(error.description); \(Self.retryWording(retryIn))")
    }

    /// The connection was lost (`reason`: nil when the bridge closed it).
    func lost(reason: String?) -> LogLine? {
        reason.map { LogLine(.warning, "MQTT connection lost: \($0); reconnecting") }
    }

    /// "retrying in 4 s", "retrying in 0.25 s": the wait the MQTT client announced and sleeps.
    static func retryWording(_ delay: Duration?) -> String {
        guard let (seconds, attoseconds) = delay?.components else { return "not retrying" }
        if attoseconds == 0 { return "retrying in \(seconds) s" }
        return "retrying in \(Double(seconds) + Double(attoseconds) * 1e-18) s"
    }

    /// `run --once`: whether to go on waiting for the first connection, `elapsed` after the
    /// wait began — not after a final refusal, and 10 s more only while a fallback to MQTT 3.1.1
    /// may still come (the first attempt has not ended, or ended as one to a 3.1.1-only broker).
    func waitsForConnection(elapsed: Duration) -> Bool {
        if let lastFailure, Self.final.contains(lastFailure.kind) { return false }
        let mayFallBack = lastFailure.map { $0.kind == .protocolVersion } ?? true
        return elapsed < Self.onceWait + (mayFallBack ? Self.onceWait : .zero)
    }

    /// Why `run --once` gave up on the broker.
    var unreachable: LogLine {
        LogLine(.error, "MQTT broker unreachable: \(lastFailure?.description ?? "no answer within 10 s")")
    }
}
