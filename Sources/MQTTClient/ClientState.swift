/// Mutable client state shared by the caller's threads and the network thread,
/// always accessed under `ClientCore.state`'s mutex.
struct ClientState: ~Copyable {
    enum Phase {
        /// `start()` not called yet.
        case idle
        /// The network thread is connecting, connected or backing off.
        case running
        /// `stop()` was called; the network thread is disconnecting.
        case stopping
        /// The network thread has exited (or never ran) and the event stream is finished.
        case finished
    }

    /// What an async waiter is waiting for.
    enum Condition {
        case finished
        case allPublished
    }

    struct Waiter {
        var condition: Condition
        var continuation: CheckedContinuation<Bool, Never>
        var timer: Task<Void, Never>?
    }

    var phase: Phase = .idle
    /// The MQTT version of the current attempt or connection (`ProtocolNegotiation`).
    var negotiation: ProtocolNegotiation
    /// Whether a failure of the current attempt goes unreported: the host's next address is
    /// dialled at once (`HostAddresses`).
    var quietAttempt = false
    /// Whether the current attempt failed as a broker that does not speak MQTT 5 would fail it,
    /// and the next attempt, at once, speaks 3.1.1.
    var fellBack = false
    /// Until when a stopping network thread may wait for its DISCONNECT to go out.
    var stopDeadline: ContinuousClock.Instant?
    /// Between CONNACK (accepted) and the end of that connection.
    var connected = false
    /// Whether the broker accepted the current connection attempt.
    var attemptAccepted = false
    /// Whether the current connection attempt's failure (or success) has been reported.
    var attemptReported = false
    /// How long the network thread waits after the current attempt if it fails; announced with
    /// its `connectionFailed` and then slept, so the two cannot differ.
    var retryDelay: Duration = .zero
    /// libmosquitto's error and warning log lines of the current attempt (TLS details live there).
    var attemptLog: [String] = []
    /// Filters to (re)subscribe on every connect without a session.
    var subscriptions: [String: SubscriptionOptions] = [:]
    /// QoS > 0 messages published while not connected, sent in order on the next CONNACK.
    /// (libmosquitto 2.0.11 would queue them itself but resends them without the retain flag.)
    var offlineQueue: [OutgoingMessage] = []
    /// Between CONNACK and the end of sending `offlineQueue`; publishes keep queueing meanwhile
    /// so that order is kept.
    var draining = false
    /// Message ids of QoS > 0 publishes not yet acknowledged.
    var pendingMids: Set<Int32> = []
    /// Message ids of QoS 0 publishes not yet written.
    var qos0Mids: Set<Int32> = []
    /// Message ids whose `on_publish` arrived before `publish()` recorded them.
    var earlyAcks: Set<Int32> = []
    var waiters: [UInt64: Waiter] = [:]
    var nextWaiterID: UInt64 = 0

    init(negotiation: ProtocolNegotiation) {
        self.negotiation = negotiation
    }

    /// The event that reports the current attempt's failure, once; `nil` when it was reported,
    /// the client is stopping, or the host's next address is tried at once. An MQTT 5 attempt
    /// that failed as a 3.1.1-only broker fails it (`mismatch`) says that 3.1.1 comes next.
    mutating func attemptFailed(_ error: MQTTConnectionError, mismatch: Bool) -> MQTTEvent? {
        guard !attemptReported else { return nil }
        attemptReported = true
        guard phase == .running, !quietAttempt else { return nil }
        guard negotiation.failed(mismatch: mismatch) else { return .connectionFailed(error, retryIn: retryDelay) }
        fellBack = true
        retryDelay = .zero
        let message = error.message + "; the broker may speak only MQTT 3.1.1: trying MQTT 3.1.1"
        return .connectionFailed(MQTTConnectionError(.protocolVersion, message), retryIn: .zero)
    }

    func isSatisfied(_ condition: Condition) -> Bool {
        switch condition {
        case .finished: phase == .finished
        case .allPublished: pendingMids.isEmpty && offlineQueue.isEmpty
        }
    }

    /// Removes and returns the waiters whose condition now holds; resume them outside the lock.
    mutating func takeSatisfiedWaiters() -> [Waiter] {
        guard !waiters.isEmpty else { return [] }
        var satisfied: [Waiter] = []
        for (id, waiter) in waiters where isSatisfied(waiter.condition) {
            satisfied.append(waiter)
            waiters[id] = nil
        }
        return satisfied
    }

    /// Records a finished publish (acknowledged, or written for QoS 0).
    mutating func acknowledge(mid: Int32) {
        if pendingMids.remove(mid) != nil || qos0Mids.remove(mid) != nil { return }
        earlyAcks.insert(mid)
    }

    /// Records a publish accepted by libmosquitto (sent or queued).
    mutating func track(mid: Int32, qos: Int) {
        if earlyAcks.remove(mid) != nil { return }
        if qos > 0 {
            pendingMids.insert(mid)
        } else {
            qos0Mids.insert(mid)
        }
    }
}

/// A publish request, kept while there is no connection.
struct OutgoingMessage: Sendable {
    var topic: String
    var payload: [UInt8]
    var qos: Int
    var retain: Bool
    var messageExpiry: UInt32?
}

extension [ClientState.Waiter] {
    /// Resumes every waiter with `result` and cancels its timeout timer.
    func resumeAll(returning result: Bool) {
        for waiter in self {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: result)
        }
    }
}

/// What a subscription asked for, re-sent on every reconnect without a session.
struct SubscriptionOptions: Sendable, Equatable {
    var qos: Int
    /// MQTT 5 "no local": the broker sends none of our own live publications back (asked for
    /// only on MQTT 5 connections; retained copies sent at subscription time still come).
    var noLocal: Bool
}
