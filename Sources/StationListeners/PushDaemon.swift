import CMicroHTTPD
import FoundationEssentials
import Glibc
import Synchronization

/// The libmicrohttpd side of a ``PushListener``: the daemon, its callbacks and the state they
/// share. Callbacks arrive on libmicrohttpd's one polling thread, one at a time; they copy the
/// request, decide the answer under ``state``'s lock and yield to the continuation.
final class PushDaemon: Sendable {
    private struct State {
        var limiter: SourceLimiter
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
    private let continuation: AsyncStream<PushEvent>.Continuation
    private let state: Mutex<State>
    private let answers: Answers
    private let handle = Mutex<Handle?>(nil)

    init(
        settings: PushListener.Settings, name: String, descriptor: Int32,
        continuation: AsyncStream<PushEvent>.Continuation
    ) throws(ListenerError) {
        self.settings = settings
        self.name = name
        self.continuation = continuation
        state = Mutex(State(limiter: SourceLimiter(policy: settings.rate)))
        var error = [CChar](repeating: 0, count: 512)
        guard cmhd_load(&error, error.count) == 0 else {
            close(descriptor)
            continuation.finish()
            throw ListenerError(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        answers = Answers()
        var flags = MHD_USE_AUTO_INTERNAL_THREAD.rawValue
        if settings.address.isIPv6 { flags |= MHD_USE_IPv6.rawValue }
        let started = cmhd_start(
            flags, descriptor, settings.idleTimeoutSeconds, settings.connectionLimit,
            settings.connectionsPerAddress, 32 * 1024, Self.access, Self.began, Self.completed,
            Unmanaged.passUnretained(self).toOpaque())
        guard let started else {
            close(descriptor)
            answers.destroy()
            continuation.finish()
            throw ListenerError("cannot start the HTTP listener on \(settings.address) (libmicrohttpd refused)")
        }
        handle.withLock { $0 = Handle(pointer: started) }
    }

    var counts: PushCounts { state.withLock { $0.counts } }

    func stop() {
        guard
            let stopped = handle.withLock({ handle in
                defer { handle = nil }; return handle
            })
        else { return }
        cmhd_stop(stopped.pointer)  // joins its thread, closes the socket and every connection
        answers.destroy()
        continuation.finish()
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

    private static let began: cmhd_uri_callback = { _, uri, _ in
        let target = uri.map { String(cString: $0) } ?? "/"
        return Unmanaged.passRetained(Pending(target: target)).toOpaque()
    }

    private static let completed: MHD_RequestCompletedCallback = { _, _, requestContext, _ in
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
        continuation.yield(.notice(ListenerNotice(listener: name, source: source, reason: reason)))
    }

    private func deliver(_ pending: Pending) {
        let request = PushRequest(
            source: pending.source, method: pending.method, target: pending.target, body: pending.body,
            received: Date())
        let result = continuation.yield(.request(request))
        let dropped: Bool
        if case .dropped = result { dropped = true } else { dropped = false }
        state.withLock { state in
            state.counts.accepted += 1
            if dropped { state.counts.dropped += 1 }
        }
        if dropped, state.withLock({ $0.limiter.firstNotice(.dropped, from: pending.source, at: monotonicSeconds()) }) {
            notice(pending.source, .dropped(backlog: settings.backlog))
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
