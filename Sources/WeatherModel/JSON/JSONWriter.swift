extension JSONValue {
    /// Compact JSON text. Integral numbers print without a fraction (`12`, not `12.0`),
    /// others in their shortest round-tripping form; `-0` prints as `0`.
    public func serialized() -> String {
        String(decoding: utf8Bytes, as: UTF8.self)
    }

    /// Indented JSON text for people (two spaces a level).
    public func prettyPrinted() -> String {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        write(to: &output, indent: 2, level: 0)
        return String(decoding: output, as: UTF8.self)
    }

    /// The compact JSON text as UTF-8 bytes (what is published and saved), written straight
    /// into a byte buffer: no intermediate `String`.
    ///
    /// The result has no spare capacity: payloads are kept (retained topics, saved state) for
    /// the life of the bridge.
    public var utf8Bytes: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(512)
        write(to: &output, indent: nil, level: 0)
        return output.withUnsafeBufferPointer { written in
            [UInt8](unsafeUninitializedCapacity: written.count) { buffer, count in
                count = buffer.initialize(fromContentsOf: written)
            }
        }
    }

    /// Writes the text of this value; `indent` spaces a level, or compact when `nil`.
    func write(to output: inout [UInt8], indent: Int?, level: Int) {
        switch self {
        case .null: JSONValue.append("null", to: &output)
        case .bool(let value): JSONValue.append(value ? "true" : "false", to: &output)
        case .number(let value): JSONValue.writeNumber(value, to: &output)
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let items):
            if items.isEmpty {
                JSONValue.append("[]", to: &output)
                return
            }
            output.append(UInt8(ascii: "["))
            var first = true
            for item in items {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                JSONValue.newline(&output, indent: indent, level: level + 1)
                item.write(to: &output, indent: indent, level: level + 1)
            }
            JSONValue.newline(&output, indent: indent, level: level)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.count == 0 {
                JSONValue.append("{}", to: &output)
                return
            }
            output.append(UInt8(ascii: "{"))
            var first = true
            for member in object.members {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                JSONValue.newline(&output, indent: indent, level: level + 1)
                JSONValue.writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                if indent != nil { output.append(UInt8(ascii: " ")) }
                member.value.write(to: &output, indent: indent, level: level + 1)
            }
            JSONValue.newline(&output, indent: indent, level: level)
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(_ output: inout [UInt8], indent: Int?, level: Int) {
        guard let indent else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * level))
    }

    private static func append(_ text: StaticString, to output: inout [UInt8]) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A number as JSON text; non-finite values (which JSON cannot hold) become `null`.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// Writes `format(value)` without building a `String` for integers and for decimals with
    /// up to four places (every rounded payload value); the bytes are the same.
    static func writeNumber(_ value: Double, to output: inout [UInt8]) {
        guard value.isFinite else { return append("null", to: &output) }
        if value == 0 { return output.append(UInt8(ascii: "0")) }
        let magnitude = abs(value)
        if value == value.rounded(), magnitude < 1e15 {
            if value < 0 { output.append(UInt8(ascii: "-")) }
            return writeDigits(UInt64(magnitude), places: 0, to: &output)
        }
        // The fewest decimal places that give back exactly `value` is what Swift's shortest
        // round-trip description prints too, in plain notation for this range. `scaled` is
        // exact below 2^53 and so is each power of ten, so the division is correctly rounded.
        if magnitude >= 1e-3, magnitude < 1e11 {
            var power = 1.0
            for places in 1...4 {
                power *= 10
                let scaled = (magnitude * power).rounded()
                if scaled / power == magnitude {
                    if value < 0 { output.append(UInt8(ascii: "-")) }
                    return writeDigits(UInt64(scaled), places: places, to: &output)
                }
            }
        }
        output.append(contentsOf: value.description.utf8)
    }

    /// `number` in decimal with a point `places` digits from the right (`0.05` for 5, 2).
    private static func writeDigits(_ number: UInt64, places: Int, to output: inout [UInt8]) {
        // At most 16 digits (below 1e15, or below 1e11 with four places) and a point,
        // written right to left.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            var rest = number
            repeat {
                if places > 0, count == places {
                    count += 1
                    buffer[24 - count] = UInt8(ascii: ".")
                }
                count += 1
                buffer[24 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            } while rest > 0 || count <= places
        }
        withUnsafeBytes(of: &digits) { buffer in
            output.append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, everything
    /// else (all of Unicode) as UTF-8.
    static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = value
        text.withUTF8 { bytes in
            var start = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                start = index + 1
                output.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
                case 0x0A: output.append(UInt8(ascii: "n"))
                case 0x0D: output.append(UInt8(ascii: "r"))
                case 0x09: output.append(UInt8(ascii: "t"))
                case 0x08: output.append(UInt8(ascii: "b"))
                case 0x0C: output.append(UInt8(ascii: "f"))
                default:
                    let hex: StaticString = "0123456789abcdef"
                    output.append(contentsOf: [
                        UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex.utf8Start[Int(byte >> 4)],
                        hex.utf8Start[Int(byte & 0xF)],
                    ])
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }
}
