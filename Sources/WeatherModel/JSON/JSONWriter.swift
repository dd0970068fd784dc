extension JSONValue {
    /// Compact JSON text. Integral numbers print without a fraction (`12`, not `12.0`),
    /// others in their shortest round-tripping form; `-0` prints as `0`.
    public func serialized() -> String {
        var output = JSONOutput(capacity: 512)
        defer { output.deallocate() }
        write(to: &output, indent: nil, level: 0)
        return output.string()
    }

    /// Indented JSON text for people (two spaces a level).
    public func prettyPrinted() -> String {
        var output = JSONOutput(capacity: 1024)
        defer { output.deallocate() }
        write(to: &output, indent: 2, level: 0)
        return output.string()
    }

    /// The compact JSON text as UTF-8 bytes (what is published and saved), written straight
    /// into a byte buffer: no intermediate `String`.
    ///
    /// The result has no spare capacity: payloads are kept (retained topics, saved state) for
    /// the life of the bridge.
    public var utf8Bytes: [UInt8] {
        var output = JSONOutput(capacity: 512)
        defer { output.deallocate() }
        write(to: &output, indent: nil, level: 0)
        return output.bytes()
    }

    /// Writes the text of this value; `indent` spaces a level, or compact when `nil`.
    func write(to output: inout JSONOutput, indent: Int?, level: Int) {
        switch self {
        case .null: output.append("null")
        case .bool(let value): output.append(value ? "true" : "false")
        case .number(let value): JSONValue.writeNumber(value, to: &output)
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let items):
            if items.isEmpty {
                output.append("[]")
                return
            }
            output.append(UInt8(ascii: "["))
            var first = true
            for item in items {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                JSONValue.newline(&output, indent: indent, level: level + 1)
                // Columns of numbers (state files, series) skip a level of the recursion.
                if case .number(let value) = item {
                    JSONValue.writeNumber(value, to: &output)
                } else {
                    item.write(to: &output, indent: indent, level: level + 1)
                }
            }
            JSONValue.newline(&output, indent: indent, level: level)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            if object.count == 0 {
                output.append("{}")
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

    private static func newline(_ output: inout JSONOutput, indent: Int?, level: Int) {
        guard let indent else { return }
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<(indent * level) { output.append(UInt8(ascii: " ")) }
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
    static func writeNumber(_ value: Double, to output: inout JSONOutput) {
        guard value.isFinite else { return output.append("null") }
        if value == 0 { return output.append(UInt8(ascii: "0")) }
        let magnitude = abs(value)
        // Below 1e15 a value is integral when truncating it changes nothing.
        if magnitude < 1e15, Double(Int64(value)) == value {
            if value < 0 { output.append(UInt8(ascii: "-")) }
            return output.appendDigits(UInt64(magnitude), places: 0)
        }
        // The fewest decimal places that give back exactly `value` is what Swift's shortest
        // round-trip description prints too, in plain notation for this range. `scaled` is
        // exact below 2^53 and so is each power of ten, so the division is correctly rounded.
        if magnitude >= 1e-3, magnitude < 1e11 {
            var power = 1.0
            for places in 1...4 {
                power *= 10
                let scaled = roundedHalfAway(magnitude * power)
                if scaled / power == magnitude {
                    if value < 0 { output.append(UInt8(ascii: "-")) }
                    return output.appendDigits(UInt64(scaled), places: places)
                }
            }
        }
        var text = value.description
        text.withUTF8 { output.append($0) }
    }

    /// `x.rounded()` (half away from zero) for `0 <= x < 2^53`, without a call into libm:
    /// the fraction `x - trunc(x)` is exact there, and so is adding one.
    private static func roundedHalfAway(_ x: Double) -> Double {
        let whole = Double(Int64(x))
        return x - whole >= 0.5 ? whole + 1 : whole
    }

    /// Whether any of the eight bytes in `word` must be escaped in a JSON string: below 0x20, a
    /// quote or a backslash (the "has a byte less than / equal to" bit tricks: exact as to
    /// whether there is one).
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let quotes = (quote &- ones) & ~quote
        let backslashes = (backslash &- ones) & ~backslash
        return (control | quotes | backslashes) & highs != 0
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, everything
    /// else (all of Unicode) as UTF-8.
    static func writeString(_ value: String, to output: inout JSONOutput) {
        output.append(UInt8(ascii: "\""))
        var text = value
        text.withUTF8 { bytes in
            var start = 0
            var index = 0
            let count = bytes.count
            while index < count {
                // Eight bytes at a time while none of them needs escaping.
                if let base = bytes.baseAddress {
                    while index + 8 <= count,
                        !needsEscape(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                    {
                        index += 8
                    }
                }
                guard index < count else { break }
                let byte = bytes[index]
                index += 1
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                output.append(UnsafeBufferPointer(rebasing: bytes[start..<(index - 1)]))
                start = index
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
                    output.append("u00")
                    output.append(hex.utf8Start[Int(byte >> 4)])
                    output.append(hex.utf8Start[Int(byte & 0xF)])
                }
            }
            output.append(UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }
}

/// The writer's growable byte buffer: an append is a capacity check and a store or a copy,
/// without `Array`'s uniqueness and generic-sequence paths. Owned by one `write` call, which
/// deallocates it (it is not copied).
struct JSONOutput {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    func deallocate() { base.deallocate() }

    /// Makes room for `extra` more bytes.
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        var newCapacity = capacity * 2
        while newCapacity < count + extra { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    mutating func append(_ byte: UInt8) {
        if count == capacity { reserve(1) }
        base[count] = byte
        count += 1
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    mutating func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// `number` in decimal with a point `places` digits from the right (`0.05` for 5, 2).
    mutating func appendDigits(_ number: UInt64, places: Int) {
        // At most 16 digits (below 1e15, or below 1e11 with four places) and a point.
        reserve(24)
        var digits = 0
        var rest = number
        repeat {
            digits += 1
            rest /= 10
        } while rest > 0
        let length = max(digits, places + 1) + (places > 0 ? 1 : 0)
        var position = count + length
        rest = number
        var written = 0
        repeat {
            if places > 0, written == places {
                position -= 1
                base[position] = UInt8(ascii: ".")
            }
            position -= 1
            base[position] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            written += 1
        } while rest > 0 || written <= places
        count += length
    }

    /// The bytes written, in an array of exactly their size.
    func bytes() -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress?.initialize(from: base, count: count)
            initialized = count
        }
    }

    func string() -> String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }
}
