#if canImport(Glibc)
    import Glibc
#endif

/// Writing bytes to a file descriptor without Foundation.
enum FileOutput {
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// The current `errno` in words.
    static func reason() -> String {
        String(cString: strerror(errno))
    }
}
