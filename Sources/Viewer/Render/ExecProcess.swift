import Dispatch
import WeatherModel

#if canImport(Glibc)
    import Glibc
#endif

/// `--exec`: a shell command started with `posix_spawn`. Its end is awaited on a thread of its
/// own (a blocking `waitpid`), so no thread of the cooperative pool blocks and nothing polls.
struct ExecProcess: Sendable {
    let pid: pid_t

    init?(_ command: String) {
        var pid: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", command].map { text in
            text.withCString { strdup($0) }
        }
        defer { arguments.forEach { free($0) } }
        let argv = arguments + [nil]
        let result = argv.withUnsafeBufferPointer { buffer in
            posix_spawn(&pid, "/bin/sh", nil, nil, UnsafeMutablePointer(mutating: buffer.baseAddress!), environ)
        }
        guard result == 0 else {
            errno = result
            return nil
        }
        self.pid = pid
    }

    /// Calls `handler` once the command has ended (reaping it) with its exit code, or
    /// 128 + the signal that killed it, as shells report it; from a thread of its own.
    func onExit(_ handler: @escaping @Sendable (Int32) -> Void) {
        let pid = self.pid
        DispatchQueue(label: "weatherview.exec.\(pid)").async {
            var raw: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &raw, 0) } while result < 0 && errno == EINTR
            let signal = raw & 0x7F
            handler(result < 0 ? -1 : signal == 0 ? (raw >> 8) & 0xFF : 128 + signal)
        }
    }

    /// The exit status, once the command has ended.
    func status() async -> Int32 {
        await withCheckedContinuation { continuation in onExit { continuation.resume(returning: $0) } }
    }

    /// `text` in single quotes for `/bin/sh`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingAll("'", with: "'\\''") + "'"
    }
}
