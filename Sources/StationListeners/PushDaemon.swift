import CMicroHTTPD
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// The libmicrohttpd side of a ``PushListener``: the daemon, its callbacks and the state they
/// share. Callbacks arrive on libmicrohttpd's one polling thread, one at a time; they copy the
/// request, decide the answer under ``state``'s lock and hand it to the ``FairBacklog``. The
/// connections are kept by a ``ConnectionTable``: asked before each is taken, told when each
/// opens, is answered and closes, and swept for overdue requests by a Dispatch timer of the
/// daemon's own, armed for the earliest deadline while a connection is open.
final class PushDaemon: Sendable {
    private struct State {
        var limiter: SourceLimiter
        var connections: ConnectionTable
        var counts = PushCounts()
    }

    /// The daemon pointer; `nil` once stopped.
    private struct Handle: @unchecked Sendable {  // one field: used under `handle`'s lock, then by stop only
        let pointer: OpaquePointer
    }

    /// A canned answer, made once and queued on any number of connections (libmicrohttpd counts
    /// its uses).
    private struct Answer: @unchecked Sendable {  // one field: read-only once made; freed by stop only
        let pointer: OpaquePointer

        init(_ text: String) {
            guard let made = cmhd_text_response(text, text.utf8.count) else {
                fatalError("MHD_create_response_from_buffer failed (out of memory)")
            }
            pointer = made
        }
    }

    /// The answers the listener gives.
    private struct Answers: Sendable {
        let success = Answer("success")
        let notFound = Answer("not found")
        let wrongMethod = Answer("method not allowed")
        let tooLarge = Answer("payload too large")
        let tooMany = Answer("too many requests")

        func destroy() {
            for answer in [success, notFound, wrongMethod, tooLarge, tooMany] { cmhd_destroy_response(answer.pointer) }
        }
    }

    let settings: PushListener.Settings
    let name: String
    private let backlog: FairBacklog<PushEvent>
    private let state: Mutex<State>
    private let answers: Answers
    private let handle = Mutex<Handle?>(nil)
    /// The sweep for overdue requests: a Dispatch timer, not a task, so that it runs however busy
    /// the process's cooperative threads are; armed for the earliest deadline while connections
    /// are open, idle otherwise (`nil` once stopped).
    private let sweeper = Mutex<Sweeper?>(nil)

    /// `@unchecked`: the timer is scheduled under `sweeper`'s lock only, cancelled by stop only.
    private struct Sweeper: @unchecked Sendable {
        let timer: DispatchSourceTimer
        /// The deadline (monotonic seconds) it is armed for.
        var armed: Double?
    }

