import ArgumentParser
import Rendering
import WireContract

#if canImport(Glibc)
    import Glibc
#endif

/// Why a command ends without success: the exit code of SPEC §7 and a message for stderr.
struct Failure: Error, Sendable {
    var code: Int32
    var message: String

    init(_ code: Int32, _ message: String) {
        self.code = code
        self.message = message
    }

    static let stale = WireContract.ExitCode.stale
    static let usageCode = WireContract.ExitCode.usage
    static let dataCode = WireContract.ExitCode.dataError
    static let noInputCode = WireContract.ExitCode.noInput
    static let unavailableCode = WireContract.ExitCode.unavailable

    static func usage(_ message: String) -> Failure { Failure(usageCode, message) }
    static func payload(_ error: ViewModelError) -> Failure { Failure(dataCode, error.description) }
    static func noData(_ message: String) -> Failure { Failure(noInputCode, message) }
    static func unavailable(_ message: String) -> Failure { Failure(unavailableCode, message) }
}

/// Runs a command body: a `Failure` is printed to stderr and becomes its exit code.
func runCommand(_ body: () async throws(Failure) -> Int32) async throws {
    let code: Int32
    do {
        code = try await body()
    } catch {
        Output.error(error.message)
        code = error.code
    }
    Output.flush()
    if code != 0 { throw ArgumentParser.ExitCode(code) }
}

/// Writing to stdout and stderr without Foundation and without C's shared `FILE` streams:
/// each call is one unbuffered `write(2)`, so a line is out as soon as it is printed.
enum Output {
    static func line(_ text: String) { write(text + "\n") }

    static func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { raw in
                Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
        bytes.removeAll()
    }

    /// Nothing is buffered; kept so callers can mark where output must be out.
    static func flush() {}

    static func error(_ message: String) {
        write("weatherview: " + TerminalText.clean(message) + "\n", to: STDERR_FILENO)
    }

    /// Whether stdout is a terminal.
    static var isTerminal: Bool { isatty(STDOUT_FILENO) != 0 }

    /// Columns of the terminal on stdout, if it is one.
    static var terminalColumns: Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}

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
