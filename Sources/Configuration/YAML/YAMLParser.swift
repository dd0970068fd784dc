/// A strict reader for the subset of YAML a configuration file needs.
///
/// Supported: block mappings and sequences (including `- key: value` items and sequences at the
/// indentation of their key), flow sequences `[a, b]` and flow mappings `{a: 1}` (nested, over
/// several lines), plain, 'single' and "double" quoted scalars (escapes included), `#` comments,
/// `---` as the first line and empty values (`null`).
///
/// Rejected with the line and column: anchors, aliases, tags, block scalars (`|`, `>`), complex
/// keys, directives, more than one document, quoted strings over several lines, tabs as
/// indentation, duplicate keys, and nesting deeper than `maxDepth`. The parser is pure and
/// linear in its input: no text makes it trap or hang.
///
/// One liberty with YAML: inside a flow collection, `${NAME}` stays part of a plain scalar
/// (`{qos: ${QOS}}`), so that environment references need no quotes there either.
struct YAMLParser {
    /// Deepest nesting of mappings and sequences accepted.
    static let defaultMaxDepth = 64

    var lines: [YAMLLine]
    let maxDepth: Int

    /// Parses one document; an empty one (only comments and blanks) is `.null`.
    static func parse(_ text: String, maxDepth: Int = defaultMaxDepth) throws(YAMLError) -> YAMLNode {
        var parser = YAMLParser(lines: try YAMLLine.split(text), maxDepth: maxDepth)
        return try parser.parseDocument()
    }

    private mutating func parseDocument() throws(YAMLError) -> YAMLNode {
        var next = 0
        if let first = nextContent(from: 0), isMarker("---", first) {
            try expectLineEnd(first, 3, after: "'---'")
            next = first + 1
        }
        guard let start = nextContent(from: next) else {
            return YAMLNode(.null, line: 1, column: 1)
        }
        let node = try parseBlock(&next, indent: lines[start].indent, depth: 1)
        if let extra = nextContent(from: next) {
            try checkMarkers(extra)
            throw failure(
                "unexpected indentation: this line lines up with nothing above it", extra, lines[extra].indent)
        }
        return node
    }

    // MARK: Block structure

    /// Parses the block node whose first line is the next content line from `next`, indented by
    /// `indent`; leaves `next` at the line after it.
    private mutating func parseBlock(_ next: inout Int, indent: Int, depth: Int) throws(YAMLError) -> YAMLNode {
        guard let line = nextContent(from: next) else { return YAMLNode(.null, line: lines.count, column: 1) }
        guard depth <= maxDepth else {
            throw failure("nesting deeper than \(maxDepth) levels", line, indent)
        }
        try checkMarkers(line)
        if isSequenceItem(line, indent) {
            return try parseSequence(&next, indent: indent, depth: depth)
        }
        if try key(line, indent) != nil {
            return try parseMapping(&next, indent: indent, depth: depth)
        }
        let value = try parseInline(line, indent, depth: depth)
        try expectLineEnd(value.endLine, value.endColumn, after: "the value")
        next = value.endLine + 1
        return value.node
    }

    private mutating func parseMapping(_ next: inout Int, indent: Int, depth: Int) throws(YAMLError) -> YAMLNode {
        var entries: [YAMLEntry] = []
        var seen: [String: Int] = [:]
        let firstLine = nextContent(from: next).map { lines[$0].number } ?? 1
        while let line = nextContent(from: next), lines[line].indent >= indent {
            try checkMarkers(line)
            guard lines[line].indent == indent else {
                throw failure(
                    "unexpected indentation (a value cannot continue on the next line: write it on one line, "
                        + "quoted if needed)", line, lines[line].indent)
            }
            guard let key = try key(line, indent) else {
                if isSequenceItem(line, indent) {
                    throw failure("a list item where a 'key: value' line was expected", line, indent)
                }
                throw failure("expected 'key: value'", line, indent)
            }
            if let first = seen[key.text] {
                throw failure("duplicate key '\(YAMLParser.shown(key.text))' (first on line \(first))", line, indent)
            }
            let number = lines[line].number
            seen[key.text] = number
            let value: YAMLNode
            if isLineEnd(line, key.valueColumn) {
                next = line + 1
                if let child = nextContent(from: next), lines[child].indent > indent {
                    value = try parseBlock(&next, indent: lines[child].indent, depth: depth + 1)
                } else if let child = nextContent(from: next), lines[child].indent == indent,
                    isSequenceItem(child, indent)
                {
                    // `key:` followed by `- item` lines at the key's own indentation.
                    value = try parseSequence(&next, indent: indent, depth: depth + 1)
                } else {
                    value = YAMLNode(.null, line: number, column: key.valueColumn + 1)
                }
            } else {
                let start = skipBlanks(line, key.valueColumn)
                let inline = try parseInline(line, start, depth: depth + 1)
                try expectLineEnd(
                    inline.endLine, inline.endColumn, after: "the value of '\(YAMLParser.shown(key.text))'")
                next = inline.endLine + 1
                value = inline.node
            }
            entries.append(YAMLEntry(key: key.text, line: number, column: indent + 1, value: value))
        }
        return YAMLNode(.mapping(entries), line: firstLine, column: indent + 1)
    }

