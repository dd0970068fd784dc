import PanelFrames
import ZlibDeflate

/// Writes a ``PanelFrame`` as PNG: grayscale (colour type 0) at 1 bit for `bw`, 4 bits for
/// `gray16` and 8 bits for `gray256` (what a Kindle's `eips` shows); a 2-bit palette for `bwr`
/// (white, black, red) and `gray4` (white, light, dark, black). Rows use filter 0 (flat areas
/// of a few grays compress well without prediction); the data is compressed by the system's
/// zlib at its default level.
public enum PNGEncoder {
    public static func encode(_ frame: PanelFrame) -> [UInt8] {
        var output: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let grayscale = frame.mode == .bw || frame.mode == .gray16 || frame.mode == .gray256
        let bitDepth = UInt8(frame.mode == .bwr ? 2 : frame.mode.bitsPerPixel)
        let colorType: UInt8 = grayscale ? 0 : 3
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(frame.width))
        header.appendBigEndian(UInt32(frame.height))
        header += [bitDepth, colorType, 0, 0, 0]
        appendChunk("IHDR", header, to: &output)
        switch frame.mode {
        case .bw, .gray16, .gray256: break
        case .bwr: appendChunk("PLTE", [0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0xE0, 0x00, 0x00], to: &output)
        case .gray4:
            appendChunk(
                "PLTE", [0xFF, 0xFF, 0xFF, 0xAA, 0xAA, 0xAA, 0x55, 0x55, 0x55, 0x00, 0x00, 0x00], to: &output)
        }
        appendChunk("IDAT", Zlib.compress(scanlines(frame, bitDepth: Int(bitDepth), grayscale: grayscale)), to: &output)
        appendChunk("IEND", [], to: &output)
        return output
    }

    /// Filter byte 0 and the packed pixels of every row.
    private static func scanlines(_ frame: PanelFrame, bitDepth: Int, grayscale: Bool) -> [UInt8] {
        let stride = (frame.width * bitDepth + 7) / 8
        var bytes = [UInt8](repeating: 0, count: (stride + 1) * frame.height)
        let perByte = 8 / bitDepth
        // Grayscale: 0 is black, the largest value white — the opposite of a level.
        let white = UInt8(frame.mode.levelCount - 1)
        for y in 0..<frame.height {
            let row = y * (stride + 1) + 1
            for x in 0..<frame.width {
                var value = frame.levels[y * frame.width + x]
                if grayscale { value = white - value }
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
