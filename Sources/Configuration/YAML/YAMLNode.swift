/// A node of the YAML subset `YAMLParser` reads, with the 1-based line and column where it
/// starts.
///
/// Scalars stay text: whether `5`, `true` or `3.1.1` is a number, a flag or a version is
/// decided by whoever reads the node, who also sees whether the text was quoted.
struct YAMLNode: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// An empty value (`key:` with nothing after it, `- ` alone, `{a}`).
        case null
        case scalar(String, quoted: Bool)
        case sequence([YAMLNode])
        /// Entries in the order they were written; keys are unique.
        case mapping([YAMLEntry])
    }

    var kind: Kind
    var line: Int
    var column: Int

    init(_ kind: Kind, line: Int, column: Int) {
        self.kind = kind
        self.line = line
        self.column = column
    }

    /// The text of a scalar, `nil` for anything else.
    var text: String? {
        if case .scalar(let text, _) = kind { return text }
        return nil
    }

    /// Whether the scalar was written in quotes (and so is text, never a number or a flag).
    var isQuoted: Bool {
        if case .scalar(_, let quoted) = kind { return quoted }
        return false
    }

    /// `null`, or an unquoted `~` / `null`, which YAML also reads as nothing.
    var isNull: Bool {
        switch kind {
        case .null: true
        case .scalar(let text, quoted: false): text == "~" || text == "null" || text == "Null" || text == "NULL"
        default: false
        }
    }

    /// The value under `key` of a mapping.
    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let entries) = kind else { return nil }
        return entries.first(where: { $0.key == key })?.value
    }

    /// The items of a sequence.
    var items: [YAMLNode]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    /// "a list", "a mapping", … for error messages.
    var kindDescription: String {
        switch kind {
        case .null: "empty"
        case .scalar: "a single value"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}

/// One `key: value` of a mapping.
struct YAMLEntry: Sendable, Equatable {
    var key: String
    var line: Int
    var column: Int
    var value: YAMLNode
}
