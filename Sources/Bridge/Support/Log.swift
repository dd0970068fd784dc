import Configuration
import FoundationEssentials
import Synchronization
import SystemIO
import WeatherModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bridge's logger: one line per event on standard error, `key=value` metadata with
/// dotted keys. Under systemd (`JOURNAL_STREAM` set) lines carry a syslog priority prefix
/// (`<6>`) and no timestamp of their own, as journald expects. Every line passes through
/// `Secrets.redact`, so a key or password can never reach the log.
public struct Log: Sendable {
    public var level: LogLevel
    private let journald: Bool

    public init(level: LogLevel = .info) {
        self.level = level
        journald = ProcessEnvironment.value("JOURNAL_STREAM") != nil
    }

    public func trace(_ message: @autoclosure () -> String, _ metadata: KeyValuePairs<String, String> = [:]) {
        write(.trace, message, metadata)
    }
    public func debug(_ message: @autoclosure () -> String, _ metadata: KeyValuePairs<String, String> = [:]) {
        write(.debug, message, metadata)
    }
    public func info(_ message: @autoclosure () -> String, _ metadata: KeyValuePairs<String, String> = [:]) {
        write(.info, message, metadata)
    }
    public func notice(_ message: @autoclosure () -> String, _ metadata: KeyValuePairs<String, String> = [:]) {
        write(.notice, message, metadata)
    }
    public func warning(_ message: @autoclosure () -> String, _ metadata: KeyValuePairs<String, String> = [:]) {
        write(.warning, message, metadata)
    }
    public func error(_ message: @autoclosure () -> String, _ metadata: KeyValuePairs<String, String> = [:]) {
        write(.error, message, metadata)
    }

    /// Writes a line a pure rule decided on (`LocationSchedule`'s effects).
    public func write(_ line: LogLine) {
        write(line.level, { line.message }, line.metadata.map { (key: $0.key, value: $0.value) })
    }

    private func write(
        _ severity: LogLevel, _ message: () -> String, _ metadata: some Sequence<(key: String, value: String)>
    ) {
        guard severity >= level else { return }
        var text = message()
        for (key, value) in metadata {
            text += " " + key + "=" + (value.contains(" ") ? "\"" + value + "\"" : value)
        }
        text = Secrets.redact(text)
        let line: String
        if journald {
            // journald reads every line as its own entry: each one gets the priority.
            let prefix = "<\(Self.priority(severity))>"
            line = prefix + text.replacingAll("\n", with: "\n" + prefix) + "\n"
        } else {
            line = ISO8601.string(Date(), in: .utc) + " " + severity.rawValue + " " + text + "\n"
        }
        SystemIO.writeAll(line, to: 2)
    }

    /// syslog priorities (RFC 5424) for journald.
    static func priority(_ level: LogLevel) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        }
    }
}

/// Every secret the process knows (API keys, passwords), so that no text it writes to a log,
/// a topic or an error message can contain one.
public enum Secrets {
    private static let known = Mutex<[String]>([])

    /// Registers secrets; short ones (under 4 characters) are ignored to keep text readable.
    public static func register(_ secrets: [String?]) {
        let values = secrets.compactMap { $0 }.filter { $0.count >= 4 }
        guard !values.isEmpty else { return }
        known.withLock { list in
            for value in values where !list.contains(value) { list.append(value) }
            list.sort { $0.count > $1.count }
        }
    }

    /// `text` with every known secret replaced by `***`.
    public static func redact(_ text: String) -> String {
        let secrets = known.withLock { $0 }
        guard !secrets.isEmpty else { return text }
        var result = text
        for secret in secrets {
            result = result.replacingAll(secret, with: "***")
        }
        return result
    }
}
