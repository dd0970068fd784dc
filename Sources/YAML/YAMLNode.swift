/// One node of a YAML document as `YAMLReader` returns it: aliases resolved, merge keys (`<<`)
/// applied, and the 1-based line and column where the node was written (for a value that came
/// through an alias or a merge: where the anchored original stands).
///
/// Scalars stay text with their style and tag: whether `5`, `on` or `3.1.1` is a number, a
/// flag or a version is for the reader of the node to decide.
public struct YAMLNode: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case scalar(String, style: ScalarStyle)
        case sequence([YAMLNode])
        /// Entries in the order written, merged entries where the `<<` stood; keys are unique.
        case mapping([YAMLEntry])
    }

    /// How a scalar was written.
    public enum ScalarStyle: Sendable, Equatable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    public var kind: Kind
    /// The tag as libyaml resolves it: `tag:yaml.org,2002:str` for `!!str`, `!secret` for a
    /// local tag; `nil` when none was written.
    public var tag: String?
    public var line: Int
    public var column: Int
    /// Nodes in this subtree, aliases counted as often as they are used.
    var weight: Int = 1
    /// Levels of nesting below this node (0 for a scalar).
    var height: Int = 0

    public init(_ kind: Kind, tag: String? = nil, line: Int, column: Int) {
        self.kind = kind
        self.tag = tag
        self.line = line
        self.column = column
        switch kind {
        case .scalar: break
        case .sequence(let items):
            weight += items.reduce(0) { $0 + $1.weight }
            height = 1 + (items.map(\.height).max() ?? 0)
        case .mapping(let entries):
            weight += entries.reduce(0) { $0 + $1.key.weight + $1.value.weight }
            height = 1 + (entries.map { max($0.key.height, $0.value.height) }.max() ?? 0)
        }
    }

    public static func == (lhs: YAMLNode, rhs: YAMLNode) -> Bool {
        lhs.kind == rhs.kind && lhs.tag == rhs.tag && lhs.line == rhs.line && lhs.column == rhs.column
    }

    /// The YAML 1.1 tag prefix `!!` stands for.
    public static let standardTagPrefix = "tag:yaml.org,2002:"

    /// The tag as written: `!!str`, `!secret`.
    public var shortTag: String? {
        guard let tag else { return nil }
        if tag.hasPrefix(YAMLNode.standardTagPrefix) { return "!!" + tag.dropFirst(YAMLNode.standardTagPrefix.count) }
        return tag
    }

    /// The text of a scalar, `nil` for a list or a mapping.
    public var text: String? {
        if case .scalar(let text, _) = kind { return text }
        return nil
    }

    /// The style of a scalar, `nil` for a list or a mapping.
    public var style: ScalarStyle? {
        if case .scalar(_, let style) = kind { return style }
        return nil
    }

    /// A plain scalar without a tag: the only kind YAML reads as a number, a flag or null.
    public var isPlain: Bool { style == .plain && (tag == nil || tag == "!") }

    /// Nothing: `key:` with no value, `~`, `null`, or `!!null`.
    public var isNull: Bool {
        if tag == YAMLNode.standardTagPrefix + "null" { return true }
        guard isPlain, let text else { return false }
        return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// The value under the scalar key `key` of a mapping.
    public subscript(key: String) -> YAMLNode? {
        entries?.first(where: { $0.key.text == key })?.value
    }

    /// The items of a sequence.
    public var items: [YAMLNode]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    /// The entries of a mapping.
    public var entries: [YAMLEntry]? {
        if case .mapping(let entries) = kind { return entries }
        return nil
    }

    /// "empty", "a single value", "a list", "a mapping": for messages.
    public var kindDescription: String {
        if isNull { return "empty" }
        switch kind {
        case .scalar: return "a single value"
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}

/// One `key: value` of a mapping.
public struct YAMLEntry: Sendable, Equatable {
    public var key: YAMLNode
    public var value: YAMLNode

    public init(key: YAMLNode, value: YAMLNode) {
        self.key = key
        self.value = value
    }
}
