/// Small searches over a body's bytes, so large feeds are cut into pieces without building
/// a document of the whole.
enum ByteScan {
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }

    /// The first byte that is not white space (after a UTF-8 byte order mark).
    static func firstNonSpace(_ bytes: [UInt8]) -> UInt8? {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index < bytes.count ? bytes[index] : nil
    }

    /// Where `pattern` first occurs in `bytes[range]`, if it does.
    static func find(_ pattern: [UInt8], in bytes: [UInt8], _ range: Range<Int>) -> Range<Int>? {
        guard let first = pattern.first, pattern.count <= range.count else { return nil }
        var index = range.lowerBound
        let last = range.upperBound - pattern.count
        while index <= last {
            if bytes[index] == first {
                var offset = 1
                while offset < pattern.count, bytes[index + offset] == pattern[offset] { offset += 1 }
                if offset == pattern.count { return index..<(index + pattern.count) }
            }
            index += 1
        }
        return nil
    }

    static func contains(_ pattern: [UInt8], in bytes: [UInt8], _ range: Range<Int>) -> Bool {
        find(pattern, in: bytes, range) != nil
    }
}
