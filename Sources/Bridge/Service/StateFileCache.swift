#if canImport(Glibc)
    import Glibc
#endif
import FoundationEssentials
import Providers
import WeatherModel

/// Small files in `state_dir`, written atomically (temporary file, fsync, rename).
public struct StateFileCache: NWSPointsCache {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    func path(_ key: String) -> String {
        let safe = String(key.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
        return directory + "/" + safe
    }

    public func load(key: String) async -> [UInt8]? { StateFiles.read(path(key)) }

    public func store(key: String, bytes: [UInt8]) async { _ = StateFiles.write(path(key), bytes) }
}

/// Atomic whole-file reads and writes.
public enum StateFiles {
    public static func read(_ path: String, limit: Int = 16 << 20) -> [UInt8]? {
        readSmallFile(path, limit: limit)
    }

    /// Writes `bytes` to a temporary file beside `path`, fsyncs it and renames it over `path`,
    /// so a crash leaves either the old or the new file, never half of one.
    @discardableResult
    public static func write(_ path: String, _ bytes: [UInt8]) -> Bool {
        writeReportingErrno(path, bytes) == 0
    }

    /// `write`, returning 0 on success or the `errno` of what failed (ENOSPC for a full disk).
    public static func writeReportingErrno(_ path: String, _ bytes: [UInt8]) -> Int32 {
        let temporary = path + ".tmp"
        var fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        if fd < 0 && errno == ENOENT {  // the folder is made on the first write only
            let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
                .joined(separator: "/")
            if !directory.isEmpty { makeDirectory(directory) }
            fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        }
        guard fd >= 0 else { return errno }
        var written = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let result = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if result <= 0 {
                    failure = result < 0 ? errno : ENOSPC
                    return
                }
                written += result
            }
        }
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 { unlink(temporary) }
        return failure
    }

    /// A plain-language reason for a failed write's `errno`.
    public static func describe(_ code: Int32) -> String {
        switch code {
        case ENOSPC: "no space left on the device"
        case EDQUOT: "disk quota exceeded"
        case EROFS: "read-only file system"
        case EACCES, EPERM: "permission denied"
        case EIO: "input/output error"
        default: String(cString: strerror(code))
        }
    }

    static func makeDirectory(_ path: String) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            mkdir(current, 0o700)
        }
    }
}
