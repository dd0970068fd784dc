#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension SystemIO {
    /// Why a file could not be read, in words.
    public struct ReadFailure: Error, Equatable {
        public var reason: String
        public init(reason: String) { self.reason = reason }
    }

    /// The bytes of the file at `path`, at most `limit` of them. Directories, unreadable files
    /// and larger files are failures; endless ones (`/dev/zero`) stop at the limit. A FIFO
    /// without a writer reads as empty instead of blocking the open; a pipe is read to its end.
    public static func readFile(_ path: String, limit: Int) -> Result<[UInt8], ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(ReadFailure(reason: describe(errno))) }
        defer { close(descriptor) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(ReadFailure(reason: describe(errno))) }
        if status.st_mode & S_IFMT == S_IFDIR { return .failure(ReadFailure(reason: "it is a directory")) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(reason: describe(errno)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
            if bytes.count > limit { return .failure(ReadFailure(reason: "it is larger than \(limit / 1024) KiB")) }
        }
        return .success(bytes)
    }

    /// `readFile`, `nil` for any failure (missing, unreadable, a directory, larger than `limit`).
    public static func readSmallFile(_ path: String, limit: Int = 1 << 20) -> [UInt8]? {
        try? readFile(path, limit: limit).get()
    }

    /// The first line of the file at `path` (at most 64 KiB, a trailing `\r` stripped), or `nil`
    /// when it cannot be read or is not UTF-8.
    public static func firstLine(_ path: String) -> String? {
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

    /// Whether users other than the owner may read the file at `path` (group or others);
    /// `false` when it cannot be examined.
    public static func isReadableByOthers(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return status.st_mode & (S_IRGRP | S_IROTH) != 0
    }
}
