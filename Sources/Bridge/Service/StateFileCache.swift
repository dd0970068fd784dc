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
        let temporary = path + ".tmp"
        var fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        if fd < 0 && errno == ENOENT {  // the folder is made on the first write only
            let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
                .joined(separator: "/")
            if !directory.isEmpty { makeDirectory(directory) }
            fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        }
        guard fd >= 0 else { return false }
        var written = 0
        let ok = bytes.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let result = Glibc.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if result <= 0 { return false }
                written += result
            }
            return true
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard ok, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    static func makeDirectory(_ path: String) {
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + part
            mkdir(current, 0o700)
        }
    }
}
