import Rendering
import ZlibDeflate

/// PNG to levels (``PanelImage``): chunks checked for length, the image data inflated and
/// unfiltered, every colour type and bit depth; interlaced pictures are refused.
enum PNGDecoder {
    static func decode(_ bytes: [UInt8]) throws(PanelImageError) -> PanelFrame {
        var index = 8
        var header: [UInt8] = []
        var palette: [UInt8] = []
        var data: [UInt8] = []
        while index + 12 <= bytes.count {
            let length =
                Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8
                | Int(bytes[index + 3])
            let type = String(decoding: bytes[index + 4..<index + 8], as: UTF8.self)
            guard length >= 0, index + 12 + length <= bytes.count else {
                throw PanelImageError("its PNG chunk \(type) is cut short")
            }
            let body = Array(bytes[index + 8..<index + 8 + length])
            switch type {
            case "IHDR": header = body
            case "PLTE": palette = body
            case "IDAT": data += body
            default: break
            }
            index += 12 + length
            if type == "IEND" { break }
        }
        guard header.count == 13 else { throw PanelImageError("its PNG has no IHDR header") }
        let width = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        let height = Int(header[4]) << 24 | Int(header[5]) << 16 | Int(header[6]) << 8 | Int(header[7])
        let depth = Int(header[8])
        let colorType = Int(header[9])
        guard width > 0, height > 0, width <= 4096, height <= 4096 else {
            throw PanelImageError("its size \(width)×\(height) is not 1…4096 pixels a side")
        }
        guard header[12] == 0 else { throw PanelImageError("it is an interlaced PNG: save it without interlacing") }
        let channels: Int
        switch (colorType, depth) {
        case (0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (3, 1), (3, 2), (3, 4), (3, 8): channels = 1
        case (2, 8), (2, 16): channels = 3
        case (4, 8), (4, 16): channels = 2
        case (6, 8), (6, 16): channels = 4
        default: throw PanelImageError("its PNG colour type \(colorType) at \(depth) bits is not one PNG defines")
        }
        let bitsPerPixel = channels * depth
        let stride = (width * bitsPerPixel + 7) / 8
        guard let raw = Zlib.decompress(data, expectedSize: (stride + 1) * height), raw.count == (stride + 1) * height
        else {
            throw PanelImageError("its PNG image data does not inflate to \(width)×\(height) pixels")
        }
        let pixels = try unfilter(raw, stride: stride, height: height, bytesPerPixel: max(1, bitsPerPixel / 8))
        var levels = [UInt8](repeating: 0, count: width * height)
        var sawRed = false
        for y in 0..<height {
            let row = y * stride
            for x in 0..<width {
                let (r, g, b) = try colour(
                    pixels, row: row, x: x, type: colorType, depth: depth, channels: channels, palette: palette)
                let level = PanelImage.level(red: r, green: g, blue: b)
                if level == 2 { sawRed = true }
                levels[y * width + x] = level
            }
        }
        return PanelFrame(width: width, height: height, mode: sawRed ? .bwr : .bw, levels: levels)
    }

    /// The 8-bit RGB of pixel `x` of the row at `row`.
    static func colour(
        _ pixels: [UInt8], row: Int, x: Int, type: Int, depth: Int, channels: Int, palette: [UInt8]
    ) throws(PanelImageError) -> (Int, Int, Int) {
        func sample(_ channel: Int) -> Int {
            if depth < 8 {
                let bit = x * depth
                let byte = pixels[row + bit / 8]
                return Int(byte >> UInt8(8 - depth - bit % 8)) & ((1 << depth) - 1)
            }
            let size = depth / 8
            let offset = row + (x * channels + channel) * size
            return Int(pixels[offset])  // the high byte of a 16-bit sample
        }
        switch type {
        case 3:
            let entry = sample(0)
            guard entry * 3 + 2 < palette.count else { throw PanelImageError("its PNG palette has no entry \(entry)") }
            return (Int(palette[entry * 3]), Int(palette[entry * 3 + 1]), Int(palette[entry * 3 + 2]))
        case 0, 4:
            let value = depth < 8 ? sample(0) * 255 / ((1 << depth) - 1) : sample(0)
            return (value, value, value)
        default:
            return (sample(0), sample(1), sample(2))
        }
    }

    /// The rows with PNG's five filters undone.
    static func unfilter(_ raw: [UInt8], stride: Int, height: Int, bytesPerPixel: Int) throws(PanelImageError)
        -> [UInt8]
    {
        var out = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            let source = y * (stride + 1) + 1
            let target = y * stride
            for i in 0..<stride {
                let a = i >= bytesPerPixel ? Int(out[target + i - bytesPerPixel]) : 0
                let b = y > 0 ? Int(out[target - stride + i]) : 0
                let c = y > 0 && i >= bytesPerPixel ? Int(out[target - stride + i - bytesPerPixel]) : 0
                let value = Int(raw[source + i])
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw PanelImageError("its PNG row \(y) has an unknown filter \(filter)")
                }
                out[target + i] = UInt8((value + predicted) & 0xFF)
            }
        }
        return out
    }
}
