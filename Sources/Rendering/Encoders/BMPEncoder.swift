import PanelFrames

/// Writes a ``PanelFrame`` as a Windows bitmap (BITMAPINFOHEADER, bottom-up rows padded to
/// four bytes): 1 bit per pixel for `bw` (palette: white, black — what the Waveshare and
/// Inky example scripts load, and TRMNL's 48,062-byte 800×480 image), 4 bits per pixel with
/// a palette for `bwr` and `gray4`, 8 bits per pixel with a gray palette for `gray16` and
/// `gray256` (the common 8-bit form that decoders without 4-bit support read too).
public enum BMPEncoder {
    public static func encode(_ frame: PanelFrame) -> [UInt8] {
        let bitsPerPixel =
            switch frame.mode {
            case .bw: 1
            case .bwr, .gray4: 4
            case .gray16, .gray256: 8
            }
        let palette: [(UInt8, UInt8, UInt8)] =
            switch frame.mode {
            case .bw: [(255, 255, 255), (0, 0, 0)]
            case .bwr: [(255, 255, 255), (0, 0, 0), (224, 0, 0)]
            case .gray4, .gray16, .gray256:
                (0..<frame.mode.levelCount).map { level in
                    let value = UInt8(255 - level * 255 / (frame.mode.levelCount - 1))
                    return (value, value, value)
                }
            }
        let rowBytes = ((frame.width * bitsPerPixel + 31) / 32) * 4
        let pixelOffset = 14 + 40 + 4 * palette.count
        let fileSize = pixelOffset + rowBytes * frame.height
        var output: [UInt8] = [0x42, 0x4D]
        output.appendLittleEndian(UInt32(fileSize))
        output.appendLittleEndian(UInt32(0))
        output.appendLittleEndian(UInt32(pixelOffset))
        output.appendLittleEndian(UInt32(40))
        output.appendLittleEndian(UInt32(frame.width))
        output.appendLittleEndian(UInt32(frame.height))
        output.appendLittleEndian(UInt16(1))
        output.appendLittleEndian(UInt16(bitsPerPixel))
        output.appendLittleEndian(UInt32(0))  // BI_RGB, uncompressed
        output.appendLittleEndian(UInt32(rowBytes * frame.height))
        output.appendLittleEndian(UInt32(3780))  // 96 dpi
        output.appendLittleEndian(UInt32(3780))
        output.appendLittleEndian(UInt32(palette.count))
        output.appendLittleEndian(UInt32(0))
        for (red, green, blue) in palette { output += [blue, green, red, 0] }
        let perByte = 8 / bitsPerPixel
        for y in stride(from: frame.height - 1, through: 0, by: -1) {
            var row = [UInt8](repeating: 0, count: rowBytes)
            for x in 0..<frame.width {
                let shift = UInt8(8 - bitsPerPixel * (x % perByte + 1))
                row[x / perByte] |= frame.levels[y * frame.width + x] << shift
            }
            output += row
        }
        return output
    }
}
