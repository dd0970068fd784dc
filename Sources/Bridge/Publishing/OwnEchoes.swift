/// Tells the bridge's own messages coming back on `<base>/#` from another client's writes, so
/// that only the latter are corrected (`OwnTopics`) and warned about.
///
/// Two kinds come back although MQTT 5's "no local" is asked for:
/// - Retained copies the broker sends because the bridge subscribed (delivered with the retain
///   flag set): the bridge's own from an earlier run, or anyone's. They are never corrected: on
///   every connect the bridge republishes every topic it holds, so a stale or foreign copy is
///   replaced anyway, and a topic it has not published yet (a location's status) gets its value
///   when it is due. A write made while the bridge is connected arrives live, without the flag.
/// - On MQTT 3.1.1 (no "no local") every own publication comes back, once. With `tracking` on,
///   each sent payload is remembered (a hash, at most `limit` a topic) until it is back. The
///   bridge's last will comes back too (mosquitto sends it when it shuts down) and cannot be told
///   from another client writing the same: it is corrected, but not called a foreign write.
/// A plain value kept by `Publisher`.
struct OwnEchoes {
    /// Where a message on one of the bridge's topics came from.
    enum Origin: Equatable {
        /// The bridge's own publication coming back, or a retained copy sent at subscription.
        case ownOrStored
        /// The bridge's last will on a 3.1.1 connection, or another client writing the same.
        case willOrForeign
        /// Another client, live.
        case foreign
    }

    /// The last will's topic and payload.
    private var will: (topic: String, payload: [UInt8])?
    /// Whether own publications come back (the connection speaks MQTT 3.1.1).
    private(set) var tracking = false
    /// Topic → hashes of payloads sent and not back yet, oldest first.
    private var pending: [String: [Int]] = [:]
    /// Payloads remembered a topic; an echo lost on the way cannot make the list grow.
    static let limit = 8

    /// A new connection: own publications come back on it when `tracking`.
    mutating func connected(tracking: Bool, will: (topic: String, payload: [UInt8])) {
        self.tracking = tracking
        self.will = will
        pending = [:]
    }

    /// The bridge published `payload` to `topic`.
    mutating func sent(_ topic: String, _ payload: [UInt8]) {
        guard tracking else { return }
        var hashes = pending[topic] ?? []
        if hashes.count == Self.limit { hashes.removeFirst() }
        hashes.append(Self.hash(payload))
        pending[topic] = hashes
    }

    /// Where a message on one of the bridge's topics came from; an own publication coming back
    /// (`tracking`) is no longer waited for.
    mutating func origin(topic: String, payload: [UInt8], retained: Bool) -> Origin {
        if retained { return .ownOrStored }
        guard tracking else { return .foreign }
        guard var hashes = pending[topic], let index = hashes.firstIndex(of: Self.hash(payload)) else {
            return will.map { $0.topic == topic && $0.payload == payload } == true ? .willOrForeign : .foreign
        }
        hashes.removeSubrange(...index)  // earlier ones were lost on the way (QoS 0) or overtaken
        pending[topic] = hashes.isEmpty ? nil : hashes
        if pending.isEmpty { pending = [:] }  // gives the table's memory back after a burst
        return .ownOrStored
    }

    private static func hash(_ payload: [UInt8]) -> Int {
        var hasher = Hasher()
        payload.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }
}
