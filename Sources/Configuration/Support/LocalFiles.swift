#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few file-system questions the loader asks, answered with libc (no Foundation).
enum LocalFiles {
    /// Why a file could not be read.
    struct Failure: Error {
        var reason: String
    }

    /// The bytes of the file at `path`, at most `limit` of them. Directories, unreadable files
    /// and larger files are failures; endless ones (`/dev/zero`) stop at the limit. A FIFO
    /// without a writer reads as empty instead of blocking the open; a pipe is read to its end.
    static func read(_ path: String, limit: Int) -> Result<[UInt8], Failure> {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(Failure(reason: errorText())) }
        defer { close(descriptor) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(Failure(reason: errorText())) }
        if status.st_mode & S_IFMT == S_IFDIR { return .failure(Failure(reason: "it is a directory")) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(Failure(reason: errorText()))
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
            if bytes.count > limit { return .failure(Failure(reason: "it is larger than \(limit / 1024) KiB")) }
        }
        return .success(bytes)
    }

    /// Whether the process may read the file at `path`.
    static func isReadable(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }

    /// Whether users other than the owner may read the file at `path` (group or others).
    static func isReadableByOthers(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return status.st_mode & (S_IRGRP | S_IROTH) != 0
    }

    /// The machine's host name, or `nil`.
    static func hostname() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let bytes = buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }
        let name = String(decoding: bytes, as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    private static func errorText() -> String {
        String(cString: strerror(errno))
    }
}
