import ZlibDeflate

/// Minimal PNG files for decoder tests (CRCs computed, as a real file has them).
enum PNGSketch {
    static func make(width: Int, height: Int, colorType: UInt8, rows: [UInt8], compress: Bool = true) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ body: [UInt8]) {
            out += be(body.count)
            let typed = Array(type.utf8) + body
            out += typed
            out += be(Int(Zlib.crc32(typed)))
        }
        chunk("IHDR", be(width) + be(height) + [8, colorType, 0, 0, 0])
        chunk("IDAT", compress ? Zlib.compress(rows) : rows)
        chunk("IEND", [])
        return out
    }

    static func be(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
