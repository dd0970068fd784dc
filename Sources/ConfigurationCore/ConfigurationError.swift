import WireContract

/// A configuration that cannot be used, and where: the file, the 1-based line and column when
/// there are, and a message that says what would be valid.
///
/// `description` reads `config.yaml:12:3: unknown key 'qso' in mqtt (did you mean 'qos'? valid: …)`.
/// Both executables exit with `exitCode` (78, `EX_CONFIG`) on it (SPEC §7).
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(file: String, line: Int?, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = line == nil ? nil : column
        self.message = message
    }

    /// `78`: configuration error.
    public static let exitCode: Int32 = ExitCode.configuration

    public var description: String {
        if let line, let column { return "\(file):\(line):\(column): \(message)" }
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