    private mutating func parseSequence(_ next: inout Int, indent: Int, depth: Int) throws(YAMLError) -> YAMLNode {
        var items: [YAMLNode] = []
        let firstLine = nextContent(from: next).map { lines[$0].number } ?? 1
        while let line = nextContent(from: next), lines[line].indent >= indent {
            try checkMarkers(line)
            guard lines[line].indent == indent else {
                throw failure("unexpected indentation", line, lines[line].indent)
            }
            guard isSequenceItem(line, indent) else { break }
            let content = skipBlanks(line, indent + 1)
            let isEmpty = isLineEnd(line, indent + 1)
            var isCompact = false
            if !isEmpty {
                isCompact = isSequenceItem(line, content)
                if !isCompact { isCompact = try key(line, content) != nil }
            }
            if isEmpty {
                next = line + 1
                if let child = nextContent(from: next), lines[child].indent > indent {
                    items.append(try parseBlock(&next, indent: lines[child].indent, depth: depth + 1))
                } else {
                    items.append(YAMLNode(.null, line: lines[line].number, column: indent + 1))
                }
            } else if isCompact {
                // A compact item (`- key: value`, `- - x`): the block starts at the content's column.
                lines[line].indent = content
                next = line
                items.append(try parseBlock(&next, indent: content, depth: depth + 1))
            } else {
                let inline = try parseInline(line, content, depth: depth + 1)
                try expectLineEnd(inline.endLine, inline.endColumn, after: "the list item")
                next = inline.endLine + 1
                items.append(inline.node)
            }
        }
        return YAMLNode(.sequence(items), line: firstLine, column: indent + 1)
    }

    /// A value that starts on a line: a flow collection or a scalar.
    func parseInline(_ line: Int, _ column: Int, depth: Int) throws(YAMLError) -> InlineValue {
        guard depth <= maxDepth else { throw failure("nesting deeper than \(maxDepth) levels", line, column) }
        switch character(line, column) {
        case "[", "{":
            var position = Position(line: line, column: column)
            let node = try parseFlow(&position, depth: depth)
            return InlineValue(node: node, endLine: position.line, endColumn: position.column)
        case "\"":
            let (text, end) = try doubleQuoted(line, column)
            return InlineValue(node: node(.scalar(text, quoted: true), line, column), endLine: line, endColumn: end)
        case "'":
            let (text, end) = try singleQuoted(line, column)
            return InlineValue(node: node(.scalar(text, quoted: true), line, column), endLine: line, endColumn: end)
        default:
            try checkPlainStart(line, column, inFlow: false)
            let (text, end) = try plainBlock(line, column)
            return InlineValue(node: node(.scalar(text, quoted: false), line, column), endLine: line, endColumn: end)
        }
    }

    struct InlineValue {
        var node: YAMLNode
        var endLine: Int
        var endColumn: Int
    }

    struct Key {
        var text: String
        /// Index just after the `:`.
        var valueColumn: Int
    }

