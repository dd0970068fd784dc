/// Something that happened on the connection, delivered through `MQTTClient.events`.
///
/// Events are produced on libmosquitto's network thread and buffered in an `AsyncStream`;
/// the consumer receives them on whatever task iterates the stream.
public enum MQTTEvent: Sendable {
    /// The broker accepted the connection (first connect and every reconnect).
    /// Subscriptions made through `subscribe(_:qos:)` have been re-sent when `sessionPresent` is false.
    case connected(sessionPresent: Bool)
    /// A connection attempt failed (refused login, TLS failure, unreachable broker, ...).
    /// The client keeps retrying with backoff until `stop()`: `retryIn` is how long the network
    /// thread waits before its next attempt (the `ReconnectPolicy` delay it then sleeps), `nil`
    /// when there is no next attempt (the network thread could not start; the stream ends).
    case connectionFailed(MQTTConnectionError, retryIn: Duration?)
    /// An established connection ended. `nil` means a clean disconnect requested by `stop()`;
    /// otherwise a plain-language reason. The client reconnects by itself unless stopped.
    case disconnected(reason: String?)
    /// A message on one of the subscribed filters.
    case message(MQTTMessage)
}

/// An incoming application message (topic and payload copied out of libmosquitto).
public struct MQTTMessage: Sendable, Hashable {
    public var topic: String
    public var payload: [UInt8]
    /// `true` when the broker delivered a stored retained message (typically right after subscribing).
    public var retain: Bool
    public var qos: Int

    /// A message value (for tests and for consumers that build their own).
    public init(topic: String, payload: [UInt8], retain: Bool = false, qos: Int = 0) {
        self.topic = topic
        self.payload = payload
        self.retain = retain
        self.qos = qos
    }

    /// The payload decoded as UTF-8 (invalid sequences replaced).
    public var text: String { String(decoding: payload, as: UTF8.self) }
}
