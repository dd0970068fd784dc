import Glibc

/// The addresses a broker host name resolves to, in `getaddrinfo`'s order, as numeric strings.
///
/// libmosquitto's asynchronous connect takes the first address whose non-blocking `connect`
/// starts and never tries another, so `mqtt://localhost` on a system whose `/etc/hosts` lists
/// `::1 localhost` first (Raspberry Pi OS, Debian) never reached a broker listening on 127.0.0.1
/// only. The network thread dials these one after another instead. With TLS the name itself is
/// dialled (the certificate's host name check needs it), once per address family (`dials`).
enum HostAddresses {
    /// One connection attempt: the host given to libmosquitto and the local address it binds.
    struct Dial {
        var host: String
        var bindAddress: String?
    }

    /// The attempts for `host`: plain TCP, one per address; TLS, the name once per address family
    /// in `getaddrinfo`'s order, bound to that family's wildcard address, so that libmosquitto's
    /// own loop skips the other family's addresses (a socket bound to `::` cannot connect to
    /// 127.0.0.1). Measured with libmosquitto 2.0.11: with TLS, a `connect` to `::1` refused at
    /// once still returns success, and the attempt never tries 127.0.0.1.
    static func dials(_ host: String, tls: Bool) -> [Dial] {
        let addresses = resolve(host)
        guard tls else { return addresses.map { Dial(host: $0, bindAddress: nil) } }
        var wildcards: [String] = []
        for address in addresses where address != host {
            let wildcard = address.contains(":") ? "::" : "0.0.0.0"
            if !wildcards.contains(wildcard) { wildcards.append(wildcard) }
        }
        guard wildcards.count > 1 else { return [Dial(host: host, bindAddress: nil)] }
        return wildcards.map { Dial(host: host, bindAddress: $0) }
    }

    /// The distinct numeric addresses of `host`; `[host]` when it does not resolve (libmosquitto
    /// then reports the failure in its own words) or already is an address.
    static func resolve(_ host: String) -> [String] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return [host] }
        defer { freeaddrinfo(first) }
        var addresses: [String] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let rc = getnameinfo(
                current.pointee.ai_addr, current.pointee.ai_addrlen, &text, socklen_t(text.count), nil, 0,
                NI_NUMERICHOST)
            if rc == 0 {
                let address = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !addresses.contains(address) { addresses.append(address) }
            }
            entry = current.pointee.ai_next
        }
        return addresses.isEmpty ? [host] : addresses
    }
}
