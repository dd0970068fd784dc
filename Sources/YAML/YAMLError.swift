/// Why a text is not a YAML document this reader accepts, and where (1-based line and column).
public struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int

    public init(_ message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// What one document may cost: bounds that make an alias bomb or a deep nest an error instead
/// of a hang or a crash.
public struct YAMLLimits: Sendable {
    /// Nodes after every alias is expanded (a billion-laughs document has 10⁹).
    public var expandedNodes: Int
    /// Levels of nested lists and mappings, aliases included.
    public var depth: Int

    public init(expandedNodes: Int = 250_000, depth: Int = 64) {
        self.expandedNodes = expandedNodes
        self.depth = depth
    }
}
