import CMicroHTTPD
import Dispatch
import Glibc
import Synchronization

/// The libmicrohttpd side of an ``HTTPListener``: the daemon, its callbacks and the state they
/// share. Callbacks arrive on libmicrohttpd's one polling thread, one at a time; they copy the
/// request, ask the handler and queue its answer. The connections are kept by a
/// ``ConnectionTable``: asked before each is taken, told when each opens, is answered and
/// closes, and swept for overdue requests by a Dispatch timer of the daemon's own, armed for the
/// earliest deadline while a connection is open (`HTTPDaemon+Connections.swift`).
final class HTTPDaemon: Sendable {
    struct State {
        var limiter: SourceLimiter
        var connections: ConnectionTable
        var counts = ServerCounts()
    }

    /// The daemon pointer; `nil` once stopped.
    private struct Handle: @unchecked Sendable {  // one field: used under `handle`'s lock, then by stop only
        let pointer: OpaquePointer
    }

    /// `@unchecked`: the timer is scheduled under `sweeper`'s lock only, cancelled by stop only.
    struct Sweeper: @unchecked Sendable {
        let timer: DispatchSourceTimer
        /// The deadline (monotonic seconds) it is armed for.
        var armed: Double?
    }

    let settings: HTTPListener.Settings
    let name: String
    let handler: any HTTPHandler
    let notices: @Sendable (ListenerNotice) -> Void
    let state: Mutex<State>
    private let handle = Mutex<Handle?>(nil)
    /// The sweep for overdue requests: a Dispatch timer, not a task, so that it runs however busy
    /// the process's cooperative threads are (`nil` once stopped).
    let sweeper = Mutex<Sweeper?>(nil)

