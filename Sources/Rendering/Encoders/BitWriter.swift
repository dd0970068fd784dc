/// Writes bits least significant first into bytes, as DEFLATE packs them (RFC 1951 §3.1.1).
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var buffer: UInt64 = 0
    private var count = 0

    /// Appends the low `width` bits of `value`, least significant first.
    mutating func write(_ value: UInt32, width: Int) {
        guard width > 0 else { return }
        buffer |= UInt64(value & (UInt32.max >> (32 - width))) << UInt64(count)
        count += width
        while count >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
        }
    }

    /// Appends a Huffman code, which DEFLATE stores most significant bit first.
    mutating func write(code: UInt16, length: Int) {
        var reversed: UInt32 = 0
        var value = UInt32(code)
        for _ in 0..<length {
            reversed = reversed << 1 | (value & 1)
            value >>= 1
        }
        write(reversed, width: length)
    }

    /// Pads with zero bits to the next byte boundary.
    mutating func alignToByte() {
        if count > 0 {
            bytes.append(UInt8(truncatingIfNeeded: buffer))
            buffer = 0
            count = 0
        }
    }

    /// The bits written so far, including a partial last byte.
    var bitCount: Int { bytes.count * 8 + count }
}
