import CMosquitto

/// A Swift 6–safe MQTT client on top of libmosquitto.
///
/// One dedicated network thread (created by `start()`) connects, keeps the connection alive,
/// reconnects with exponential backoff and runs every libmosquitto callback. Callbacks only
/// copy bytes and yield to `events`; nothing in this type blocks the cooperative thread pool,
/// and every wait is bounded.
///
/// ```swift
/// let client = try MQTTClient(options)
/// client.start()
/// for await event in client.events { ... }   // one consumer
/// ```
///
/// Subscriptions are remembered and re-sent on every reconnect that has no session on the
/// broker. Retained messages are not republished by the client; that is its user's job on
/// `.connected`.
public final class MQTTClient: Sendable {
    private let core: ClientCore

    /// Everything that happens on the connection, in order. Produced on the network thread,
    /// buffered without limit (keep consuming), finished after `stop()`.
    /// There must be a single consumer.
    public let events: AsyncStream<MQTTEvent>

    /// Validates `options` (port, keepalive, will, TLS files readable, ...) and prepares the
    /// libmosquitto handle. Does no network I/O.
    public init(_ options: MQTTConnectOptions) throws(MQTTConnectionError) {
        let (stream, continuation) = AsyncStream.makeStream(of: MQTTEvent.self, bufferingPolicy: .unbounded)
        self.events = stream
        self.core = try ClientCore(options: options, continuation: continuation)
    }

    deinit {
        // Let a still-running network thread disconnect cleanly and exit; it owns its own
        // reference to the core and releases the libmosquitto handle when done.
        requestStop(deadline: .now + .seconds(2))
    }

    /// The options this client was created with.
    public var options: MQTTConnectOptions { core.options }

    /// The MQTT version of the current connection: `options.protocolVersion`, or 3.1.1 when the
    /// broker did not accept MQTT 5 (`MQTTConnectOptions.protocolFallback`). Without MQTT 5 there
    /// is no message expiry and no "no local".
    public var protocolVersion: MQTTProtocolVersion { core.protocolVersion }

    /// Whether the broker has accepted the current connection.
    public var isConnected: Bool { core.state.withLock { $0.connected } }

    /// Starts the network thread, which connects (DNS, TCP, TLS, CONNECT all happen there) and
    /// keeps reconnecting with backoff after failures and drops. Returns at once; outcomes
    /// arrive as `events`. Calling it again, or after `stop()`, does nothing.
    public func start() {
        let start = core.updateState { state in
            guard state.phase == .idle else { return false }
            state.phase = .running
            return true
        }
        guard start else { return }
        if !core.spawnNetworkThread() {
            core.continuation.yield(
                .connectionFailed(MQTTConnectionError(.other, "cannot start the MQTT network thread"), retryIn: nil))
            core.continuation.finish()
            core.updateState { $0.phase = .finished }
        }
    }

    /// Publishes a message. Returns once it is queued; the network thread sends it.
    ///
    /// - Parameters:
    ///   - qos: 0, 1 or 2. QoS 1 and 2 messages published while disconnected are kept (up to
    ///     10 000, in order, retain flag intact) and sent right after the next CONNACK, before
    ///     anything published later; QoS 0 messages then throw `.notConnected`.
    ///   - messageExpiry: seconds after which the broker drops the message (and a retained copy);
    ///     sent only on an MQTT 5 connection and when greater than 0.
    /// - Throws: `MQTTConnectionError` for an invalid topic or QoS, or when the message cannot be queued.
    public func publish(topic: String, payload: [UInt8], qos: Int, retain: Bool, messageExpiry: UInt32? = nil)
        throws(MQTTConnectionError)
    {
        guard (0...2).contains(qos) else {
            throw MQTTConnectionError(.invalidOptions, "invalid QoS \(qos): must be 0, 1 or 2")
        }
        guard MQTTTopicFilter.isValidTopic(topic) else {
            throw MQTTConnectionError(.invalidOptions, "invalid topic '\(topic)' to publish to")
        }
        let message = OutgoingMessage(
            topic: topic, payload: payload, qos: qos, retain: retain, messageExpiry: messageExpiry)
        let queued = try core.updateState { state throws(MQTTConnectionError) -> Bool in
            guard !state.connected || state.draining else { return false }
            guard state.phase == .idle || state.phase == .running else {
                throw MQTTConnectionError(.notConnected, "the client is stopped; message to '\(topic)' dropped")
            }
            guard qos > 0 else {
                throw MQTTConnectionError(
                    .notConnected, "not connected to \(core.options.endpoint); QoS 0 message to '\(topic)' dropped")
            }
            guard state.offlineQueue.count < Self.offlineQueueLimit else {
                throw MQTTConnectionError(
                    .notConnected,
                    "not connected and \(Self.offlineQueueLimit) messages already queued; message to '\(topic)' dropped"
                )
            }
            state.offlineQueue.append(message)
            return true
        }
        if !queued { try core.send(message) }
    }

