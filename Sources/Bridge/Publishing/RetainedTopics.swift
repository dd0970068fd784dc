import FoundationEssentials

/// Every retained topic the bridge holds, in publishing order, and when each was last sent:
/// what is republished after a reconnect, and what a refresh may leave out because the
/// broker already holds it.
///
/// A topic is held either as its bytes or, for the large payloads the bridge can build again
/// from what it keeps anyway (the location's state, the configuration), as a 64-bit hash of
/// them and the instant they were built for: a reconnect or a correction builds them again.
/// The hash tells an unchanged payload from a changed one without a second copy in memory.
/// A rebuildable topic announced before the first connection is held without a hash
/// (`reserve`): nothing is sent then, so its payload is first built when the connection
/// sends it, and `settle` records its hash.
struct RetainedTopics {
    private struct Held {
        /// The payload, or nil when it is rebuilt on demand.
        var bytes: [UInt8]?
        /// nil until a reserved topic's payload is first built (`settle`).
        var hash: Int?
        /// The `now` the payload was built for (what a rebuild passes again).
        var builtAt: Date
        var sentAt: Date
    }

    private(set) var order: [String] = []
    private var held: [String: Held] = [:]

    var count: Int { order.count }

    /// The bytes of `topic`, when they are kept (not for topics held as a hash).
    func payload(_ topic: String) -> [UInt8]? { held[topic]?.bytes }

    /// When the payload of a topic held as a hash was built; nil for topics kept as bytes and
    /// topics not held.
    func rebuildInstant(_ topic: String) -> Date? {
        guard let entry = held[topic], entry.bytes == nil else { return nil }
        return entry.builtAt
    }

    /// Whether `payload` is what the bridge holds for `topic`.
    func holds(_ topic: String, _ payload: [UInt8]) -> Bool {
        guard let entry = held[topic] else { return false }
        if let bytes = entry.bytes { return bytes == payload }
        return entry.hash == Self.hash(payload)
    }

    /// Keeps `payload` as the value of `topic` (an empty payload forgets the topic) and says
    /// whether to send it: when it is new or changed, or unchanged but half of its `expiry`
    /// (MQTT 5 message expiry, seconds) has passed since it was sent, so that it never lapses.
    /// With `rebuildable`, only the payload's hash is kept: the caller can build it again.
    mutating func update(
        _ topic: String, _ payload: [UInt8], now: Date, expiry: Double?, rebuildable: Bool = false
    ) -> Bool {
        if payload.isEmpty {
            if held.removeValue(forKey: topic) != nil { order.removeAll { $0 == topic } }
            return true
        }
        let hash = Self.hash(payload)
        if let previous = held[topic] {
            let same = previous.hash == hash && (previous.bytes.map { $0 == payload } ?? true)
            if same, now.timeIntervalSince(previous.sentAt) < (expiry ?? .infinity) / 2 {
                held[topic]?.builtAt = now
                return false
            }
        } else {
            order.append(topic)
        }
        held[topic] = Held(bytes: rebuildable ? nil : payload, hash: hash, builtAt: now, sentAt: now)
        return true
    }

    /// Holds `topic` as a payload the caller can build as of `now` without building it yet:
    /// for announcements made while not connected, which send nothing (the connection sends
    /// every held topic, built then). A topic already held keeps its entry.
    mutating func reserve(_ topic: String, now: Date) {
        guard held[topic] == nil else { return }
        order.append(topic)
        held[topic] = Held(bytes: nil, hash: nil, builtAt: now, sentAt: now)
    }

    /// Records the hash of a reserved topic's payload, once it was built and sent.
    mutating func settle(_ topic: String, _ payload: [UInt8]) {
        guard held[topic]?.hash == nil, held[topic] != nil, !payload.isEmpty else { return }
        held[topic]?.hash = Self.hash(payload)
    }

    /// After a reconnect: every topic went out again at `now`.
    mutating func markAllSent(at now: Date) {
        for topic in order { held[topic]?.sentAt = now }
    }

    /// The payload's hash (SipHash, seeded per process: only compared within the process).
    static func hash(_ payload: [UInt8]) -> Int {
        var hasher = Hasher()
        payload.withUnsafeBytes { hasher.combine(bytes: $0) }
        return hasher.finalize()
    }
}
