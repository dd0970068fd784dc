import WireContract

/// A configuration that cannot be used, and where: the file, the 1-based line when there is one,
/// and a message that says what would be valid.
///
/// `description` reads `config.yaml:12: unknown key 'qso' in mqtt (did you mean 'qos'? valid: …)`.
/// Both executables exit with `exitCode` (78, `EX_CONFIG`) on it (SPEC §7).
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var message: String

    public init(file: String, line: Int?, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `78`: configuration error.
    public static let exitCode: Int32 = ExitCode.configuration

    public var description: String {
        if let line { return "\(file):\(line): \(message)" }
        return "\(file): \(message)"
    }
}
