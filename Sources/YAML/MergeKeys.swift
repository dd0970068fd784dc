/// A mapping's entries from its alternating keys and values: duplicate keys refused, merge keys
/// (`<<`, YAML 1.1's merge type) replaced by the entries they bring.
enum MergeKeys {
    static let mergeTag = YAMLNode.standardTagPrefix + "merge"

    static func entries(pairing items: [YAMLNode]) throws(YAMLError) -> [YAMLEntry] {
        var written: [YAMLEntry] = []
        var merges: [YAMLNode] = []
        var mergeAt: Int?
        var firstLine: [String: Int] = [:]
        var index = 0
        while index + 1 < items.count {
            let key = items[index]
            let value = items[index + 1]
            index += 2
            if isMergeKey(key) {
                mergeAt = mergeAt ?? written.count
                merges.append(value)
                continue
            }
            if let text = key.text {
                if let first = firstLine[text] {
                    throw YAMLError(
                        "duplicate key '\(shown(text))' (first on line \(first))", line: key.line, column: key.column)
                }
                firstLine[text] = key.line
            }
            written.append(YAMLEntry(key: key, value: value))
        }
        guard let mergeAt else { return written }
        var merged: [YAMLEntry] = []
        for value in merges {
            for source in try sources(value) {
                for entry in source {
                    if let text = entry.key.text {
                        guard firstLine[text] == nil else { continue }
                        firstLine[text] = entry.key.line
                    }
                    merged.append(entry)
                }
            }
        }
        written.insert(contentsOf: merged, at: mergeAt)
        return written
    }

    /// `<<` written plain, or tagged `!!merge`.
    private static func isMergeKey(_ key: YAMLNode) -> Bool {
        key.tag == mergeTag || (key.isPlain && key.text == "<<")
    }

    /// The mappings a `<<` value names: one mapping, or a list of them (earlier ones win).
    private static func sources(_ value: YAMLNode) throws(YAMLError) -> [[YAMLEntry]] {
        if let entries = value.entries { return [entries] }
        if let items = value.items {
            var result: [[YAMLEntry]] = []
            for item in items {
                guard let entries = item.entries else {
                    throw notMergeable(item)
                }
                result.append(entries)
            }
            return result
        }
        throw notMergeable(value)
    }

    private static func notMergeable(_ node: YAMLNode) -> YAMLError {
        YAMLError(
            "a merge key '<<' takes a mapping or a list of mappings, usually aliases such as <<: *defaults or "
                + "<<: [*a, *b] (got \(node.kindDescription))", line: node.line, column: node.column)
    }

    /// At most 60 characters of `text`, control characters escaped.
    static func shown(_ text: String) -> String {
        var result = ""
        for (count, scalar) in text.unicodeScalars.enumerated() {
            if count == 59 {
                result += "…"
                break
            }
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
