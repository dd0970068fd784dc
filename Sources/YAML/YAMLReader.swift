import CYAML

/// Reads one YAML 1.1 document with libyaml's event parser into a `YAMLNode` tree.
///
/// Anchors and aliases are resolved, merge keys (`<<: *anchor`, `<<: [*a, *b]`) applied (keys
/// written in the mapping win, then earlier merges over later ones), and a key written twice in
/// one mapping is an error. Every style libyaml reads is accepted: block and flow, all scalar
/// styles, comments, a BOM, CRLF, `---` and `...`. More than one document, an alias to no
/// anchor, and documents past `limits` are errors; no input makes the reader trap or hang.
public enum YAMLReader {
    /// The document in `text`; a text with no document (empty, or only comments) reads as an
    /// empty plain scalar at line 1, column 1.
    public static func parse(_ text: String, limits: YAMLLimits = YAMLLimits()) throws(YAMLError) -> YAMLNode {
        let bytes = Array(text.utf8)
        let input = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        defer { input.deallocate() }
        _ = input.initialize(from: bytes)
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            throw YAMLError("libyaml could not start (out of memory)", line: 1, column: 1)
        }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_input_string(parser, input.baseAddress, bytes.count)
        var builder = TreeBuilder(limits: limits)
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) == 1 else {
                throw LibYAMLProblem(parser.pointee, bytes: bytes).error
            }
            defer { yaml_event_delete(&event) }
            if event.type == YAML_STREAM_END_EVENT { break }
            try builder.handle(event)
        }
        return builder.root ?? YAMLNode(.scalar("", style: .plain), line: 1, column: 1)
    }
}

/// Turns libyaml's events into nodes, one open list or mapping per frame.
struct TreeBuilder {
    private struct Frame {
        var isMapping: Bool
        var tag: String?
        var anchor: String?
        var line: Int
        var column: Int
        /// Items of a list; keys and values alternating for a mapping.
        var items: [YAMLNode] = []
    }

    let limits: YAMLLimits
    private var stack: [Frame] = []
    private var anchors: [String: YAMLNode] = [:]
    private var expanded = 0
    private var documents = 0
    private(set) var root: YAMLNode?

    init(limits: YAMLLimits) { self.limits = limits }

    mutating func handle(_ event: yaml_event_t) throws(YAMLError) {
        let line = Int(event.start_mark.line) + 1
        let column = Int(event.start_mark.column) + 1
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            guard documents == 1 else {
                throw YAMLError(
                    "a second document starts here: the file must hold one document (remove this '---', "
                        + "or everything after the first '...')", line: line, column: column)
            }
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = String(
                decoding: UnsafeBufferPointer(start: scalar.value, count: Int(scalar.length)), as: UTF8.self)
            try count(1, line: line, column: column)
            let node = YAMLNode(
                .scalar(text, style: Self.style(scalar.style)), tag: Self.string(scalar.tag), line: line, column: column
            )
            try add(node, anchor: Self.string(scalar.anchor))
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let tag = Self.string(isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag)
            let anchor = Self.string(isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor)
            guard stack.count < limits.depth else {
                throw YAMLError("nesting deeper than \(limits.depth) levels", line: line, column: column)
            }
            try count(1, line: line, column: column)
            stack.append(Frame(isMapping: isMapping, tag: tag, anchor: anchor, line: line, column: column))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { return }
            let kind: YAMLNode.Kind
            if frame.isMapping {
                kind = .mapping(try MergeKeys.entries(pairing: frame.items))
            } else {
                kind = .sequence(frame.items)
            }
            try add(YAMLNode(kind, tag: frame.tag, line: frame.line, column: frame.column), anchor: frame.anchor)
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            guard let node = anchors[name] else {
                throw YAMLError(
                    "the alias *\(name) refers to no anchor: define &\(name) before it is used", line: line,
                    column: column)
            }
            if stack.count + node.height > limits.depth {
                throw YAMLError(
                    "nesting deeper than \(limits.depth) levels (through the alias *\(name))", line: line,
                    column: column)
            }
            try count(node.weight, line: line, column: column, alias: name)
            try add(node, anchor: nil)
        default:
            break
        }
    }

    private mutating func add(_ node: YAMLNode, anchor: String?) throws(YAMLError) {
        if let anchor { anchors[anchor] = node }
        if stack.isEmpty {
            root = node
        } else {
            stack[stack.count - 1].items.append(node)
        }
    }

    private mutating func count(_ nodes: Int, line: Int, column: Int, alias: String? = nil) throws(YAMLError) {
        expanded += nodes
        guard expanded > limits.expandedNodes else { return }
        guard let alias else {
            throw YAMLError(
                "the document holds more than \(limits.expandedNodes) values, far more than a configuration needs",
                line: line, column: column)
        }
        throw YAMLError(
            "the document expands to more than \(limits.expandedNodes) values (the alias *\(alias) alone stands for "
                + "\(nodes)): aliases that repeat aliases (an \"alias bomb\") are refused", line: line, column: column)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func style(_ style: yaml_scalar_style_t) -> YAMLNode.ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: .literal
        case YAML_FOLDED_SCALAR_STYLE: .folded
        default: .plain
        }
    }
}
