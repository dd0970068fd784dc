import FoundationEssentials
import Glibc
import HTTPServer
import Synchronization

/// The receiving thread of a ``DatagramListener`` and the state it shares with ``stop()``.
final class DatagramLoop: Sendable {
    private struct State {
        var limiter: SourceLimiter
        var counts = DatagramCounts()
        /// The thread to join; `nil` once stopped.
        var thread: pthread_t?
    }

    let settings: DatagramListener.Settings
    let name: String
    private let socket: Int32
    /// A pipe whose write end ``stop()`` writes to, to wake the thread polling its read end.
    private let wake: (read: Int32, write: Int32)
    private let backlog: FairBacklog<DatagramEvent>
    private let state: Mutex<State>

    init(
        settings: DatagramListener.Settings, name: String, descriptor: Int32, backlog: FairBacklog<DatagramEvent>
    ) throws(ListenerError) {
        self.settings = settings
        self.name = name
        socket = descriptor
        self.backlog = backlog
        state = Mutex(State(limiter: SourceLimiter(policy: settings.rate)))
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            close(descriptor)
            backlog.finish()
            throw ListenerError("cannot start the UDP listener on \(settings.address): no pipe")
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        wake = (ends[0], ends[1])
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<DatagramLoop>.fromOpaque(context).takeRetainedValue().run()
                return nil
            }, context)
        guard created == 0 else {
            Unmanaged<DatagramLoop>.fromOpaque(context).release()
            close(descriptor)
            close(wake.read)
            close(wake.write)
            backlog.finish()
            throw ListenerError("cannot start the UDP listener on \(settings.address): no thread (\(created))")
        }
        state.withLock { $0.thread = thread }
    }

    var counts: DatagramCounts { state.withLock { $0.counts } }

    func stop() {
        guard
            let thread = state.withLock({ state in
                defer { state.thread = nil }; return state.thread
            })
        else {
            return
        }
        var one: UInt8 = 1
        _ = write(wake.write, &one, 1)
        pthread_join(thread, nil)
        close(socket)
        close(wake.read)
        close(wake.write)
        backlog.finish()
    }

    // MARK: On the receiving thread

    private func run() {
        var buffer = [UInt8](repeating: 0, count: settings.sizeLimit + 1)
        var descriptors = [
            pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, 2, -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 || descriptors[1].revents != 0 { return }
            // Drain what is waiting, a bounded batch at a time so that stop is seen soon.
            for _ in 0..<64 {
                guard receive(into: &buffer) else { break }
            }
        }
    }

    /// Reads one datagram; false when none was waiting.
    private func receive(into buffer: inout [UInt8]) -> Bool {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let size = buffer.withUnsafeMutableBytes { bytes in
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    recvfrom(socket, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT | MSG_TRUNC), $0, &length)
                }
            }
        }
        guard size >= 0 else { return false }
        let source = SourceAddress(storage)
        let now = monotonicSeconds()
        // The refusal, if any, and whether it is the first of its kind from this source.
        let refusal: (reason: ListenerNotice.Reason, first: Bool)? = state.withLock { state in
            if case .limited(let firstTime) = state.limiter.admit(source.host, at: now) {
                state.counts.rateLimited += 1
                return (.rateLimited(settings.rate), firstTime)
            }
            let reason: ListenerNotice.Reason
            if size == 0 {
                state.counts.empty += 1
                reason = .empty
            } else if size > settings.sizeLimit {
                state.counts.tooLarge += 1
                reason = .tooLarge(limit: settings.sizeLimit)
            } else {
                state.counts.accepted += 1
                return nil
            }
            return (reason, state.limiter.firstNotice(reason.kind, from: source.host, at: now))
        }
        if let refusal {
            if refusal.first { notice(source.host, refusal.reason) }
            return true
        }
        let datagram = Datagram(
            source: source.host, sourcePort: source.port, bytes: Array(buffer[..<size]), received: Date())
        let weight = state.withLock { $0.limiter.remaining(source.host) }
        if let dropped = backlog.yield(.datagram(datagram), from: source.host, weight: weight, kind: .request) {
            let first = state.withLock { state in
                state.counts.dropped += 1
                return state.limiter.firstNotice(.dropped, from: dropped, at: now)
            }
            if first { notice(dropped, .dropped(backlog: settings.backlog)) }
        }
        return true
    }

    private func notice(_ source: String, _ reason: ListenerNotice.Reason) {
        let notice = ListenerNotice(listener: name, source: source, reason: reason)
        backlog.yield(.notice(notice), from: source, weight: 0, kind: .notice)
    }
}
