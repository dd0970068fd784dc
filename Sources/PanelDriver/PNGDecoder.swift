import PanelFrames
import ZlibDeflate

/// PNG to a ``PanelPicture`` (``PanelImage``): chunks checked for length, the image data inflated and
/// unfiltered, every colour type and bit depth; interlaced pictures are refused.
enum PNGDecoder {
    static func decode(_ bytes: [UInt8]) throws(PanelImageError) -> PanelPicture {
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
        let count = width * height
        func sample(_ y: Int, _ x: Int, _ channel: Int) -> Int {
            let row = y * stride
            if depth < 8 {
                let bit = x * depth
                return Int(pixels[row + bit / 8] >> UInt8(8 - depth - bit % 8)) & ((1 << depth) - 1)
            }
            // 16-bit samples: the high byte, as PIL reads them (its I;16 to L conversion aside).
            return Int(pixels[row + (x * channels + channel) * (depth / 8)])
        }
        switch colorType {
        case 0 where depth == 1:
            var levels = [UInt8](repeating: 0, count: count)
            for y in 0..<height { for x in 0..<width where sample(y, x, 0) == 0 { levels[y * width + x] = 1 } }
            return PanelPicture(width: width, height: height, pixels: .bilevel(levels))
        case 3:
            // PIL converts a palette picture to 1 bit by its colours' luma, without dithering.
            let entries = palette.count / 3
            var levels = [UInt8](repeating: 0, count: count)
            var red = [Bool](repeating: false, count: count)
            for y in 0..<height {
                for x in 0..<width {
                    let entry = sample(y, x, 0)
                    guard entry < entries else { throw PanelImageError("its PNG palette has no entry \(entry)") }
                    let (r, g, b) = (Int(palette[entry * 3]), Int(palette[entry * 3 + 1]), Int(palette[entry * 3 + 2]))
                    levels[y * width + x] = r * 299 + g * 587 + b * 114 >= 128_000 ? 0 : 1
                    red[y * width + x] = PanelImage.isRed(r, g, b)
                }
            }
            return PanelPicture(
                width: width, height: height, pixels: .bilevel(levels), red: red.contains(true) ? red : nil)
        case 0, 4:
            var luma = [UInt8](repeating: 0, count: count)
            for y in 0..<height {
                for x in 0..<width {
                    let value: Int
                    if colorType == 0, depth == 16 {
                        // PIL holds 16-bit gray as I;16 and makes it L by clipping at 255.
                        let offset = y * stride + x * 2
                        value = min(Int(pixels[offset]) << 8 | Int(pixels[offset + 1]), 255)
                    } else if depth < 8 {
                        value = sample(y, x, 0) * 255 / ((1 << depth) - 1)
                    } else {
                        value = sample(y, x, 0)
                    }
                    luma[y * width + x] = UInt8(value)
                }
            }
            return PanelPicture(width: width, height: height, pixels: .gray(luma))
        default:
            var luma = [UInt8](repeating: 0, count: count)
            var red = [Bool](repeating: false, count: count)
            for y in 0..<height {
                for x in 0..<width {
                    let (r, g, b) = (sample(y, x, 0), sample(y, x, 1), sample(y, x, 2))
                    luma[y * width + x] = UInt8((r * 299 + g * 587 + b * 114) / 1000)
                    red[y * width + x] = PanelImage.isRed(r, g, b)
                }
            }
            return PanelPicture(width: width, height: height, pixels: .gray(luma), red: red.contains(true) ? red : nil)
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
