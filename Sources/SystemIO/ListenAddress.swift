import Glibc

/// Where a listener binds: an IPv4 or IPv6 literal and a port, written as the configuration's
/// `listen:` key writes it: `127.0.0.1:8080`, `0.0.0.0:50222` (every IPv4 interface), `[::]:8080`
/// (every interface), `[::1]:8080`. Host names are not resolved: a listener binds an address.
/// Port 0 asks the kernel for a free port (the listener's `address` then gives the one it got).
public struct ListenAddress: Sendable, Hashable, CustomStringConvertible {
    /// The address literal, without brackets.
    public private(set) var host: String
    public private(set) var port: UInt16
    /// Whether `host` is an IPv6 literal.
    public private(set) var isIPv6: Bool

    /// `host` (an IPv4 or IPv6 literal, without brackets) and `port`.
    public init(host: String, port: UInt16) throws(ListenerError) {
        if Self.isLiteral(host, family: AF_INET) {
            isIPv6 = false
        } else if Self.isLiteral(host, family: AF_INET6) {
            isIPv6 = true
        } else {
            throw ListenerError(
                "listen: '\(host)' is not an IPv4 or IPv6 address (host names are not resolved; "
                    + "write 127.0.0.1, 0.0.0.0 for every interface, or [::])")
        }
        self.host = host
        self.port = port
    }

    /// Parses `address:port` (`[v6]:port` for IPv6).
    public init(parsing text: String) throws(ListenerError) {
        let hostPart: Substring
        let portPart: Substring
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            hostPart = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.hasPrefix(":") else { throw Self.shapeError(text) }
            portPart = rest.dropFirst()
        } else if let colon = text.lastIndex(of: ":"), text.firstIndex(of: ":") == colon {
            hostPart = text[..<colon]
            portPart = text[text.index(after: colon)...]
        } else {
            throw Self.shapeError(text)
        }
        guard let port = UInt16(portPart) else {
            throw ListenerError("listen: '\(portPart)' in '\(text)' is not a port (0 to 65535)")
        }
        try self.init(host: String(hostPart), port: port)
    }

    public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// The same address with another port (the one the kernel chose for port 0).
    package func with(port: UInt16) -> ListenAddress {
        var copy = self
        copy.port = port
        return copy
    }

    /// Calls `body` with this address as a `sockaddr` of its family.
    package func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            _ = inet_pton(AF_INET6, host, &address.sin6_addr)
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    body($0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        _ = inet_pton(AF_INET, host, &address.sin_addr)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }

    private static func isLiteral(_ host: String, family: Int32) -> Bool {
        var buffer = in6_addr()
        return inet_pton(family, host, &buffer) == 1
    }

    private static func shapeError(_ text: String) -> ListenerError {
        ListenerError("listen: '\(text)' is not address:port (write 127.0.0.1:8080, 0.0.0.0:8080 or [::]:8080)")
    }
}
