/// Why a text is not (supported) YAML, and where: 1-based line and column.
struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    var message: String
    var line: Int
    var column: Int

    var description: String { "line \(line), column \(column): \(message)" }
}
