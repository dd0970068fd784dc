import CMosquitto
import Glibc

/// How long one pass of the network loop may wait for the socket; bounds how quickly the thread
/// notices `stop()` and sends a keepalive. Publishes and subscribes wake it at once.
private let loopSliceMilliseconds: Int32 = 200
/// How long the network thread waits, once woken by a publish, for the rest of a burst.
private let coalesceMicroseconds: UInt32 = 1000

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
        // The host's addresses (with TLS: its address families), dialled in turn until one
        // answers (`HostAddresses`).
        var dials: [HostAddresses.Dial] = []
        while !stopRequested {
            if dials.isEmpty {
                dials = HostAddresses.dials(options.host, tls: options.tls != nil)
            }
            let dial = dials.removeFirst()
            // The wait after this attempt should it fail, announced with the failure.
            let retryDelay = reconnectPolicy.delay(failures: failures, afterLoss: everConnected)
            let version = updateState { state in
                state.retryDelay = retryDelay
                state.attemptReported = false
                state.attemptAccepted = false
                state.quietAttempt = !dials.isEmpty
                state.fellBack = false
                state.attemptLog.removeAll()
                return state.negotiation.current
            }
            collectLog(true)
            _ = Self.setProtocol(handle.pointer, version)
            let port = Int32(options.port)
            let keepAlive = Int32(options.keepAlive)
            let rc =
                if let bindAddress = dial.bindAddress {
                    mosquitto_connect_bind_async(handle.pointer, dial.host, port, keepAlive, bindAddress)
                } else {
                    mosquitto_connect_async(handle.pointer, dial.host, port, keepAlive)
                }
            let savedErrno = errno
            var wasConnected = false
            if !Mosquitto.isSuccess(rc) {
                endAttempt(rc: rc, errno: savedErrno)
            } else if Self.refusedAtOnce(handle.pointer, tls: options.tls != nil, errno: savedErrno) {
                endAttempt(rc: MOSQ_ERR_ERRNO.rawValue, errno: ECONNREFUSED)
            } else {
                wasConnected = runConnection()
            }
            if stopRequested { break }
            if wasConnected {
                dials.removeAll()
                failures = 0
                everConnected = true
                sleepUnlessStopped(for: reconnectPolicy.delay(failures: failures, afterLoss: everConnected))
            } else if !dials.isEmpty {
                continue  // the next address, at once
            } else if state.withLock({ $0.fellBack }) {
                continue  // 3.1.1, at once
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
            // Until the broker accepts, libmosquitto's own loop (connect, TLS handshake); then ours.
            let isAccepted = accepted
            let rc = isAccepted ? loopOnce() : mosquitto_loop(handle.pointer, loopSliceMilliseconds, 1)
            let savedErrno = errno
            if !Mosquitto.isSuccess(rc) {
                endAttempt(rc: rc, errno: savedErrno)
                return accepted
            }
            if !isAccepted && ContinuousClock.now >= deadline {
                // Connected but never answered: a broker that does not understand the CONNECT.
                let silent = Self.isConnected(mosquitto_socket(handle.pointer))
                endAttempt(
                    error: MQTTConnectionError(
                        .unreachable,
                        silent
                            ? "no CONNACK from \(options.endpoint) within \(options.connectTimeout)s"
                            : "timed out connecting to \(options.endpoint) after \(options.connectTimeout)s"),
                    mismatch: silent)
                return false
            }
        }
    }

    /// One pass of an accepted connection: what `mosquitto_loop` does (read what arrived, write
    /// what is queued, keepalive), but woken by `wake()` through `wakeFD`. libmosquitto wakes its
    /// own loop with a byte on a socket pair for every packet queued and reads one byte a pass,
    /// so a refresh publishing 9,000 topics cost as many extra `select`s and `read`s
    /// (BENCHMARKS.md, issue 22); the pair's bytes are left unread (its writes are non-blocking).
    private func loopOnce() -> Int32 {
        let mosq = handle.pointer
        let socket = mosquitto_socket(mosq)
        guard socket >= 0 else { return MOSQ_ERR_NO_CONN.rawValue }
        sleeping.store(true, ordering: .sequentiallyConsistent)
        // Checked after `sleeping` is set: a packet queued after this check wakes the poll.
        let wantWrite = mosquitto_want_write(mosq)
        // On the stack: this runs for every packet that arrives.
        let (ready, socketEvents, wakeEvents) = withUnsafeTemporaryAllocation(of: pollfd.self, capacity: 2) { fds in
            fds[0] = pollfd(fd: socket, events: Int16(POLLIN) | (wantWrite ? Int16(POLLOUT) : 0), revents: 0)
            fds[1] = pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)
            return (poll(fds.baseAddress, 2, loopSliceMilliseconds), fds[0].revents, fds[1].revents)
        }
        sleeping.store(false, ordering: .sequentiallyConsistent)
        guard ready >= 0 else { return errno == EINTR ? MOSQ_ERR_SUCCESS.rawValue : MOSQ_ERR_ERRNO.rawValue }
        var woken = false
        if wakeEvents & Int16(POLLIN) != 0 {
            // Woken by a publish: a refresh publishes a location's topics in a burst, so wait
            // a moment for the rest and write them together rather than waking for each.
            if publishing.exchange(false, ordering: .sequentiallyConsistent) { usleep(coalesceMicroseconds) }
            var count: UInt64 = 0
            _ = read(wakeFD, &count, 8)
            woken = true
        }
        if socketEvents & Int16(POLLIN | POLLERR | POLLHUP) != 0 {
            let rc = mosquitto_loop_read(mosq, 1)
            if !Mosquitto.isSuccess(rc) || mosquitto_socket(mosq) < 0 { return rc }
        }
        if socketEvents & Int16(POLLOUT) != 0 || (woken && mosquitto_want_write(mosq)) {
            let rc = mosquitto_loop_write(mosq, 1)
            if !Mosquitto.isSuccess(rc) || mosquitto_socket(mosq) < 0 { return rc }
        }
        return mosquitto_loop_misc(mosq)
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
            endAttempt(
                error: .connectFailure(rc: rc, errno: savedErrno, log: log, options: options),
                mismatch: MQTTConnectionError.looksLikeVersionMismatch(
                    rc: rc, errno: savedErrno, log: log, options: options))
        }
    }

    private func endAttempt(error: MQTTConnectionError, mismatch: Bool) {
        let event = updateState { $0.attemptFailed(error, mismatch: mismatch) }
        if let event { continuation.yield(event) }
    }

    /// Whether `socket` has a TCP connection (its peer is known).
    private static func isConnected(_ socket: Int32) -> Bool {
        guard socket >= 0 else { return false }
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        return withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(socket, $0, &length) == 0 }
        }
    }

    /// Whether a TLS attempt's `connect` was refused at once. libmosquitto 2.0 then reports
    /// success, leaves `errno` at `ECONNREFUSED` and waits on the dead socket (hung up, no peer)
    /// until the connect timeout, where the next address should be dialled now (measured with
    /// 2.0.11: `::1` refused, 127.0.0.1 never tried). A plain attempt reports the refusal itself.
    private static func refusedAtOnce(_ mosq: OpaquePointer, tls: Bool, errno savedErrno: Int32) -> Bool {
        guard tls, savedErrno == ECONNREFUSED else { return false }
        let socket = mosquitto_socket(mosq)
        guard socket >= 0, !isConnected(socket) else { return false }
        var entry = pollfd(fd: socket, events: Int16(POLLOUT), revents: 0)
        return poll(&entry, 1, 0) == 1 && entry.revents & Int16(POLLHUP) != 0
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
