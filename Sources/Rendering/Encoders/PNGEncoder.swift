import ZlibDeflate

/// Writes a ``PanelFrame`` as PNG: 1-bit grayscale for `bw`, a 2-bit palette for `bwr`
/// (white, black, red) and `gray4` (white, light, dark, black). Rows use filter 0 (the PNG
/// specification's advice for images under 8 bits per pixel); the data is compressed by the
/// system's zlib at its default level.
public enum PNGEncoder {
    public static func encode(_ frame: PanelFrame) -> [UInt8] {
        var output: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let bitDepth: UInt8 = frame.mode == .bw ? 1 : 2
        let colorType: UInt8 = frame.mode == .bw ? 0 : 3
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(frame.width))
        header.appendBigEndian(UInt32(frame.height))
        header += [bitDepth, colorType, 0, 0, 0]
        appendChunk("IHDR", header, to: &output)
        switch frame.mode {
        case .bw: break
        case .bwr: appendChunk("PLTE", [0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0xE0, 0x00, 0x00], to: &output)
        case .gray4:
            appendChunk(
                "PLTE", [0xFF, 0xFF, 0xFF, 0xAA, 0xAA, 0xAA, 0x55, 0x55, 0x55, 0x00, 0x00, 0x00], to: &output)
        }
        appendChunk("IDAT", Zlib.compress(scanlines(frame, bitDepth: Int(bitDepth))), to: &output)
        appendChunk("IEND", [], to: &output)
        return output
    }

    /// Filter byte 0 and the packed pixels of every row.
    private static func scanlines(_ frame: PanelFrame, bitDepth: Int) -> [UInt8] {
        let stride = (frame.width * bitDepth + 7) / 8
        var bytes = [UInt8](repeating: 0, count: (stride + 1) * frame.height)
        let perByte = 8 / bitDepth
        for y in 0..<frame.height {
            let row = y * (stride + 1) + 1
            for x in 0..<frame.width {
                var value = frame.levels[y * frame.width + x]
                // Grayscale 1-bit: 0 is black, 1 white — the opposite of a level.
                if frame.mode == .bw { value = value == 0 ? 1 : 0 }
                let shift = UInt8(8 - bitDepth * (x % perByte + 1))
                bytes[row + x / perByte] |= value << shift
            }
        }
        return bytes
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to output: inout [UInt8]) {
        output.appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        output += typeBytes
        output += data
        output.appendBigEndian(Zlib.crc32(data, continuing: Zlib.crc32(typeBytes)))
    }
}

extension [UInt8] {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF),
        ])
    }

    mutating func appendLittleEndian(_ value: UInt32) {
        append(contentsOf: [
            UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24),
        ])
    }

    mutating func appendLittleEndian(_ value: UInt16) {
        append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)])
    }
}
