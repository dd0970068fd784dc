import WeatherModel

/// Walks a JSON document's bytes without parsing them into values, to hand out the elements
/// of one top-level array one at a time: a feed of many megabytes is then parsed one warning
/// at a time (memory bounded by the largest warning, not the feed).
struct JSONArrayScan {
    let bytes: [UInt8]
    var index = 0

    struct Malformed: Error {
        var offset: Int
    }

    /// Calls `body` with the byte range of each element of the array under the top-level
    /// object's `key`. Returns `false` when the document has no such array.
    static func elements(
        of key: String, in bytes: [UInt8], _ body: (Range<Int>) throws -> Void
    ) throws -> Bool {
        var scan = JSONArrayScan(bytes: bytes)
        scan.skipSpace()
        if scan.index + 2 < bytes.count, bytes[scan.index...].starts(with: [0xEF, 0xBB, 0xBF]) { scan.index += 3 }
        scan.skipSpace()
        try scan.expect(UInt8(ascii: "{"))
        let wanted = Array(key.utf8)
        var found = false
        while true {
            scan.skipSpace()
            if scan.peek == UInt8(ascii: "}") { return found }
            let keyStart = scan.index
            try scan.skipString()
            let name = bytes[(keyStart + 1)..<(scan.index - 1)]
            scan.skipSpace()
            try scan.expect(UInt8(ascii: ":"))
            scan.skipSpace()
            if name.elementsEqual(wanted), scan.peek == UInt8(ascii: "[") {
                found = true
                scan.index += 1
                scan.skipSpace()
                if scan.peek == UInt8(ascii: "]") {
                    scan.index += 1
                } else {
                    while true {
                        scan.skipSpace()
                        let start = scan.index
                        try scan.skipValue()
                        try body(start..<scan.index)
                        scan.skipSpace()
                        if scan.peek == UInt8(ascii: ",") {
                            scan.index += 1
                            continue
                        }
                        try scan.expect(UInt8(ascii: "]"))
                        break
                    }
                }
            } else {
                try scan.skipValue()
            }
            scan.skipSpace()
            if scan.peek == UInt8(ascii: ",") {
                scan.index += 1
                continue
            }
            try scan.expect(UInt8(ascii: "}"))
            return found
        }
    }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    mutating func skipSpace() {
        while index < bytes.count, ByteScan.isSpace(bytes[index]) { index += 1 }
    }

    mutating func expect(_ byte: UInt8) throws {
        guard peek == byte else { throw Malformed(offset: index) }
        index += 1
    }

    /// From an opening `"` to just past its closing one.
    mutating func skipString() throws {
        try expect(UInt8(ascii: "\""))
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""):
                index += 1
                return
            default: index += 1
            }
        }
        throw Malformed(offset: index)
    }

    /// One value of any kind; containers by counting brackets outside strings (no recursion).
    mutating func skipValue() throws {
        guard let first = peek else { throw Malformed(offset: index) }
        switch first {
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    try skipString()
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return
                    }
                default: break
                }
                index += 1
            }
            throw Malformed(offset: index)
        default:
            let start = index
            while index < bytes.count,
                ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[index]),
                !ByteScan.isSpace(bytes[index])
            {
                index += 1
            }
            if index == start { throw Malformed(offset: index) }
        }
    }
}
