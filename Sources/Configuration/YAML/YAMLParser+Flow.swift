extension YAMLParser {
    /// A place in the text: line index and 0-based column.
    struct Position {
        var line: Int
        var column: Int
    }

    /// Parses `[…]` or `{…}` starting at `position`, which may run over several lines; leaves
    /// `position` just after the closing bracket.
    func parseFlow(_ position: inout Position, depth: Int) throws(YAMLError) -> YAMLNode {
        guard depth <= maxDepth else {
            throw failure("nesting deeper than \(maxDepth) levels", position.line, position.column)
        }
        let opener = position
        let isMapping = character(position.line, position.column) == "{"
        let closer: Unicode.Scalar = isMapping ? "}" : "]"
        position.column += 1
        var items: [YAMLNode] = []
        var entries: [YAMLEntry] = []
        var seen: [String: Int] = [:]
        while true {
            try skipFlowSpace(&position, opener: opener)
            if character(position.line, position.column) == closer {
                position.column += 1
                break
            }
            if isMapping {
                let entry = try parseFlowEntry(&position, opener: opener, depth: depth)
                if let first = seen[entry.key] {
                    throw YAMLError(
                        message: "duplicate key '\(YAMLParser.shown(entry.key))' (first on line \(first))",
                        line: entry.line, column: entry.column)
                }
                seen[entry.key] = entry.line
                entries.append(entry)
            } else {
                items.append(try parseFlowNode(&position, opener: opener, depth: depth + 1))
            }
            try skipFlowSpace(&position, opener: opener)
            let next = character(position.line, position.column)
            if next == "," {
                position.column += 1
            } else if next == closer {
                position.column += 1
                break
            } else {
                throw failure(
                    "expected ',' or '\(closer)' in the \(isMapping ? "mapping" : "list") opened on line "
                        + "\(lines[opener.line].number)", position.line, position.column)
            }
        }
        return node(isMapping ? .mapping(entries) : .sequence(items), opener.line, opener.column)
    }

    /// `key`, `key: value` or `"key": value` inside `{…}`.
    private func parseFlowEntry(_ position: inout Position, opener: Position, depth: Int) throws(YAMLError) -> YAMLEntry
    {
        let start = position
        let key: YAMLNode
        switch character(position.line, position.column) {
        case "[", "{":
            throw failure("keys must be plain or quoted text, not a list or mapping", position.line, position.column)
        default:
            key = try parseFlowNode(&position, opener: opener, depth: depth + 1)
        }
        var value = YAMLNode(.null, line: key.line, column: key.column)
        try skipFlowSpace(&position, opener: opener)
        if character(position.line, position.column) == ":" {
            position.column += 1
            try skipFlowSpace(&position, opener: opener)
            let next = character(position.line, position.column)
            if next != ",", next != "}" {
                value = try parseFlowNode(&position, opener: opener, depth: depth + 1)
            }
        }
        return YAMLEntry(
            key: key.text ?? "", line: lines[start.line].number, column: start.column + 1, value: value)
    }

    /// One value inside a flow collection.
    private func parseFlowNode(_ position: inout Position, opener: Position, depth: Int) throws(YAMLError) -> YAMLNode {
        let line = position.line
        let column = position.column
        switch character(line, column) {
        case "[", "{":
            return try parseFlow(&position, depth: depth)
        case "\"":
            let (text, end) = try doubleQuoted(line, column)
            position.column = end
            return node(.scalar(text, quoted: true), line, column)
        case "'":
            let (text, end) = try singleQuoted(line, column)
            position.column = end
            return node(.scalar(text, quoted: true), line, column)
        default:
            try checkPlainStart(line, column, inFlow: true)
            let scalars = lines[line].scalars
            var index = column
            var end = column
            scan: while index < scalars.count {
                let scalar = scalars[index]
                switch scalar {
                case "$" where index + 1 < scalars.count && scalars[index + 1] == "{":
                    // `${NAME}` is one piece of text here, not a flow mapping: `{qos: ${QOS}}`.
                    guard let close = scalars[(index + 2)...].firstIndex(where: { $0 == "}" || $0 == "," }),
                        scalars[close] == "}"
                    else { break scan }
                    end = close + 1
                    index = close + 1
                    continue scan
                case ",", "[", "]", "{", "}":
                    break scan
                case ":" where index + 1 >= scalars.count || YAMLParser.endsFlowPlain(scalars[index + 1]):
                    break scan
                case "#" where index > column && YAMLLine.isBlank(scalars[index - 1]):
                    break scan
                default:
                    if !YAMLLine.isBlank(scalar) { end = index + 1 }
                }
                index += 1
            }
            guard end > column else {
                throw failure("expected a value", line, column)
            }
            position.column = end
            return node(.scalar(YAMLParser.string(scalars[column..<end]), quoted: false), line, column)
        }
    }

    private static func endsFlowPlain(_ scalar: Unicode.Scalar) -> Bool {
        YAMLLine.isBlank(scalar) || scalar == "," || scalar == "[" || scalar == "]" || scalar == "{" || scalar == "}"
    }

    /// Skips blanks, comments and line breaks inside a flow collection.
    private func skipFlowSpace(_ position: inout Position, opener: Position) throws(YAMLError) {
        while true {
            guard position.line < lines.count else {
                let bracket = character(opener.line, opener.column).map(String.init) ?? "["
                throw YAMLError(
                    message: "'\(bracket)' is never closed", line: lines[opener.line].number,
                    column: opener.column + 1)
            }
            let scalars = lines[position.line].scalars
            if position.column >= scalars.count {
                position.line += 1
                position.column = 0
                continue
            }
            let scalar = scalars[position.column]
            if YAMLLine.isBlank(scalar) {
                position.column += 1
            } else if scalar == "#", position.column == 0 || YAMLLine.isBlank(scalars[position.column - 1]) {
                position.line += 1
                position.column = 0
            } else {
                return
            }
        }
    }
}
