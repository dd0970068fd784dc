import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to 127.0.0.1, for what curl will not send: half requests and
/// malformed bytes.
final class RawConnection {
    private let descriptor: Int32

    /// Connects to 127.0.0.1:`port` from `source`, an address of 127.0.0.0/8 (all of it is loopback).
    init(port: UInt16, from source: String = "127.0.0.1") throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        bindSource(descriptor, source)
        var address = loopbackAddress(port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw SocketFailure("connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(descriptor) }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Whether the peer has closed (or reset) the connection, without waiting.
    var isClosed: Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count > 0 { continue }
            return count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
        }
    }

    /// Everything the peer sends until it closes, or until `seconds` pass; and whether it closed.
    func readToEnd(seconds: Int) -> (bytes: [UInt8], closed: Bool) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count > 0 {
                received += buffer[..<count]
            } else {
                // 0: closed by the peer; a reset is a close too; a timeout is not.
                return (received, count == 0 || errno == ECONNRESET)
            }
        }
    }
}

/// Sends `bytes` as one UDP datagram to 127.0.0.1:`port` from a fresh socket (bound to
/// `source`, an address of 127.0.0.0/8, when one is given).
func sendDatagram(_ bytes: [UInt8], to port: UInt16, from source: String? = nil) {
    let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
    defer { close(descriptor) }
    if let source { bindSource(descriptor, source) }
    var address = loopbackAddress(port)
    _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { target in
            bytes.withUnsafeBytes {
                sendto(descriptor, $0.baseAddress, $0.count, 0, target, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
    }
}

/// A UDP socket bound to 127.0.0.1:`port` as another program would (Home Assistant's
/// WeatherFlow integration), with `SO_REUSEADDR` and `SO_REUSEPORT`.
final class OtherUDPListener {
    let descriptor: Int32
    let port: UInt16

    init(port: UInt16) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        self.descriptor = descriptor
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEPORT, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = loopbackAddress(port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            close(descriptor)
            throw SocketFailure("bind 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        var named = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &named) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.port = UInt16(bigEndian: named.sin_port)
    }

    deinit { close(descriptor) }

    /// The datagrams waiting, without blocking.
    func drain() -> [[UInt8]] {
        var datagrams: [[UInt8]] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            guard count >= 0 else { return datagrams }
            datagrams.append(Array(buffer[..<count]))
        }
    }
}

struct SocketFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Binds `descriptor` to `source` (an IPv4 address, port chosen by the kernel): where it sends from.
private func bindSource(_ descriptor: Int32, _ source: String) {
    var local = sockaddr_in()
    local.sin_family = sa_family_t(AF_INET)
    local.sin_addr.s_addr = inet_addr(source)
    _ = withUnsafePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
}

private func loopbackAddress(_ port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return address
}
