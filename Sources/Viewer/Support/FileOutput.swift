import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// Writing bytes to a file descriptor without Foundation (`SystemIO.writeAll`).
enum FileOutput {
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        SystemIO.writeAll(bytes, to: descriptor) == 0
    }

    /// The current `errno` in words.
    static func reason() -> String {
        SystemIO.describe(errno)
    }
}
