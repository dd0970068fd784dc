#if canImport(Glibc)
    import Glibc
#endif

/// The process, without Foundation.
enum ProcessIdentity {
    static var id: Int32 { getpid() }
}

/// Small files (secrets) without Foundation.
enum LocalFile {
    /// The first line of the file at `path` (trailing `\r\n` stripped), or `nil`.
    static func firstLine(_ path: String) -> String? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        while bytes.count < 65536 {
            let next = fgetc(file)
            if next == EOF || next == 0x0A { break }
            bytes.append(UInt8(truncatingIfNeeded: next))
        }
        if bytes.last == 0x0D { bytes.removeLast() }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Whether the file at `path` may be read by its group or by others (mode `& 0o044`).
    static func isReadableByOthers(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & 0o044 != 0
    }
}
