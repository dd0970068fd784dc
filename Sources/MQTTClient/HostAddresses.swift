import Glibc

/// The addresses a broker host name resolves to, in `getaddrinfo`'s order, as numeric strings.
///
/// libmosquitto's asynchronous connect takes the first address whose non-blocking `connect`
/// starts and never tries another, so `mqtt://localhost` on a system whose `/etc/hosts` lists
/// `::1 localhost` first (Raspberry Pi OS, Debian) never reached a broker listening on 127.0.0.1
/// only. The network thread dials these one after another instead (plain TCP only: with TLS the
/// name itself must be dialled, for the certificate's host name check).
enum HostAddresses {
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
