import CMosquitto
import Glibc

/// The `ClientCore` behind libmosquitto's userdata pointer (set in `ClientCore.init`).
private func core(_ userdata: UnsafeMutableRawPointer?) -> ClientCore? {
    guard let userdata else { return nil }
    return Unmanaged<ClientCore>.fromOpaque(userdata).takeUnretainedValue()
}

extension ClientCore {
    /// Registers the C callbacks. They all run on the network thread (inside `mosquitto_loop`
    /// or a connect call made there); each copies what it needs out of libmosquitto's memory,
    /// updates `state` and yields to the event stream: no application code runs here.
    func installCallbacks() {
        let mosq = handle.pointer
        // Quick ACKs after CONNACK, SUBACK and each message: a retained message the broker
        // queued behind another is not held back 40 ms (see `cmosq_quick_ack`).
        mosquitto_connect_v5_callback_set(mosq) { mosq, userdata, rc, flags, _ in
            cmosq_quick_ack(mosq)
            core(userdata)?.didConnect(code: rc, flags: flags)
        }
        mosquitto_subscribe_v5_callback_set(mosq) { mosq, _, _, _, _, _ in
            cmosq_quick_ack(mosq)
        }
        mosquitto_disconnect_v5_callback_set(mosq) { _, userdata, rc, _ in
            let savedErrno = errno
            core(userdata)?.didDisconnect(rc: rc, errno: savedErrno)
        }
        mosquitto_publish_v5_callback_set(mosq) { _, userdata, mid, _, _ in
            core(userdata)?.updateState { $0.acknowledge(mid: mid) }
        }
        mosquitto_message_v5_callback_set(mosq) { mosq, userdata, message, _ in
            cmosq_quick_ack(mosq)
            guard let message, let core = core(userdata) else { return }
            core.didReceive(message.pointee)
        }
    }

    /// Collects libmosquitto's error and warning lines (TLS details live there) while `on`: during
    /// a connection attempt, for the message if it fails. Off once the broker accepted it, since
    /// libmosquitto formats a line for every packet sent and received whenever a callback is set.
    func collectLog(_ on: Bool) {
        guard on else {
            mosquitto_log_callback_set(handle.pointer, nil)
            return
        }
        mosquitto_log_callback_set(handle.pointer) { _, userdata, level, text in
            guard let text, level & Int32(MOSQ_LOG_ERR | MOSQ_LOG_WARNING) != 0 else { return }
            let line = String(cString: text)
            core(userdata)?.updateState { state in
                if state.attemptLog.count < 16 { state.attemptLog.append(line) }
            }
        }
    }

    private func didConnect(code: Int32, flags: Int32) {
        guard code == 0 else {
            let event = updateState { state in
                let error = MQTTConnectionError.refusedByBroker(
                    code: code, version: state.negotiation.current, options: options)
                return state.attemptFailed(error, mismatch: MQTTConnectionError.refusesVersion(code: code))
            }
            if let event { continuation.yield(event) }
            return
        }
        collectLog(false)
        let sessionPresent = flags & 1 != 0
        let resubscribe = updateState { state in
            state.connected = true
            state.draining = true
            state.attemptAccepted = true
            state.attemptReported = true
            state.negotiation.accepted()
            return sessionPresent ? [] : state.subscriptions.sorted { $0.key < $1.key }
        }
        for (filter, subscription) in resubscribe {
            _ = subscribe(filter, subscription)
        }
        drainOfflineQueue()
        continuation.yield(.connected(sessionPresent: sessionPresent))
    }

    /// Sends what was published while disconnected, oldest first; publishes arriving meanwhile
    /// join the queue, so the broker sees everything in `publish` order.
    private func drainOfflineQueue() {
        while true {
            let batch = updateState { state -> [OutgoingMessage] in
                if state.offlineQueue.isEmpty { state.draining = false }
                defer { state.offlineQueue.removeAll() }
                return state.offlineQueue
            }
            guard !batch.isEmpty else { return }
            for message in batch {
                try? send(message)  // validated when queued; a drop mid-drain leaves it with libmosquitto
            }
        }
    }

    private func didDisconnect(rc: Int32, errno savedErrno: Int32) {
        let event: MQTTEvent? = updateState { state in
            state.qos0Mids.removeAll()
            if state.connected {
                state.connected = false
                state.draining = false
                if state.phase == .stopping || state.phase == .finished { return .disconnected(reason: nil) }
                return .disconnected(
                    reason: MQTTConnectionError.lost(rc: rc, errno: savedErrno, log: state.attemptLog, options: options)
                        .message)
            }
            return state.attemptFailed(
                .connectFailure(rc: rc, errno: savedErrno, log: state.attemptLog, options: options),
                mismatch: MQTTConnectionError.looksLikeVersionMismatch(
                    rc: rc, errno: savedErrno, log: state.attemptLog, options: options))
        }
        if let event { continuation.yield(event) }
    }

    private func didReceive(_ message: mosquitto_message) {
        let topic = message.topic.map { String(cString: $0) } ?? ""
        var payload: [UInt8] = []
        if let bytes = message.payload, message.payloadlen > 0 {
            payload = Array(UnsafeRawBufferPointer(start: bytes, count: Int(message.payloadlen)))
        }
        continuation.yield(
            .message(MQTTMessage(topic: topic, payload: payload, retain: message.retain, qos: Int(message.qos))))
    }
}
