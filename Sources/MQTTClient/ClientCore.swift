import CMosquitto
import Glibc
import Synchronization

/// The part of a client that libmosquitto's callbacks and the network thread see.
///
/// Owned jointly by `MQTTClient` and, while it runs, the network thread; the mosquitto
/// handle is destroyed when the last of them lets go.
final class ClientCore: Sendable {
    let handle: MosquittoHandle
    let options: MQTTConnectOptions
    let continuation: AsyncStream<MQTTEvent>.Continuation
    let state: Mutex<ClientState>
    /// Wakes the network thread from `poll` once a connection is up (`wake()`).
    let wakeFD: Int32
    /// Whether the network thread is (about to be) waiting in `poll`: only then does `wake()`
    /// write to `wakeFD`, so a burst of publishes costs one wake-up, not one each.
    let sleeping = Atomic<Bool>(false)
    /// Whether a publish woke the network thread: it then waits a moment for the rest of the burst.
    let publishing = Atomic<Bool>(false)

    init(options: MQTTConnectOptions, continuation: AsyncStream<MQTTEvent>.Continuation) throws(MQTTConnectionError) {
        guard Mosquitto.initialised else { throw MQTTConnectionError(.other, "libmosquitto could not be initialised") }
        try Self.validate(options)
        let clientID: String? = options.clientID.isEmpty ? nil : options.clientID
        guard let pointer = mosquitto_new(clientID, options.cleanSession, nil) else {
            throw MQTTConnectionError(.other, "libmosquitto could not create a client (out of memory?)")
        }
        do {
            try Self.configure(pointer, options)
        } catch {
            mosquitto_destroy(pointer)
            throw error
        }
        let wakeFD = cmosq_wake_fd()
        guard wakeFD >= 0 else {
            mosquitto_destroy(pointer)
            throw MQTTConnectionError(.other, "cannot create an eventfd: \(String(cString: strerror(errno)))")
        }
        self.wakeFD = wakeFD
        self.state = Mutex(
            ClientState(
                negotiation: ProtocolNegotiation(
                    configured: options.protocolVersion, fallback: options.protocolFallback)))
        self.handle = MosquittoHandle(pointer: pointer)
        self.options = options
        self.continuation = continuation
        mosquitto_user_data_set(pointer, Unmanaged.passUnretained(self).toOpaque())
        installCallbacks()
    }

    deinit {
        mosquitto_destroy(handle.pointer)
        close(wakeFD)
    }

    /// Wakes the network thread if it waits in `poll`; called after queueing a packet from
    /// another thread (`publish` for a PUBLISH, which may be the first of a burst).
    func wake(publish: Bool = false) {
        if publish { publishing.store(true, ordering: .sequentiallyConsistent) }
        guard sleeping.exchange(false, ordering: .sequentiallyConsistent) else { return }
        var one: UInt64 = 1
        _ = write(wakeFD, &one, 8)
    }

    // MARK: Waiting