    init(
        settings: PushListener.Settings, name: String, descriptor: Int32, backlog: FairBacklog<PushEvent>
    ) throws(ListenerError) {
        self.settings = settings
        self.name = name
        self.backlog = backlog
        let limits = ConnectionTable.Limits(
            total: Int(settings.connectionLimit), perSource: Int(settings.connectionsPerAddress),
            requestSeconds: settings.requestSeconds)
        state = Mutex(State(limiter: SourceLimiter(policy: settings.rate), connections: ConnectionTable(limits)))
        var error = [CChar](repeating: 0, count: 512)
        guard cmhd_load(&error, error.count) == 0 else {
            close(descriptor)
            backlog.finish()
            throw ListenerError(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        answers = Answers()
        var flags = MHD_USE_AUTO_INTERNAL_THREAD.rawValue
        if settings.address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        // libmicrohttpd's own limits stay above the table's: it checks them before asking
        // `accept`, silently, and a connection closed to make room counts until it is gone.
        var server = cmhd_settings(
            flags: flags, listen_socket: descriptor, timeout_seconds: settings.idleTimeoutSeconds,
            connection_limit: settings.connectionLimit * 2, per_address_limit: 0, connection_memory: 32 * 1024,
            accept: Self.accept, connection: Self.connection, handler: Self.access, uri: Self.began,
            completed: Self.completed, context: Unmanaged.passUnretained(self).toOpaque())
        let started = cmhd_start(&server)
        guard let started else {
            close(descriptor)
            answers.destroy()
            backlog.finish()
            throw ListenerError("cannot start the HTTP listener on \(settings.address) (libmicrohttpd refused)")
        }
        handle.withLock { $0 = Handle(pointer: started) }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { [weak self] in self?.closeOverdue() }
        timer.resume()  // fires only once armed
        sweeper.withLock { $0 = Sweeper(timer: timer) }
    }

    var counts: PushCounts { state.withLock { $0.counts } }

    func stop() {
        guard
            let stopped = handle.withLock({ handle in
                defer { handle = nil }; return handle
            })
        else { return }
        sweeper.withLock { sweeper in
            sweeper?.timer.cancel()
            sweeper = nil
        }
        cmhd_stop(stopped.pointer)  // joins its thread, closes the socket and every connection
        answers.destroy()
        backlog.finish()
    }

    // MARK: On libmicrohttpd's thread

    /// One request between its first line and its completion.
    private final class Pending {
        let target: String
        var method = ""
        var source = ""
        var body: [UInt8] = []
        var started = false
        var tooLarge = false

        init(target: String) { self.target = target }
    }

    private static let began: cmhd_uri_callback = { context, uri, connection in
        let target = uri.map { String(cString: $0) } ?? "/"
        if let context, let connection {
            let daemon = Unmanaged<PushDaemon>.fromOpaque(context).takeUnretainedValue()
            daemon.refuseManyFields(target, on: connection)
        }
        return Unmanaged.passRetained(Pending(target: target)).toOpaque()
    }

    /// A query of more fields than any station sends is refused as soon as its line is in: past
    /// a few hundred, libmicrohttpd's 32 kB of connection memory runs out while it parses them,
    /// and it neither answers nor closes (0.9.75). Closed here, said once per source.
    private func refuseManyFields(_ target: String, on connection: OpaquePointer) {
        let query = PushRequest.split(target).query
        guard query.utf8.count(where: { $0 == UInt8(ascii: "&") }) >= settings.fieldLimit else { return }
        let id = Self.identity(connection)
        let victim = state.withLock { state in
            let victim = state.connections.close(id)
            if let victim { Self.shut(victim) }
            return victim
        }
        if let victim { refuse(victim.source, .tooManyFields(limit: settings.fieldLimit), \.tooLarge) }
    }

    private static let completed: MHD_RequestCompletedCallback = { context, connection, requestContext, _ in
        if let context, let connection {
            let daemon = Unmanaged<PushDaemon>.fromOpaque(context).takeUnretainedValue()
            let now = monotonicSeconds()
            daemon.state.withLock { $0.connections.answered(PushDaemon.identity(connection), at: now) }
        }
        guard let requestContext, let pending = requestContext.pointee else { return }
        Unmanaged<Pending>.fromOpaque(pending).release()
        requestContext.pointee = nil
    }

    private static let access: MHD_AccessHandlerCallback = {
        context, connection, _, method, _, upload, uploadSize, requestContext in
        guard let context, let connection, let requestContext, let pendingPointer = requestContext.pointee else {
            return .NO
        }
        let daemon = Unmanaged<PushDaemon>.fromOpaque(context).takeUnretainedValue()
        let pending = Unmanaged<Pending>.fromOpaque(pendingPointer).takeUnretainedValue()
        if !pending.started {
            pending.started = true
            pending.method = method.map { String(cString: $0) } ?? ""
            pending.source = cmhd_client_address(connection).map { SourceAddress($0).host } ?? "unknown"
            let declared = cmhd_header(connection, "Content-Length")
                .flatMap { Int(String(cString: $0)) }
            guard let refusal = daemon.refusal(pending, declaredLength: declared) else { return .YES }
            return cmhd_queue(connection, refusal.status, refusal.answer.pointer)
        }
        if let uploadSize, uploadSize.pointee > 0 {
            if !pending.tooLarge, let upload {
                if pending.body.count + uploadSize.pointee > daemon.settings.bodyLimit {
                    pending.tooLarge = true
                    pending.body = []
                } else {
                    upload.withMemoryRebound(to: UInt8.self, capacity: uploadSize.pointee) {
                        pending.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: uploadSize.pointee))
                    }
                }
            }
            uploadSize.pointee = 0
            return .YES
        }
        if pending.tooLarge {
            daemon.refuse(pending.source, .tooLarge(limit: daemon.settings.bodyLimit), \.tooLarge)
            return cmhd_queue(connection, 413, daemon.answers.tooLarge.pointer)
        }
        daemon.deliver(pending)
        return cmhd_queue(connection, 200, daemon.answers.success.pointer)
    }

    /// Whether a new connection from `address` is taken; closes another to make room when the
    /// table says so, and overdue ones while at it. Refusals are counted and said once per source.
    private static let accept: MHD_AcceptPolicyCallback = { context, address, _ in
        guard let context, let address else { return .NO }
        let daemon = Unmanaged<PushDaemon>.fromOpaque(context).takeUnretainedValue()
        return daemon.admit(SourceAddress(address).host) ? .YES : .NO
    }

