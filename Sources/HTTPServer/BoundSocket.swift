import Glibc

/// A socket bound to a ``ListenAddress``: the libc plumbing both listeners share.
package enum BoundSocket {
    /// A non-blocking socket of `type` (`SOCK_STREAM` listening, or `SOCK_DGRAM`) bound to
    /// `address`, and the port it got. `SO_REUSEADDR` always (a restarted bridge binds again at
    /// once); `SO_REUSEPORT` too when `shared`, so that other programs that set it as well can
    /// bind the same UDP port (Home Assistant's WeatherFlow integration on 50222). A stream
    /// socket listens with `backlog` connections waiting to be accepted.
    package static func open(
        _ address: ListenAddress, type: __socket_type, shared: Bool, backlog: Int32 = 16
    ) throws(ListenerError) -> (descriptor: Int32, port: UInt16) {
        let family = address.isIPv6 ? AF_INET6 : AF_INET
        let descriptor = socket(family, Int32(type.rawValue) | Int32(SOCK_NONBLOCK.rawValue | SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw failure("cannot open a socket for", address) }
        var on: Int32 = 1
        let size = socklen_t(MemoryLayout<Int32>.size)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, size)
        if shared { _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEPORT, &on, size) }
        let bound = address.withSockaddr { Glibc.bind(descriptor, $0, $1) }
        guard bound == 0 else {
            let error = failure("cannot listen on", address)
            close(descriptor)
            throw error
        }
        if type == SOCK_STREAM, listen(descriptor, backlog) != 0 {
            let error = failure("cannot listen on", address)
            close(descriptor)
            throw error
        }
        return (descriptor, localPort(descriptor) ?? address.port)
    }

    /// The port a bound socket has.
    static func localPort(_ descriptor: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { return nil }
        return SourceAddress(storage).port
    }

    private static func failure(_ what: String, _ address: ListenAddress) -> ListenerError {
        let code = errno
        var hint = ""
        if code == EADDRINUSE {
            hint = " (another program holds the port)"
        } else if code == EACCES {
            hint = " (ports below 1024 need privileges)"
        } else if code == EADDRNOTAVAIL {
            hint = " (no interface of this machine has that address)"
        }
        return ListenerError("\(what) \(address): \(String(cString: strerror(code)))\(hint)")
    }
}