    /// Suspends until `condition` holds or `timeout` passes; `true` when it holds.
    /// Resumed by the network thread or a timer task; task cancellation does not cut it short,
    /// so shutdown paths keep their bounded wait.
    func wait(for condition: ClientState.Condition, timeout: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let id: UInt64? = state.withLock { state in
                if state.isSatisfied(condition) { return nil }
                let id = state.nextWaiterID
                state.nextWaiterID += 1
                state.waiters[id] = ClientState.Waiter(condition: condition, continuation: continuation)
                return id
            }
            guard let id else {
                continuation.resume(returning: true)
                return
            }
            let timer = Task { [weak self] in
                try? await Task.sleep(for: timeout)
                self?.expireWaiter(id)
            }
            let alreadyResumed = state.withLock { state in
                guard state.waiters[id] != nil else { return true }
                state.waiters[id]?.timer = timer
                return false
            }
            if alreadyResumed { timer.cancel() }
        }
    }

    private func expireWaiter(_ id: UInt64) {
        let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
        if let waiter { [waiter].resumeAll(returning: false) }
    }

    /// Runs `body` under the lock, then resumes whichever waiters it satisfied.
    func updateState<T: Sendable, E: Error>(_ body: (inout ClientState) throws(E) -> T) throws(E) -> T {
        let (result, satisfied) = try state.withLock { state throws(E) in
            let result = try body(&state)
            return (result, state.takeSatisfiedWaiters())
        }
        satisfied.resumeAll(returning: true)
        return result
    }

    // MARK: Configuration

    private static func validate(_ options: MQTTConnectOptions) throws(MQTTConnectionError) {
        func invalid(_ message: String) -> MQTTConnectionError { MQTTConnectionError(.invalidOptions, message) }
        guard !options.host.isEmpty, !options.host.contains(where: { $0 == " " || $0 == "/" || $0 == "\u{0}" }) else {
            throw invalid("invalid broker host '\(options.host)'")
        }
        guard (1...65535).contains(options.port) else {
            throw invalid("invalid broker port \(options.port): must be 1...65535")
        }
        guard (5...65535).contains(options.keepAlive) else {
            throw invalid("invalid keepalive \(options.keepAlive)s: must be 5...65535 seconds")
        }
        guard options.clientID.utf8.count <= 65535, !options.clientID.contains("\u{0}") else {
            throw invalid("invalid client id")
        }
        guard !options.clientID.isEmpty || options.cleanSession else {
            throw invalid("a persistent session (clean_session false) needs a client id")
        }
        guard options.reconnectDelayMin >= 1, options.reconnectDelayMax >= options.reconnectDelayMin else {
            throw invalid("invalid reconnect delays \(options.reconnectDelayMin)...\(options.reconnectDelayMax)s")
        }
        guard options.connectTimeout >= 1 else { throw invalid("invalid connect timeout \(options.connectTimeout)s") }
        if let will = options.will {
            guard MQTTTopicFilter.isValidTopic(will.topic) else {
                throw invalid("invalid last-will topic '\(will.topic)'")
            }
            guard (0...2).contains(will.qos) else {
                throw invalid("invalid last-will QoS \(will.qos): must be 0, 1 or 2")
            }
        }
        if let tls = options.tls {
            for (what, path) in [
                ("CA file", tls.caFile), ("certificate file", tls.certFile), ("key file", tls.keyFile),
            ] {
                if let path, access(path, R_OK) != 0 {
                    throw invalid("TLS: cannot read \(what) \(path): \(String(cString: strerror(errno)))")
                }
            }
            guard (tls.certFile == nil) == (tls.keyFile == nil) else {
                throw invalid("TLS: a client certificate needs both cert_file and key_file")
            }
        }
    }

    /// Makes the next CONNECT speak `version`.
    static func setProtocol(_ mosq: OpaquePointer, _ version: MQTTProtocolVersion) -> Int32 {
        mosquitto_int_option(mosq, MOSQ_OPT_PROTOCOL_VERSION, version == .v5 ? MQTT_PROTOCOL_V5 : MQTT_PROTOCOL_V311)
    }

    /// The MQTT version of the current connection (or attempt).
    var protocolVersion: MQTTProtocolVersion { state.withLock { $0.negotiation.current } }

    private static let systemCAFile = "/etc/ssl/certs/ca-certificates.crt"
    private static let systemCAPath = "/etc/ssl/certs"

    private static func configure(_ mosq: OpaquePointer, _ options: MQTTConnectOptions) throws(MQTTConnectionError) {
        func check(_ rc: Int32, _ what: String) throws(MQTTConnectionError) {
            guard Mosquitto.isSuccess(rc) else {
                throw MQTTConnectionError(.invalidOptions, "\(what): \(Mosquitto.describe(rc))")
            }
        }
        try check(setProtocol(mosq, options.protocolVersion), "protocol version")
        // Publish/subscribe from other threads only queue packets; the network thread writes them.
        try check(mosquitto_threaded_set(mosq, true), "threaded mode")
        if options.username != nil || options.password != nil {
            try check(mosquitto_username_pw_set(mosq, options.username, options.password), "username/password")
        }
        if let will = options.will {
            let rc = will.payload.withUnsafeBytes { raw in
                mosquitto_will_set(mosq, will.topic, Int32(raw.count), raw.baseAddress, Int32(will.qos), will.retain)
            }
            try check(rc, "last will")
        }
        if let tls = options.tls {
            var caFile = tls.caFile
            var caPath: String?
            if caFile == nil {
                if access(systemCAFile, R_OK) == 0 {
                    caFile = systemCAFile
                } else if access(systemCAPath, R_OK | X_OK) == 0 {
                    caPath = systemCAPath
                } else {
                    throw MQTTConnectionError(
                        .invalidOptions, "TLS: no ca_file given and no system CA bundle at \(systemCAFile)")
                }
            }
            // A key password callback that refuses, so OpenSSL never prompts on the terminal.
            try check(
                mosquitto_tls_set(mosq, caFile, caPath, tls.certFile, tls.keyFile) { _, _, _, _ in 0 },
                "TLS setup"
            )
            try check(mosquitto_tls_opts_set(mosq, tls.insecure ? 0 : 1, "tlsv1.2", nil), "TLS options")
            try check(mosquitto_tls_insecure_set(mosq, tls.insecure), "TLS host name check")
        }
    }
}