    /// How many QoS > 0 messages `publish` keeps while disconnected.
    static let offlineQueueLimit = 10_000

    /// Subscribes to `filter` (`+` and `#` allowed) now if connected, and again after every
    /// reconnect without a session. Messages arrive as `.message` events.
    /// With `noLocal` (MQTT 5 only; ignored on a 3.1.1 connection) the broker sends none of this
    /// client's own live publications back. Retained messages sent because of the subscription
    /// (`MQTTMessage.retain`) come whoever wrote them, and on 3.1.1 every own publication comes back.
    /// - Throws: `MQTTConnectionError` for an invalid filter or QoS.
    public func subscribe(_ filter: String, qos: Int, noLocal: Bool = false) throws(MQTTConnectionError) {
        guard (0...2).contains(qos) else {
            throw MQTTConnectionError(.invalidOptions, "invalid QoS \(qos): must be 0, 1 or 2")
        }
        guard MQTTTopicFilter.isValidFilter(filter) else {
            throw MQTTConnectionError(.invalidOptions, "invalid topic filter '\(filter)'")
        }
        let subscription = SubscriptionOptions(qos: qos, noLocal: noLocal)
        let connected = core.updateState { state in
            state.subscriptions[filter] = subscription
            return state.connected
        }
        guard connected else { return }
        let rc = core.subscribe(filter, subscription)
        try check(rc, "cannot subscribe to '\(filter)'")
    }

    /// Unsubscribes from `filter` (exactly as it was subscribed) and forgets it for reconnects.
    public func unsubscribe(_ filter: String) throws(MQTTConnectionError) {
        guard MQTTTopicFilter.isValidFilter(filter) else {
            throw MQTTConnectionError(.invalidOptions, "invalid topic filter '\(filter)'")
        }
        let connected = core.updateState { state in
            state.subscriptions[filter] = nil
            return state.connected
        }
        guard connected else { return }
        let rc = mosquitto_unsubscribe(core.handle.pointer, nil, filter)
        core.wake()
        try check(rc, "cannot unsubscribe from '\(filter)'")
    }

    private func check(_ rc: Int32, _ what: String) throws(MQTTConnectionError) {
        switch rc {
        case MOSQ_ERR_SUCCESS, MOSQ_ERR_NO_CONN: return  // re-sent on the next connect
        case MOSQ_ERR_INVAL, MOSQ_ERR_MALFORMED_UTF8: throw MQTTConnectionError(.invalidOptions, what)
        default: throw MQTTConnectionError(.other, "\(what): \(Mosquitto.describe(rc))")
        }
    }

    /// Waits until every QoS 1/2 message handed to `publish` so far has been acknowledged by the
    /// broker, or `timeout` passes. `true` when all were acknowledged. Use before `stop()` for a
    /// clean shutdown or a one-shot run. Not cut short by task cancellation.
    public func waitForPublished(timeout: Duration) async -> Bool {
        await core.wait(for: .allPublished, timeout: timeout)
    }

    /// Disconnects cleanly (a DISCONNECT packet, so the broker does not publish the will), stops
    /// the network thread and finishes `events`, waiting at most `timeout`. Safe to call more
    /// than once, and before `start()`. Not cut short by task cancellation.
    public func stop(timeout: Duration = .seconds(2)) async {
        requestStop(deadline: .now + timeout)
        _ = await core.wait(for: .finished, timeout: timeout)
    }

    private func requestStop(deadline: ContinuousClock.Instant) {
        let step = core.updateState { state -> StopStep in
            switch state.phase {
            case .idle:
                return .finishNow
            case .running:
                state.phase = .stopping
                state.stopDeadline = deadline
                return state.connected ? .wakeNetworkThread : .nothing
            case .stopping, .finished:
                return .nothing
            }
        }
        switch step {
        case .finishNow:
            core.continuation.finish()
            core.updateState { $0.phase = .finished }
        case .wakeNetworkThread:
            // Queues DISCONNECT and wakes the network thread at once instead of when its
            // `poll` slice ends (up to 200 ms later).
            mosquitto_disconnect(core.handle.pointer)
            core.wake()
        case .nothing:
            break
        }
    }
}

/// What `requestStop` does once the state is updated. At file scope, not inside the function:
/// Debian's Swift 6.2.3 (an assertions build) aborts on a function-local enum here ("Failed to
/// reconstruct type").
private enum StopStep { case finishNow, wakeNetworkThread, nothing }
