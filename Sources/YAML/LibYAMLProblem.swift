import CYAML

/// libyaml's account of why it stopped, turned into a `YAMLError` that says what to do.
struct LibYAMLProblem {
    let error: YAMLError

    init(_ parser: yaml_parser_t, bytes: [UInt8]) {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        let context = parser.context.map { String(cString: $0) }
        var line = Int(parser.problem_mark.line) + 1
        var column = Int(parser.problem_mark.column) + 1
        let contextLine = Int(parser.context_mark.line) + 1
        let contextColumn = Int(parser.context_mark.column) + 1
        if parser.error == YAML_READER_ERROR {
            // Reader errors carry a byte offset, not a mark.
            (line, column) = LibYAMLProblem.position(of: Int(parser.problem_offset), in: bytes)
            error = YAMLError(
                "\(problem) (a control character or byte that YAML does not allow in a text file)", line: line,
                column: column)
            return
        }
        if parser.error == YAML_MEMORY_ERROR {
            error = YAMLError("libyaml ran out of memory", line: line, column: column)
            return
        }
        let offset = Int(parser.problem_mark.index)
        let character = offset < bytes.count ? bytes[offset] : nil
        var message = problem
        if let context {
            message += " \(context) (line \(contextLine), column \(contextColumn))"
        }
        switch (context ?? "", problem) {
        case ("while scanning a quoted scalar", _):
            message = "the quoted text that starts here is not closed (\(problem))"
            (line, column) = (contextLine, contextColumn)
        case ("while parsing a flow node", _):
            message = "a value is missing inside [ ] or { }: a ',' with nothing after it, or a bracket never closed"
        case (let context, _) where context.contains("flow sequence") || context.contains("flow mapping"):
            let bracket = context.contains("sequence") ? "[" : "{"
            message =
                "the \(bracket) on line \(contextLine), column \(contextColumn) is never closed, or an item "
                + "misses its ',' (\(problem))"
        case (_, "found character that cannot start any token") where character == 0x09:
            message = "a tab: YAML indents with spaces only"
        case (_, "mapping values are not allowed in this context") where column > 1024:
            message = "a key longer than 1024 characters (YAML's limit for a key), or a value holding ': ' unquoted"
        case (_, "mapping values are not allowed in this context"):
            message += " (a value holding ': ' must be quoted, and keys of one mapping line up)"
        case (let context, _) where context.contains("block mapping") || context.contains("block collection"):
            message += " (check the indentation: keys of one mapping line up, and a value under its key is indented)"
        default:
            break
        }
        error = YAMLError(message, line: line, column: column)
    }

    /// 1-based line and column of byte `offset`.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }
}