extension ClientCore {
    /// Hands a message to libmosquitto and tracks its id for `waitForPublished`.
    /// Called from `publish` (any thread) and from the network thread when draining the offline queue.
    func send(_ message: OutgoingMessage) throws(MQTTConnectionError) {
        let mosq = handle.pointer
        var mid: Int32 = 0
        let rc = message.payload.withUnsafeBytes { raw -> Int32 in
            let length = Int32(clamping: raw.count)
            let qos = Int32(message.qos)
            guard let expiry = message.messageExpiry, expiry > 0, protocolVersion == .v5 else {
                return mosquitto_publish(mosq, &mid, message.topic, length, raw.baseAddress, qos, message.retain)
            }
            var properties: OpaquePointer?
            defer { mosquitto_property_free_all(&properties) }
            let added = mosquitto_property_add_int32(
                &properties, Int32(MQTT_PROP_MESSAGE_EXPIRY_INTERVAL.rawValue), expiry)
            guard Mosquitto.isSuccess(added) else { return added }
            return mosquitto_publish_v5(
                mosq, &mid, message.topic, length, raw.baseAddress, qos, message.retain, properties)
        }
        wake(publish: true)
        let topic = message.topic
        switch rc {
        case MOSQ_ERR_SUCCESS:
            updateState { $0.track(mid: mid, qos: message.qos) }
        case MOSQ_ERR_NO_CONN where message.qos > 0:
            // The connection dropped a moment ago: libmosquitto keeps the message and resends it.
            updateState { $0.track(mid: mid, qos: message.qos) }
        case MOSQ_ERR_NO_CONN:
            throw MQTTConnectionError(
                .notConnected, "not connected to \(options.endpoint); QoS 0 message to '\(topic)' dropped")
        case MOSQ_ERR_PAYLOAD_SIZE, MOSQ_ERR_OVERSIZE_PACKET:
            throw MQTTConnectionError(
                .invalidOptions, "message to '\(topic)' is too large (\(message.payload.count) bytes)")
        case MOSQ_ERR_MALFORMED_UTF8, MOSQ_ERR_INVAL:
            throw MQTTConnectionError(.invalidOptions, "invalid topic '\(topic)' to publish to")
        default:
            throw MQTTConnectionError(.other, "cannot publish to '\(topic)': \(Mosquitto.describe(rc))")
        }
    }
}

extension ClientCore {
    /// Sends a SUBSCRIBE for `filter`; libmosquitto's return code.
    func subscribe(_ filter: String, _ subscription: SubscriptionOptions) -> Int32 {
        let options = subscription.noLocal && protocolVersion == .v5 ? Int32(MQTT_SUB_OPT_NO_LOCAL.rawValue) : 0
        defer { wake() }
        return mosquitto_subscribe_v5(handle.pointer, nil, filter, Int32(subscription.qos), options, nil)
    }
}