    private static let connection: MHD_NotifyConnectionCallback = { context, connection, _, code in
        guard let context, let connection else { return }
        let daemon = Unmanaged<PushDaemon>.fromOpaque(context).takeUnretainedValue()
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

    private static func identity(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: connection)) }

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
            refuse(victim.source, .crowdedOut(total: Int(settings.connectionLimit)), \.connectionsRefused)
            return true
        case .refuse(let held):
            let reason = ListenerNotice.Reason.tooManyConnections(
                held: held, perSource: Int(settings.connectionsPerAddress), total: Int(settings.connectionLimit))
            refuse(source, reason, \.connectionsRefused)
            return false
        }
    }

    /// Closes the connections past their deadline (the sweeper's round), and arms the sweeper
    /// for the next deadline, if a connection is open.
    private func closeOverdue() {
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
            refuse(victim.source, .tooSlow(seconds: settings.requestSeconds), \.tooSlow)
        }
    }

    /// Ends a connection's socket both ways: libmicrohttpd sees it closed on its next round and
    /// closes it (and tells the table).
    private static func shut(_ victim: ConnectionTable.Victim) {
        if victim.descriptor >= 0 { _ = shutdown(victim.descriptor, Int32(SHUT_RDWR)) }
    }

    /// The answer to refuse a request with as soon as its headers are in, or `nil` to read it.
    private func refusal(_ pending: Pending, declaredLength: Int?) -> (status: UInt32, answer: Answer)? {
        let now = monotonicSeconds()
        let verdict = state.withLock { $0.limiter.admit(pending.source, at: now) }
        if case .limited(let firstTime) = verdict {
            state.withLock { $0.counts.rateLimited += 1 }
            if firstTime { notice(pending.source, .rateLimited(settings.rate)) }
            return (429, answers.tooMany)
        }
        if pending.method != "GET" && pending.method != "POST" {
            refuse(pending.source, .wrongMethod(pending.method), \.wrongMethod)
            return (405, answers.wrongMethod)
        }
        if let expected = settings.path {
            let path = PushRequest.split(pending.target).path
            if Self.trimmed(path) != Self.trimmed(expected) {
                refuse(pending.source, .wrongPath(path, expected: expected), \.wrongPath)
                return (404, answers.notFound)
            }
        }
        if let declaredLength, declaredLength > settings.bodyLimit {
            refuse(pending.source, .tooLarge(limit: settings.bodyLimit), \.tooLarge)
            return (413, answers.tooLarge)
        }
        return nil
    }

    /// Counts a refusal and reports it if it is the first of its kind from `source`.
    private func refuse(_ source: String, _ reason: ListenerNotice.Reason, _ counter: WritableKeyPath<PushCounts, Int>)
    {
        let now = monotonicSeconds()
        let first = state.withLock { state in
            state.counts[keyPath: counter] += 1
            return state.limiter.firstNotice(reason.kind, from: source, at: now)
        }
        if first { notice(source, reason) }
    }

    private func notice(_ source: String, _ reason: ListenerNotice.Reason) {
        let now = monotonicSeconds()
        guard let unsaid = state.withLock({ $0.limiter.sayNotice(at: now) }) else { return }
        let notice = ListenerNotice(listener: name, source: source, reason: reason, unsaid: unsaid)
        backlog.yield(.notice(notice), from: source, weight: 0, kind: .notice)
    }

    private func deliver(_ pending: Pending) {
        let request = PushRequest(
            source: pending.source, method: pending.method, target: pending.target, body: pending.body,
            received: Date())
        let weight = state.withLock { $0.limiter.remaining(pending.source) }
        let dropped = backlog.yield(.request(request), from: pending.source, weight: weight, kind: .request)
        state.withLock { state in
            state.counts.accepted += 1
            if dropped != nil { state.counts.dropped += 1 }
        }
        if let dropped, state.withLock({ $0.limiter.firstNotice(.dropped, from: dropped, at: monotonicSeconds()) }) {
            notice(dropped, .dropped(backlog: settings.backlog))
        }
    }

    private static func trimmed(_ path: String) -> Substring {
        var path = Substring(path)
        while path.count > 1 && path.hasSuffix("/") { path = path.dropLast() }
        return path
    }
}

/// Seconds on the monotonic clock, for rate budgets.
func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
