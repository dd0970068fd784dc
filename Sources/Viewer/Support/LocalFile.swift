import SystemIO

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
        SystemIO.firstLine(path)
    }

    /// Whether the file at `path` may be read by its group or by others (mode `& 0o044`).
    static func isReadableByOthers(_ path: String) -> Bool {
        SystemIO.isReadableByOthers(path)
    }
}
