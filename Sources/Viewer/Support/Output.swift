import Rendering
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// Writing to stdout and stderr without Foundation and without C's shared `FILE` streams:
/// each call is one unbuffered `write(2)`, so a line is out as soon as it is printed.
public enum Output {
    public static func line(_ text: String) { write(text + "\n") }

    public static func write(_ text: String, to descriptor: Int32 = STDOUT_FILENO) {
        SystemIO.writeAll(text, to: descriptor)
    }

    /// Nothing is buffered; kept so callers can mark where output must be out.
    public static func flush() {}

    public static func error(_ message: String) {
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
