/// What is wrong with a JSON text, and where (byte offset).
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var offset: Int
    public var description: String { "\(message) at byte \(offset)" }
}

/// A strict RFC 8259 parser with limits, for bytes from providers and other publishers.
///
/// It never traps: deep nesting, huge numbers, bad UTF-8 and truncated input are errors.
public struct JSONParser {
    /// Deepest nesting of arrays and objects accepted.
    public var maxDepth = 64

    public init(maxDepth: Int = 64) { self.maxDepth = maxDepth }

    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        try JSONParser().parse(bytes)
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try JSONParser().parse(Array(text.utf8))
    }

    public func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        let array = Array(bytes)
        return try array.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
            var reader = Reader(bytes: buffer, maxDepth: maxDepth)
            reader.skipWhitespace()
            // A UTF-8 byte order mark is tolerated at the very start.
            if reader.position == 0, buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB,
                buffer[2] == 0xBF
            {
                reader.position = 3
            }
            let value = try reader.readValue(depth: 0)
            reader.skipWhitespace()
            guard reader.position == buffer.count else {
                throw JSONParseError(message: "unexpected text after the JSON value", offset: reader.position)
            }
            return value
        }
    }
}

private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    func fail(_ message: String) -> JSONParseError {
        JSONParseError(message: message, offset: position)
    }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    mutating func readValue(depth: Int) throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard position < bytes.count else { throw fail("unexpected end of input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try readObject(depth: depth + 1)
        case UInt8(ascii: "["): return try readArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try readNumber())
        default: throw fail("unexpected character")
        }
    }

    mutating func expect(_ word: StaticString) throws(JSONParseError) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw fail("unexpected end of input") }
        for index in 0..<count where bytes[position + index] != word.utf8Start[index] {
            throw fail("unexpected character")
        }
        position += count
    }

    mutating func readObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maxDepth else { throw fail("nested deeper than \(maxDepth) levels") }
        position += 1
        var object = JSONObject()
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw fail("expected a member name")
            }
            let key = try readString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                throw fail("expected ':'")
            }
            position += 1
            let value = try readValue(depth: depth)
            if object[key] != nil { object[key] = value } else { object.appendUnchecked(key, value) }
            skipWhitespace()
            guard position < bytes.count else { throw fail("unexpected end of input") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(object)
            }
            throw fail("expected ',' or '}'")
        }
    }

    mutating func readArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maxDepth else { throw fail("nested deeper than \(maxDepth) levels") }
        position += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            items.append(try readValue(depth: depth))
            skipWhitespace()
            guard position < bytes.count else { throw fail("unexpected end of input") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(items)
            }
            throw fail("expected ',' or ']'")
        }
    }

    mutating func readNumber() throws(JSONParseError) -> Double {
        let start = position
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        // The digits are also gathered into an integer mantissa for the fast path below.
        var mantissa: UInt64 = 0
        var digitCount = 0
        func digits(_ reader: inout Reader) -> Int {
            let begin = reader.position
            while reader.position < reader.bytes.count {
                let digit = reader.bytes[reader.position] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                if digitCount < 19 { mantissa = mantissa &* 10 &+ UInt64(digit) }
                digitCount += 1
                reader.position += 1
            }
            return reader.position - begin
        }
        let integerStart = position
        guard digits(&self) > 0 else { throw fail("expected a digit") }
        if bytes[integerStart] == UInt8(ascii: "0"), position - integerStart > 1 {
            throw JSONParseError(message: "leading zero in a number", offset: integerStart)
        }
        var fractionDigits = 0
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            fractionDigits = digits(&self)
            guard fractionDigits > 0 else { throw fail("expected a digit after '.'") }
        }
        var hasExponent = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            hasExponent = true
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            let exponentStart = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                position += 1
            }
            guard position > exponentStart else { throw fail("expected a digit in the exponent") }
        }
        // Fast path (Clinger): at most 15 digits are exact in a Double, and so are the powers
        // of ten up to 1e22, so one correctly rounded division gives the correctly rounded
        // value, the same as the full conversion below.
        if !hasExponent, digitCount <= 15, fractionDigits < Reader.powersOfTen.count {
            let value = Double(mantissa) / Reader.powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONParseError(message: "number out of range", offset: start)
        }
        return value
    }

    /// 1e0 … 1e22: every one exactly representable as a Double.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    mutating func readString() throws(JSONParseError) -> String {
        position += 1  // opening quote
        let start = position
        // Fast path: no escapes.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
                position += 1
                guard let text = String(validating: slice, as: UTF8.self) else {
                    throw JSONParseError(message: "invalid UTF-8 in a string", offset: start)
                }
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail("control character in a string") }
            position += 1
        }
        var scalars: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                guard let text = String(validating: scalars, as: UTF8.self) else {
                    throw JSONParseError(message: "invalid UTF-8 in a string", offset: start)
                }
                return text
            }
            if byte < 0x20 { throw fail("control character in a string") }
            if byte != UInt8(ascii: "\\") {
                scalars.append(byte)
                position += 1
                continue
            }
            position += 1
            guard position < bytes.count else { break }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): scalars.append(0x22)
            case UInt8(ascii: "\\"): scalars.append(0x5C)
            case UInt8(ascii: "/"): scalars.append(0x2F)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                var code = try readHex4()
                if (0xD800...0xDBFF).contains(code) {
                    guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                        bytes[position + 1] == UInt8(ascii: "u")
                    else { throw fail("unpaired surrogate") }
                    position += 2
                    let low = try readHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(code) {
                    throw fail("unpaired surrogate")
                }
                guard let scalar = Unicode.Scalar(code) else { throw fail("invalid escape") }
                scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
            default: throw fail("invalid escape")
            }
        }
        throw fail("unterminated string")
    }

    mutating func readHex4() throws(JSONParseError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw fail("unexpected end of input") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("invalid \\u escape")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }
}
