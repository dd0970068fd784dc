import FoundationEssentials

/// Every retained topic the bridge holds, in publishing order, and when each was last sent:
/// what is republished after a reconnect, and what a refresh may leave out because the
/// broker already holds it.
struct RetainedTopics {
    private(set) var order: [String] = []
    private var payloads: [String: [UInt8]] = [:]
    private var sentAt: [String: Date] = [:]

    var count: Int { order.count }

    func payload(_ topic: String) -> [UInt8]? { payloads[topic] }

    /// Keeps `payload` as the value of `topic` (an empty payload forgets the topic) and says
    /// whether to send it: when it is new or changed, or unchanged but half of its `expiry`
    /// (MQTT 5 message expiry, seconds) has passed since it was sent, so that it never lapses.
    mutating func update(_ topic: String, _ payload: [UInt8], now: Date, expiry: Double?) -> Bool {
        if payload.isEmpty {
            if payloads.removeValue(forKey: topic) != nil { order.removeAll { $0 == topic } }
            sentAt[topic] = nil
            return true
        }
        if let previous = payloads[topic] {
            if previous == payload, let sent = sentAt[topic], now.timeIntervalSince(sent) < (expiry ?? .infinity) / 2 {
                return false
            }
        } else {
            order.append(topic)
        }
        payloads[topic] = payload
        sentAt[topic] = now
        return true
    }

    /// After a reconnect: every topic went out again at `now`.
    mutating func markAllSent(at now: Date) {
        for topic in order { sentAt[topic] = now }
    }
}
