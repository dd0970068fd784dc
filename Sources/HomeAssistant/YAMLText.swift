/// Writes the small YAML documents `ha-template` prints: comments, mappings, lists, quoted
/// scalars and folded block scalars, two spaces a level. Every scalar that is not a plain word
/// is double-quoted, so no location name or template can change the document's structure.
struct YAMLText {
    private(set) var text = ""

    /// `# comment` lines (each line of `comment` gets its own `#`).
    mutating func comment(_ comment: String, indent: Int = 0) {
        for line in comment.split(separator: "\n", omittingEmptySubsequences: false) {
            text += pad(indent) + (line.isEmpty ? "#" : "# " + line) + "\n"
        }
    }

    mutating func blank() { text += "\n" }

    /// `key:` opening a nested mapping or list.
    mutating func key(_ key: String, indent: Int, listItem: Bool = false) {
        text += pad(indent) + (listItem ? "- " : "") + key + ":\n"
    }

    /// `key: "value"`.
    mutating func pair(_ key: String, _ value: String, indent: Int, listItem: Bool = false) {
        text += pad(indent) + (listItem ? "- " : "") + key + ": " + Self.quoted(value) + "\n"
    }

    /// `key: 1`.
    mutating func pair(_ key: String, _ value: Int, indent: Int) {
        text += pad(indent) + key + ": " + String(value) + "\n"
    }

    /// `key: ["a", "b"]`.
    mutating func pair(_ key: String, _ values: [String], indent: Int) {
        text += pad(indent) + key + ": [" + values.map(Self.quoted).joined(separator: ", ") + "]\n"
    }

    /// `key: >-` followed by `lines`, folded into one line when read (Jinja does not mind).
    mutating func folded(_ key: String, _ lines: [String], indent: Int) {
        text += pad(indent) + key + ": >-\n"
        for line in lines { text += pad(indent + 2) + line + "\n" }
    }

    /// A double-quoted YAML scalar.
    static func quoted(_ value: String) -> String { value.yamlDoubleQuoted }

    private func pad(_ indent: Int) -> String { String(repeating: " ", count: indent) }
}
