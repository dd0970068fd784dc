import Glibc

/// A peer's address as text (`192.168.1.20`, `fe80::1`; an IPv4-mapped IPv6 address as its
/// IPv4 form) and its port, copied out of a `sockaddr`.
package struct SourceAddress: Sendable, Equatable {
    package var host: String
    package var port: UInt16

    package init(_ storage: sockaddr_storage) {
        var storage = storage
        self = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { SourceAddress($0) }
        }
    }

    /// Reads the `sockaddr` at `pointer` (of its own family's size).
    package init(_ pointer: UnsafePointer<sockaddr>) {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(pointer.pointee.sa_family) {
        case AF_INET:
            var address = UnsafeRawPointer(pointer).loadUnaligned(as: sockaddr_in.self)
            inet_ntop(AF_INET, &address.sin_addr, &text, socklen_t(text.count))
            port = UInt16(bigEndian: address.sin_port)
        case AF_INET6:
            var address = UnsafeRawPointer(pointer).loadUnaligned(as: sockaddr_in6.self)
            inet_ntop(AF_INET6, &address.sin6_addr, &text, socklen_t(text.count))
            port = UInt16(bigEndian: address.sin6_port)
        default:
            host = "unknown"
            port = 0
            return
        }
        let written = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        host = written.hasPrefix("::ffff:") && written.contains(".") ? String(written.dropFirst(7)) : written
    }
}
