import FoundationEssentials
import Providers
import SystemIO
import WeatherModel

#if canImport(Glibc)
    import Glibc
#endif

/// Small files in `state_dir`, written atomically (temporary file, fsync, rename, fsync of the folder).
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
        SystemIO.readSmallFile(path, limit: limit)
    }

    /// Writes `bytes` to a temporary file beside `path`, fsyncs it and renames it over `path`,
    /// so a crash leaves either the old or the new file, never half of one.
    @discardableResult
    public static func write(_ path: String, _ bytes: [UInt8]) -> Bool {
        writeReportingErrno(path, bytes) == 0
    }

    /// `write`, returning 0 on success or the `errno` of what failed (ENOSPC for a full disk).
    public static func writeReportingErrno(_ path: String, _ bytes: [UInt8]) -> Int32 {
        // the folder is made on the first write only
        SystemIO.atomicWrite(path, bytes, mode: 0o600, createDirectories: true)
    }

    /// A plain-language reason for a failed write's `errno`.
    public static func describe(_ code: Int32) -> String {
        switch code {
        case ENOSPC: "no space left on the device"
        case EDQUOT: "disk quota exceeded"
        case EROFS: "read-only file system"
        case EACCES, EPERM: "permission denied"
        case EIO: "input/output error"
        default: SystemIO.describe(code)
        }
    }
}
