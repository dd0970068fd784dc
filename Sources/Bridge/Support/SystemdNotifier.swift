import WeatherModel

#if canImport(Glibc)
    import Glibc
#endif

/// systemd's notify protocol, written straight to `NOTIFY_SOCKET` (no libsystemd):
/// `READY=1` once the bridge is up, `WATCHDOG=1` from the scheduling loop, `STOPPING=1`.
public struct SystemdNotifier: Sendable {
    let socketPath: String?
    /// Half of `WATCHDOG_USEC`, in seconds: how often the loop must ping; `nil` without a watchdog.
    public let watchdogInterval: Double?

    public init(environment: (String) -> String? = ProcessEnvironment.value) {
        socketPath = environment("NOTIFY_SOCKET").flatMap { $0.isEmpty ? nil : $0 }
        if let text = environment("WATCHDOG_USEC"), let usec = Double(text), usec > 0,
            environment("WATCHDOG_PID").map({ Int32($0) == getpid() }) ?? true
        {
            watchdogInterval = usec / 2_000_000
        } else {
            watchdogInterval = nil
        }
    }

    public func ready() { send("READY=1") }
    public func watchdog() { if watchdogInterval != nil { send("WATCHDOG=1") } }
    public func stopping() { send("STOPPING=1") }
    public func status(_ text: String) { send("STATUS=" + text) }

    /// Sends one datagram; errors are ignored (systemd may not be listening).
    func send(_ message: String) {
        guard var path = socketPath else { return }
        // A leading '@' names an abstract socket.
        let abstract = path.hasPrefix("@")
        if abstract { path.removeFirst() }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count + (abstract ? 1 : 0) < capacity else { return }
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            let offset = abstract ? 1 : 0
            for (index, byte) in bytes.enumerated() { buffer[index + offset] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 1 : 0))
        _ = message.withCString { text in
            withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                    sendto(fd, text, strlen(text), Int32(MSG_NOSIGNAL), socketAddress, length)
                }
            }
        }
    }
}
