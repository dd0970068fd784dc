import CMosquitto
import Glibc

/// How long one `mosquitto_loop` call may sleep in `select`; bounds how quickly the thread
/// notices `stop()`. Publishes and subscribes wake it at once through libmosquitto's socket pair.
private let loopSliceMilliseconds: Int32 = 200

extension ClientCore {
    /// Starts the dedicated network thread. `false` if the thread could not be created.
    func spawnNetworkThread() -> Bool {
        let context = Unmanaged.passRetained(self).toOpaque()
        var thread = pthread_t()
        let rc = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                let core = Unmanaged<ClientCore>.fromOpaque(context).takeRetainedValue()
                cmosq_set_thread_name("mqtt-network")
                core.runNetworkLoop()
                return nil
            }, context)
        guard rc == 0 else {
            Unmanaged<ClientCore>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }

    private var stopRequested: Bool {
        state.withLock { $0.phase != .running }
    }

    /// The network thread's body: connect, run the connection, back off, repeat, until `stop()`.
    ///
    /// libmosquitto's own `mosquitto_loop_start` thread is not used: in 2.0 it never retries when
    /// the first connect fails at once, gives up for good on DNS or TLS errors or a broker
    /// DISCONNECT, and retries silently, so nobody could report `connectionFailed`.
    private func runNetworkLoop() {
        // A broker that vanishes mid-write must not kill the process (OpenSSL writes without
        // MSG_NOSIGNAL); blocking SIGPIPE here turns it into EPIPE for this thread only.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        var failures = 0
        var everConnected = false
        var hostConfigured = false
        while !stopRequested {
            // The wait after this attempt should it fail, announced with the failure.
            let retryDelay = reconnectPolicy.delay(failures: failures, afterLoss: everConnected)
            updateState { state in
                state.retryDelay = retryDelay
                state.attemptReported = false
                state.attemptAccepted = false
                state.attemptLog.removeAll()
            }
            collectLog(true)
            let rc: Int32
            if hostConfigured {
                rc = mosquitto_reconnect_async(handle.pointer)
            } else {
                rc = mosquitto_connect_async(
                    handle.pointer, options.host, Int32(options.port), Int32(options.keepAlive))
                hostConfigured = rc != MOSQ_ERR_INVAL.rawValue && rc != MOSQ_ERR_NOMEM.rawValue
            }
            let savedErrno = errno
            var wasConnected = false
            if Mosquitto.isSuccess(rc) {
                wasConnected = runConnection()
            } else {
                endAttempt(rc: rc, errno: savedErrno)
            }
            if stopRequested { break }
            if wasConnected {
                failures = 0
                everConnected = true
                sleepUnlessStopped(for: reconnectPolicy.delay(failures: failures, afterLoss: everConnected))
            } else {
                sleepUnlessStopped(for: retryDelay)
            }
            failures += 1
        }
        finishNetworkLoop()
    }

    /// Drives one connection attempt and, once accepted, the connection itself.
    /// Returns whether the broker accepted it.
    private func runConnection() -> Bool {
        let deadline = ContinuousClock.now + .seconds(options.connectTimeout)
        var accepted: Bool { state.withLock { $0.attemptAccepted } }
        while true {
            if stopRequested {
                disconnectCleanly()
                return accepted
            }
            let rc = mosquitto_loop(handle.pointer, loopSliceMilliseconds, 1)
            let savedErrno = errno
            if !Mosquitto.isSuccess(rc) {
                endAttempt(rc: rc, errno: savedErrno)
                return accepted
            }
            if !accepted && ContinuousClock.now >= deadline {
                endAttempt(
                    error: MQTTConnectionError(
                        .unreachable, "timed out connecting to \(options.endpoint) after \(options.connectTimeout)s"))
                return false
            }
        }
    }

    /// Sends DISCONNECT (so the broker discards the will) and runs the loop until it is written
    /// or the stop deadline passes.
    private func disconnectCleanly() {
        guard state.withLock({ $0.connected }) else { return }
        mosquitto_disconnect(handle.pointer)
        let deadline = state.withLock { $0.stopDeadline } ?? ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline {
            let rc = mosquitto_loop(handle.pointer, 50, 1)
            if !Mosquitto.isSuccess(rc) || !state.withLock({ $0.connected }) { break }
        }
    }

    /// Reports the end of an attempt or connection that `on_disconnect` did not report.
    private func endAttempt(rc: Int32, errno savedErrno: Int32) {
        let log = state.withLock { $0.attemptLog }
        if state.withLock({ $0.connected }) {
            let reason = MQTTConnectionError.lost(rc: rc, errno: savedErrno, log: log, options: options)
            let wasConnected = updateState { state in
                defer {
                    state.connected = false
                    state.draining = false
                }
                return state.connected
            }
            if wasConnected { continuation.yield(.disconnected(reason: reason.message)) }
        } else {
            endAttempt(error: .connectFailure(rc: rc, errno: savedErrno, log: log, options: options))
        }
    }

    private func endAttempt(error: MQTTConnectionError) {
        let retryIn = updateState { state -> Duration? in
            defer { state.attemptReported = true }
            return !state.attemptReported && state.phase == .running ? state.retryDelay : nil
        }
        if let retryIn { continuation.yield(.connectionFailed(error, retryIn: retryIn)) }
    }

    /// Quick retries, then exponential backoff (see `ReconnectPolicy`).
    private var reconnectPolicy: ReconnectPolicy { ReconnectPolicy(options) }

    private func sleepUnlessStopped(for delay: Duration) {
        let deadline = ContinuousClock.now + delay
        while !stopRequested && ContinuousClock.now < deadline {
            usleep(50_000)
        }
    }

    private func finishNetworkLoop() {
        let wasConnected = state.withLock { state in
            defer {
                state.connected = false
                state.draining = false
            }
            return state.connected
        }
        if wasConnected { continuation.yield(.disconnected(reason: nil)) }
        continuation.finish()
        updateState { $0.phase = .finished }
    }
}
