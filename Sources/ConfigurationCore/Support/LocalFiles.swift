import SystemIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file-system questions the loader asks, answered with libc (no Foundation).
package enum LocalFiles {
    /// Why a file could not be read.
    package typealias Failure = SystemIO.ReadFailure

    /// The bytes of the file at `path`, at most `limit` of them (`SystemIO.readFile`).
    package static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        SystemIO.readFile(path, limit: limit)
    }

    /// Whether the process may read the file at `path`.
    package static func isReadable(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }

    /// Whether users other than the owner may read the file at `path` (group or others).
    package static func isReadableByOthers(_ path: String) -> Bool {
        SystemIO.isReadableByOthers(path)
    }

    /// The machine's host name, or `nil`.
    package static func hostname() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let bytes = buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }
        let name = String(decoding: bytes, as: UTF8.self)
        return name.isEmpty ? nil : name
    }
}
