import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP relay on 127.0.0.1 in front of a broker, to simulate network trouble.
///
/// Clients connect to `port`; each connection is relayed to 127.0.0.1:`targetPort`.
/// `cut()` drops every relayed connection at once, without an MQTT DISCONNECT, exactly like
/// a pulled cable as far as the broker is concerned (so it publishes the client's will).
/// Closed on deinit.
public final class BrokerProxy: Sendable {
    /// The port clients connect to.
    public let port: Int
    public let targetPort: Int
    private let relay: Relay

    public init(targetPort: Int) throws {
        self.targetPort = targetPort
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw TestBrokerError("socket() failed") }
        var address = loopbackAddress(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(listener, 16) == 0 else {
            Glibc.close(listener)
            throw TestBrokerError("cannot listen on 127.0.0.1")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        relay = Relay(listener: listener, targetPort: targetPort)
        let relay = relay
        let thread = Thread { relay.acceptLoop() }
        thread.name = "broker-proxy"
        thread.start()
    }

    deinit {
        relay.close()
    }

    /// `mqtt://127.0.0.1:<port>`.
    public var url: String { "mqtt://127.0.0.1:\(port)" }

    /// Drops every current connection (both directions); new connections are still relayed.
    public func cut() { relay.cut() }

    /// Stops accepting and drops every connection.
    public func close() { relay.close() }
}

/// The sockets and threads behind a `BrokerProxy`.
private final class Relay: Sendable {
    let listener: Int32
    let targetPort: Int
    /// Sockets of live relayed connections (both sides).
    let sockets = Mutex<Set<Int32>>([])
    let accepting = Mutex(true)

    init(listener: Int32, targetPort: Int) {
        self.listener = listener
        self.targetPort = targetPort
    }

    func cut() {
        for fd in sockets.withLock({ $0 }) {
            shutdown(fd, Int32(SHUT_RDWR))
        }
    }

    func close() {
        let wasAccepting = accepting.withLock { accepting in
            defer { accepting = false }
            return accepting
        }
        if wasAccepting { shutdown(listener, Int32(SHUT_RDWR)) }
        cut()
    }

    func acceptLoop() {
        defer { Glibc.close(listener) }
        while accepting.withLock({ $0 }) {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = loopbackAddress(port: targetPort)
            let connected =
                upstream >= 0
                && withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                } == 0
            guard connected, accepting.withLock({ $0 }) else {
                Glibc.close(client)
                if upstream >= 0 { Glibc.close(upstream) }
                continue
            }
            sockets.withLock { $0.formUnion([client, upstream]) }
            let pair = Pair(client: client, upstream: upstream)
            for (from, to) in [(client, upstream), (upstream, client)] {
                Thread { [self] in
                    pump(from: from, to: to)
                    if pair.finishOne() {
                        sockets.withLock { $0.subtract([client, upstream]) }
                        Glibc.close(client)
                        Glibc.close(upstream)
                    }
                }.start()
            }
        }
    }

    private func pump(from: Int32, to: Int32) {
        var buffer = [UInt8](repeating: 0, count: 16384)
        relay: while true {
            let count = read(from, &buffer, buffer.count)
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                let written = buffer[offset..<count].withUnsafeBytes {
                    send(to, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
                }
                guard written > 0 else { break relay }
                offset += written
            }
        }
        shutdown(from, Int32(SHUT_RDWR))
        shutdown(to, Int32(SHUT_RDWR))
    }
}

/// One relayed connection: its two pump threads; the second to finish closes the sockets.
private final class Pair: Sendable {
    let client: Int32
    let upstream: Int32
    private let finished = Mutex(0)

    init(client: Int32, upstream: Int32) {
        self.client = client
        self.upstream = upstream
    }

    /// `true` for the second caller.
    func finishOne() -> Bool {
        finished.withLock { count in
            count += 1
            return count == 2
        }
    }
}
