extension JSONValue {
    /// Compact JSON text. Integral numbers print without a fraction (`12`, not `12.0`),
    /// others in their shortest round-tripping form; `-0` prints as `0`.
    public func serialized() -> String {
        var output = ""
        output.reserveCapacity(256)
        write(to: &output, indent: nil, level: 0)
        return output
    }

    /// Indented JSON text for people (two spaces a level).
    public func prettyPrinted() -> String {
        var output = ""
        write(to: &output, indent: "  ", level: 0)
        return output
    }

    public var utf8Bytes: [UInt8] { Array(serialized().utf8) }

    func write(to output: inout String, indent: String?, level: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += JSONValue.format(value)
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let items):
            if items.isEmpty {
                output += "[]"
                return
            }
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                JSONValue.newline(&output, indent: indent, level: level + 1)
                item.write(to: &output, indent: indent, level: level + 1)
            }
            JSONValue.newline(&output, indent: indent, level: level)
            output += "]"
        case .object(let object):
            if object.count == 0 {
                output += "{}"
                return
            }
            output += "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { output += "," }
                JSONValue.newline(&output, indent: indent, level: level + 1)
                JSONValue.writeString(member.key, to: &output)
                output += indent == nil ? ":" : ": "
                member.value.write(to: &output, indent: indent, level: level + 1)
            }
            JSONValue.newline(&output, indent: indent, level: level)
            output += "}"
        }
    }

    private static func newline(_ output: inout String, indent: String?, level: Int) {
        guard let indent else { return }
        output += "\n"
        for _ in 0..<level { output += indent }
    }

    /// A number as JSON text; non-finite values (which JSON cannot hold) become `null`.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
