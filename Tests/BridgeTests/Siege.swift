import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Neighbours that try to hold an HTTP listener on 127.0.0.1, from many addresses of
/// 127.0.0.0/8 (every one of them is this machine's loopback): slow senders that open
/// connections and send one byte of a request a second, reconnecting whenever they are
/// closed, and a flood that opens connections and sends whole requests as fast as it can.
/// Bounded: it stops when asked, or after `limit` seconds by itself, and never reaches past
/// loopback.
final class Siege: Sendable {
    struct Plan: Sendable {
        /// The listener's port on 127.0.0.1.
        var port: Int
        /// Slow senders: how many addresses, and connections from each.
        var slowAddresses = 0
        var slowPerAddress = 4
        /// The flood: how many addresses, and connections in flight at once.
        var floodAddresses = 0
        var floodInFlight = 64
        /// The flood's request: a GET with this query.
        var floodQuery = "PASSKEY=0123456789ABCDEF0123456789AB9876&tempf=50.0"
        /// The longest it runs if never stopped.
        var limit: Double = 60

        init(port: Int) { self.port = port }
    }

    /// What it did so far.
    struct Stats: Sendable {
        /// Connections opened by the slow senders, and how many of them the listener closed.
        var slowConnections = 0
        var slowClosed = 0
        /// Bytes the slow senders got through, and their rounds (one a second).
        var slowBytes = 0
        var slowRounds = 0
        /// Connections the flood opened, and answers it read (any status).
        var floodConnections = 0
        var floodAnswers = 0
    }

    private let plan: Plan
    private let stats = Mutex(Stats())
    private let stopping = Atomic<Bool>(false)
    private let running = Atomic<Int>(0)

    /// Starts the slow senders and the flood, each on a thread of its own.
    init(_ plan: Plan) {
        self.plan = plan
        let deadline = Date().addingTimeInterval(plan.limit)
        if plan.slowAddresses > 0 {
            running.add(1, ordering: .sequentiallyConsistent)
            Thread.detachNewThread { [self] in
                slow(until: deadline)
                running.subtract(1, ordering: .sequentiallyConsistent)
            }
        }
        if plan.floodAddresses > 0 {
            running.add(1, ordering: .sequentiallyConsistent)
            Thread.detachNewThread { [self] in
                flood(until: deadline)
                running.subtract(1, ordering: .sequentiallyConsistent)
            }
        }
    }

    var current: Stats { stats.withLock { $0 } }

    /// Stops both and waits (at most 5 s) until their sockets are closed.
    func stop() {
        stopping.store(true, ordering: .sequentiallyConsistent)
        let deadline = Date().addingTimeInterval(5)
        while running.load(ordering: .sequentiallyConsistent) > 0 && Date() < deadline { usleep(10_000) }
    }

    deinit { stopping.store(true, ordering: .sequentiallyConsistent) }

    private func over(_ deadline: Date) -> Bool {
        stopping.load(ordering: .sequentiallyConsistent) || Date() >= deadline
    }

    /// 127.0.`block`.`n` for the `index`th address of a block (1 to 250 in each /24).
    private static func address(_ block: Int, _ index: Int) -> String {
        "127.0.\(block + index / 250).\(1 + index % 250)"
    }

    // MARK: Slow senders

    private func slow(until deadline: Date) {
        let request = Array("POST /data/report/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4000\r\n\r\n".utf8)
        var slots = [(descriptor: Int32, sent: Int)](
            repeating: (-1, 0), count: plan.slowAddresses * plan.slowPerAddress)
        defer { for slot in slots where slot.descriptor >= 0 { close(slot.descriptor) } }
        while !over(deadline) {
            for index in slots.indices {
                var slot = slots[index]
                if slot.descriptor >= 0 && Self.closedByPeer(slot.descriptor) {
                    close(slot.descriptor)
                    slot = (-1, 0)
                    stats.withLock { $0.slowClosed += 1 }
                }
                if slot.descriptor < 0 {
                    let source = Self.address(10, index / plan.slowPerAddress)
                    guard let descriptor = Self.connect(from: source, port: plan.port) else { continue }
                    slot = (descriptor, 0)
                    stats.withLock { $0.slowConnections += 1 }
                } else {
                    // One byte a second: each one resets an idle timeout.
                    let byte = request[slot.sent % request.count]
                    if send(slot.descriptor, [byte], 1, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) == 1 {
                        slot.sent += 1
                        stats.withLock { $0.slowBytes += 1 }
                    }
                }
                slots[index] = slot
            }
            stats.withLock { $0.slowRounds += 1 }
            // The pace of a slow sender, not a wait for anything.
            for _ in 0..<10 where !over(deadline) { usleep(100_000) }
        }
    }

    // MARK: The flood

    private func flood(until deadline: Date) {
        let request = Array(
            "GET /?\(plan.floodQuery) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        var next = 0
        var open: [(descriptor: Int32, sent: Bool)] = []
        defer { for connection in open { close(connection.descriptor) } }
        while !over(deadline) {
            while open.count < plan.floodInFlight {
                let source = Self.address(20, next % plan.floodAddresses)
                next += 1
                guard let descriptor = Self.connect(from: source, port: plan.port) else { break }
                open.append((descriptor, false))
                stats.withLock { $0.floodConnections += 1 }
            }
            var polled = open.map { pollfd(fd: $0.descriptor, events: Int16($0.sent ? POLLIN : POLLOUT), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), 100) > 0 else { continue }
            var kept: [(descriptor: Int32, sent: Bool)] = []
            for (index, connection) in open.enumerated() {
                let events = Int32(polled[index].revents)
                if events == 0 {
                    kept.append(connection)
                } else if !connection.sent && events & Int32(POLLOUT) != 0 && events & Int32(POLLERR | POLLHUP) == 0 {
                    let written = request.withUnsafeBytes {
                        send(connection.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                    }
                    if written > 0 { kept.append((connection.descriptor, true)) } else { close(connection.descriptor) }
                } else {
                    var buffer = [UInt8](repeating: 0, count: 512)
                    if recv(connection.descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0,
                        buffer.starts(with: Array("HTTP/1.".utf8))
                    {
                        stats.withLock { $0.floodAnswers += 1 }
                    }
                    close(connection.descriptor)
                }
            }
            open = kept
        }
    }

    // MARK: Sockets

    /// A non-blocking TCP socket bound to `source` and connecting to 127.0.0.1:`port`.
    private static func connect(from source: String, port: Int) -> Int32? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var on: Int32 = 1
        // The port is chosen at connect, per destination: 250 addresses never run out of ports.
        setsockopt(descriptor, Int32(IPPROTO_IP), IP_BIND_ADDRESS_NO_PORT, &on, socklen_t(MemoryLayout<Int32>.size))
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, size) }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, size) }
        }
        guard bound == 0, connected == 0 || errno == EINPROGRESS else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Whether the listener closed (or reset) the connection.
    private static func closedByPeer(_ descriptor: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
        if count > 0 { return false }
        return count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINPROGRESS)
    }
}
