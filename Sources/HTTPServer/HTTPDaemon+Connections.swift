import CMicroHTTPD
import Dispatch
import Glibc

/// The connections: which are taken, which are closed to make room or for being too slow.
extension HTTPDaemon {
    /// Whether a new connection from `address` is taken; closes another to make room when the
    /// table says so, and overdue ones while at it. Refusals are counted and said once per source.
    static let accept: MHD_AcceptPolicyCallback = { context, address, _ in
        guard let context, let address else { return .NO }
        let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue()
        return daemon.admit(SourceAddress(address).host) ? .YES : .NO
    }

    static let connection: MHD_NotifyConnectionCallback = { context, connection, _, code in
        guard let context, let connection else { return }
        let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue()
        let id = identity(connection)
        if code.rawValue == 0 {  // MHD_CONNECTION_NOTIFY_STARTED (1: _CLOSED)
            let source = cmhd_client_address(connection).map { SourceAddress($0).host } ?? "unknown"
            let descriptor = cmhd_connection_socket(connection)
            let now = monotonicSeconds()
            daemon.state.withLock { $0.connections.opened(id, descriptor: descriptor, source: source, at: now) }
            daemon.arm(now + daemon.settings.requestSeconds)
        } else {
            // Before libmicrohttpd closes the socket: the table never names a closed descriptor.
            daemon.state.withLock { $0.connections.closed(id) }
        }
    }

    private func admit(_ source: String) -> Bool {
        let now = monotonicSeconds()
        let (admission, overdue) = state.withLock { state in
            let overdue = state.connections.overdue(at: now)
            let admission = state.connections.admit(source)
            // Shut down under the lock: a descriptor in the table is open until `closed` has run.
            for victim in overdue { Self.shut(victim) }
            if case .admitClosing(let victim) = admission { Self.shut(victim) }
            return (admission, overdue)
        }
        reportSlow(overdue)
        switch admission {
        case .admit:
            return true
        case .admitClosing(let victim):
            refuse(victim.source, .crowdedOut(total: Int(settings.connectionLimit)))
            return true
        case .refuse(let held):
            let reason = ListenerNotice.Reason.tooManyConnections(
                held: held, perSource: Int(settings.connectionsPerAddress), total: Int(settings.connectionLimit))
            refuse(source, reason)
            return false
        }
    }

    /// Closes the connections past their deadline (the sweeper's round), and arms the sweeper
    /// for the next deadline, if a connection is open.
    func closeOverdue() {
        sweeper.withLock { $0?.armed = nil }
        let now = monotonicSeconds()
        let (overdue, next) = state.withLock { state in
            let overdue = state.connections.overdue(at: now)
            for victim in overdue { Self.shut(victim) }
            return (overdue, state.connections.nextDeadline)
        }
        if let next { arm(next) }
        reportSlow(overdue)
    }

    /// Arms the sweeper for `deadline` (monotonic seconds), unless it is armed for earlier.
    private func arm(_ deadline: Double) {
        sweeper.withLock { sweeper in
            guard sweeper != nil else { return }
            if let armed = sweeper?.armed, armed <= deadline { return }
            let delay = max(0, deadline - monotonicSeconds()) + 0.05
            sweeper?.timer.schedule(deadline: .now() + delay, leeway: .milliseconds(100))
            sweeper?.armed = deadline
        }
    }

    private func reportSlow(_ victims: [ConnectionTable.Victim]) {
        // A kept-alive connection left idle after its answer is closed quietly, as servers do.
        for victim in victims where !victim.answered {
            refuse(victim.source, .tooSlow(seconds: settings.requestSeconds))
        }
    }

    /// Ends a connection's socket both ways: libmicrohttpd sees it closed on its next round and
    /// closes it (and tells the table).
    static func shut(_ victim: ConnectionTable.Victim) {
        if victim.descriptor >= 0 { _ = shutdown(victim.descriptor, Int32(SHUT_RDWR)) }
    }
}