    init(
        settings: HTTPListener.Settings, name: String, descriptor: Int32, handler: any HTTPHandler,
        notices: @escaping @Sendable (ListenerNotice) -> Void
    ) throws(ListenerError) {
        self.settings = settings
        self.name = name
        self.handler = handler
        self.notices = notices
        let limits = ConnectionTable.Limits(
            total: Int(settings.connectionLimit), perSource: Int(settings.connectionsPerAddress),
            requestSeconds: settings.requestSeconds)
        state = Mutex(State(limiter: SourceLimiter(policy: settings.rate), connections: ConnectionTable(limits)))
        var error = [CChar](repeating: 0, count: 512)
        guard cmhd_load(&error, error.count) == 0 else {
            close(descriptor)
            throw ListenerError(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        var flags = MHD_USE_AUTO_INTERNAL_THREAD.rawValue
        if settings.address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        // libmicrohttpd's own limits stay above the table's: it checks them before asking
        // `accept`, silently, and a connection closed to make room counts until it is gone.
        var server = cmhd_settings(
            flags: flags, listen_socket: descriptor, timeout_seconds: settings.idleTimeoutSeconds,
            connection_limit: settings.connectionLimit * 2, per_address_limit: 0, connection_memory: 32 * 1024,
            accept: Self.accept, connection: Self.connection, handler: Self.access, uri: Self.began,
            completed: Self.completed, context: Unmanaged.passUnretained(self).toOpaque())
        guard let started = cmhd_start(&server) else {
            close(descriptor)
            throw ListenerError("cannot start the HTTP listener on \(settings.address) (libmicrohttpd refused)")
        }
        handle.withLock { $0 = Handle(pointer: started) }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { [weak self] in self?.closeOverdue() }
        timer.resume()  // fires only once armed
        sweeper.withLock { $0 = Sweeper(timer: timer) }
    }

    var counts: ServerCounts { state.withLock { $0.counts } }

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
    }

    // MARK: On libmicrohttpd's thread

    /// One request between its first line and its completion.
    private final class Pending {
        let target: String
        var head: RequestHead?
        var body: [UInt8] = []
        var tooLarge = false

        init(target: String) { self.target = target }
    }

    private static let began: cmhd_uri_callback = { context, uri, connection in
        let target = uri.map { String(cString: $0) } ?? "/"
        if let context, let connection {
            let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue()
            daemon.refuseManyFields(target, on: connection)
        }
        return Unmanaged.passRetained(Pending(target: target)).toOpaque()
    }

    /// A query of more fields than ``HTTPListener/Settings/fieldLimit`` is refused as soon as its
    /// line is in: past a few hundred, libmicrohttpd's 32 kB of connection memory runs out while
    /// it parses them, and it neither answers nor closes (0.9.75). Closed here, said once per
    /// source. The query starts after the first `?`, else after the first `&` (the Ambient
    /// firmwares' glued query, ``PushRequest``).
    private func refuseManyFields(_ target: String, on connection: OpaquePointer) {
        let start = target.firstIndex(of: "?") ?? target.firstIndex(of: "&")
        guard let start else { return }
        let fields = target[target.index(after: start)...].utf8.count { $0 == UInt8(ascii: "&") }
        guard fields >= settings.fieldLimit else { return }
        let id = Self.identity(connection)
        let victim = state.withLock { state in
            let victim = state.connections.close(id)
            if let victim { Self.shut(victim) }
            return victim
        }
        if let victim { refuse(victim.source, .tooManyFields(limit: settings.fieldLimit)) }
    }

    private static let completed: MHD_RequestCompletedCallback = { context, connection, requestContext, _ in
        if let context, let connection {
            let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue()
            let now = monotonicSeconds()
            daemon.state.withLock { $0.connections.answered(HTTPDaemon.identity(connection), at: now) }
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
        let daemon = Unmanaged<HTTPDaemon>.fromOpaque(context).takeUnretainedValue()
        let pending = Unmanaged<Pending>.fromOpaque(pendingPointer).takeUnretainedValue()
        guard let head = pending.head else {
            let source = cmhd_client_address(connection).map { SourceAddress($0).host } ?? "unknown"
            let head = RequestHead(
                source: source, method: method.map { String(cString: $0) } ?? "", target: pending.target,
                headers: headers(connection))
            pending.head = head
            guard let refusal = daemon.refusal(head) else { return .YES }
            return daemon.queue(refusal, for: head, on: connection)
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
            let refusal = ServerResponse.text(
                413, "payload too large", notice: .init(.tooLarge(limit: daemon.settings.bodyLimit)))
            return daemon.queue(refusal, for: head, on: connection)
        }
        let budget = daemon.state.withLock { state in
            state.counts.handled += 1
            state.connections.received(identity(connection))
            return state.limiter.remaining(head.source)
        }
        let response = daemon.handler.respond(to: ServerRequest(head: head, body: pending.body, budget: budget))
        return daemon.queue(response, for: head, on: connection)
    }

    /// The request's header fields, copied.
    private static func headers(_ connection: OpaquePointer) -> [HeaderField] {
        final class Collected { var fields: [HeaderField] = [] }
        let collected = Collected()
        _ = cmhd_headers(
            connection,
            { context, _, key, value in
                guard let context, let key else { return .YES }
                let fields = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
                fields.fields.append(HeaderField(String(cString: key), value.map { String(cString: $0) } ?? ""))
                return .YES
            }, Unmanaged.passUnretained(collected).toOpaque())
        return collected.fields
    }

    /// Counts and reports `response`'s notice, and queues it on `connection`.
    private func queue(_ response: ServerResponse, for head: RequestHead, on connection: OpaquePointer) -> MHD_Result {
        if let notice = response.notice { refuse(notice.source ?? head.source, notice.reason) }
        guard let made = response.body.withUnsafeBytes({ cmhd_response($0.baseAddress, $0.count) }) else {
            return .NO  // out of memory: libmicrohttpd closes the connection
        }
        defer { cmhd_destroy_response(made) }
        for field in response.headers { _ = cmhd_add_header(made, field.name, field.value) }
        return cmhd_queue(connection, UInt32(response.status), made)
    }

    /// The answer to refuse a request with as soon as its head is in, or `nil` to read it: the
    /// source's budget, then the handler's screen, then the declared length.
    private func refusal(_ head: RequestHead) -> ServerResponse? {
        let now = monotonicSeconds()
        let verdict = state.withLock { $0.limiter.admit(head.source, at: now) }
        if case .limited(let firstTime) = verdict {
            state.withLock { $0.counts.refused[.rateLimited, default: 0] += 1 }
            if firstTime { notice(head.source, .rateLimited(settings.rate)) }
            return .text(429, "too many requests")
        }
        if let screened = handler.screen(head) { return screened }
        if let declared = head.header("Content-Length").flatMap({ Int($0) }), declared > settings.bodyLimit {
            return .text(413, "payload too large", notice: .init(.tooLarge(limit: settings.bodyLimit)))
        }
        return nil
    }

    /// Counts a refusal and reports it if it is the first of its kind from `source`.
    func refuse(_ source: String, _ reason: ListenerNotice.Reason) {
        let now = monotonicSeconds()
        let first = state.withLock { state in
            state.counts.refused[reason.kind, default: 0] += 1
            return state.limiter.firstNotice(reason.kind, from: source, at: now)
        }
        if first { notice(source, reason) }
    }

    private func notice(_ source: String, _ reason: ListenerNotice.Reason) {
        let now = monotonicSeconds()
        guard let unsaid = state.withLock({ $0.limiter.sayNotice(at: now) }) else { return }
        notices(
            ListenerNotice(listener: name, source: source, reason: reason, unsaid: unsaid, subject: settings.subject))
    }

    static func identity(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: connection)) }
}

/// Seconds on the monotonic clock, for rate budgets.
package func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