    /// The key of a `key: value` line starting at `column`, or `nil` when the line holds
    /// something else there.
    private func key(_ line: Int, _ column: Int) throws(YAMLError) -> Key? {
        let scalars = lines[line].scalars
        guard column < scalars.count else { return nil }
        switch scalars[column] {
        case "\"", "'":
            let (text, end) =
                scalars[column] == "\"" ? try doubleQuoted(line, column) : try singleQuoted(line, column)
            let colon = skipBlanks(line, end)
            guard colon < scalars.count, scalars[colon] == ":", isSeparated(line, colon + 1) else { return nil }
            return Key(text: text, valueColumn: colon + 1)
        case "[", "{", "&", "*", "!", "|", ">", "#":
            return nil
        case "?" where isSeparated(line, column + 1):
            throw failure("complex keys ('? ') are not supported", line, column)
        default:
            var index = column
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == ":", isSeparated(line, index + 1) { break }
                if scalar == "#", index > column, YAMLLine.isBlank(scalars[index - 1]) { return nil }
                index += 1
            }
            guard index < scalars.count else { return nil }
            if index == column { throw failure("a key is missing before ':'", line, column) }
            try checkPlainStart(line, column, inFlow: false)
            var end = index
            while end > column, YAMLLine.isBlank(scalars[end - 1]) { end -= 1 }
            return Key(text: YAMLParser.string(scalars[column..<end]), valueColumn: index + 1)
        }
    }

    // MARK: Lines

    /// The first line at or after `index` that is neither blank nor a comment.
    func nextContent(from index: Int) -> Int? {
        var index = index
        while index < lines.count {
            if lines[index].hasContent { return index }
            index += 1
        }
        return nil
    }

    func character(_ line: Int, _ column: Int) -> Unicode.Scalar? {
        let scalars = lines[line].scalars
        return column < scalars.count ? scalars[column] : nil
    }

    /// Whether the line is `- …` (or `-` alone) at `column`.
    private func isSequenceItem(_ line: Int, _ column: Int) -> Bool {
        character(line, column) == "-" && isSeparated(line, column + 1)
    }

    /// True at the end of the line or before a blank.
    func isSeparated(_ line: Int, _ column: Int) -> Bool {
        guard let scalar = character(line, column) else { return true }
        return YAMLLine.isBlank(scalar)
    }

    func skipBlanks(_ line: Int, _ column: Int) -> Int {
        var column = column
        while let scalar = character(line, column), YAMLLine.isBlank(scalar) { column += 1 }
        return column
    }

    /// Whether only blanks and a comment follow `column`.
    private func isLineEnd(_ line: Int, _ column: Int) -> Bool {
        let end = skipBlanks(line, column)
        guard let scalar = character(line, end) else { return true }
        return scalar == "#" && (end > column || end == 0 || (character(line, end - 1).map(YAMLLine.isBlank) ?? true))
    }

    private func expectLineEnd(_ line: Int, _ column: Int, after what: String) throws(YAMLError) {
        guard !isLineEnd(line, column) else { return }
        let start = skipBlanks(line, column)
        let rest = YAMLParser.string(lines[line].scalars[start...])
        throw failure("unexpected text '\(YAMLParser.shown(rest))' after \(what)", line, start)
    }

    private func isMarker(_ marker: String, _ line: Int) -> Bool {
        let scalars = lines[line].scalars
        return lines[line].indent == 0 && scalars.count >= 3 && scalars[0..<3].elementsEqual(marker.unicodeScalars)
            && isSeparated(line, 3)
    }

    /// Document markers and directives, which only the first line may hold (`---`).
    private func checkMarkers(_ line: Int) throws(YAMLError) {
        guard lines[line].indent == 0 else { return }
        if isMarker("---", line) { throw failure("only one document per file is supported ('---')", line, 0) }
        if isMarker("...", line) { throw failure("document end markers ('...') are not supported", line, 0) }
        if character(line, 0) == "%" {
            throw failure("directives (%YAML, %TAG) are not supported", line, 0)
        }
    }

    func node(_ kind: YAMLNode.Kind, _ line: Int, _ column: Int) -> YAMLNode {
        YAMLNode(kind, line: lines[line].number, column: column + 1)
    }

    func failure(_ message: String, _ line: Int, _ column: Int) -> YAMLError {
        YAMLError(message: message, line: lines[min(line, lines.count - 1)].number, column: column + 1)
    }

    static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// Text for an error message: at most 40 characters.
    static func shown(_ text: String) -> String {
        text.unicodeScalars.count <= 40 ? text : string(ArraySlice(text.unicodeScalars.prefix(39))) + "…"
    }
}
