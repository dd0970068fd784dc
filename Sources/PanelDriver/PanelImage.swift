import PanelFrames
import ZlibDeflate

/// A picture file for `weatherview panel show`, as a ``PanelPicture``: binary PBM (`P4`; two
/// images one after the other are black and red, as `render --format pbm` writes for bwr) or
/// PNG (any colour type and depth, not interlaced), read as PIL reads them (1-bit and palette
/// pictures bilevel, the others as luma to dither), so that the panel gets the bits the
/// vendors' drivers would send for the same file.
public enum PanelImage {
    /// The most pixels a picture may have (a 4096×4096 panel).
    static let maxPixels = 4096 * 4096

    public static func decode(_ bytes: [UInt8]) throws(PanelImageError) -> PanelPicture {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return try PNGDecoder.decode(bytes) }
        if bytes.starts(with: Array("P4".utf8)) { return try pbm(bytes) }
        throw PanelImageError("it is neither a PNG nor a binary PBM (P4) image")
    }

    /// One P4 image, or two of the same size (black, then red).
    static func pbm(_ bytes: [UInt8]) throws(PanelImageError) -> PanelPicture {
        let (width, height, black, end) = try pbmImage(bytes, at: 0)
        if end < bytes.count, bytes[end...].starts(with: Array("P4".utf8)) {
            let (w2, h2, red, _) = try pbmImage(bytes, at: end)
            guard w2 == width, h2 == height else {
                throw PanelImageError("its second (red) image is \(w2)×\(h2), not \(width)×\(height)")
            }
            return PanelPicture(width: width, height: height, pixels: .bilevel(black), red: red.map { $0 == 1 })
        }
        return PanelPicture(width: width, height: height, pixels: .bilevel(black))
    }

    /// The P4 image at `start`: its size, one level per pixel (1 = set) and where it ends.
    static func pbmImage(_ bytes: [UInt8], at start: Int) throws(PanelImageError) -> (Int, Int, [UInt8], Int) {
        var index = start + 2
        func number() throws(PanelImageError) -> Int {
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count, bytes[index] != 10 { index += 1 }
                } else if [9, 10, 13, 32].contains(bytes[index]) {
                    index += 1
                } else {
                    break
                }
            }
            var value = 0
            let first = index
            while index < bytes.count, (48...57).contains(bytes[index]), value < 1 << 20 {
                value = value * 10 + Int(bytes[index] - 48)
                index += 1
            }
            guard index > first else { throw PanelImageError("its PBM header is not P4 WIDTH HEIGHT") }
            return value
        }
        let width = try number()
        let height = try number()
        index += 1  // the one whitespace byte before the bits
        guard width > 0, height > 0, width * height <= maxPixels else {
            throw PanelImageError("its size \(width)×\(height) is not 1…4096 pixels a side")
        }
        let stride = (width + 7) / 8
        guard index + stride * height <= bytes.count else {
            throw PanelImageError("it ends before its \(width)×\(height) pixels do")
        }
        var levels = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width where bytes[index + y * stride + x / 8] & (0x80 >> UInt8(x % 8)) != 0 {
                levels[y * width + x] = 1
            }
        }
        return (width, height, levels, index + stride * height)
    }

    /// Whether a colour is the red of a black/white/red panel (clearly red, not a dark brown or pink).
    static func isRed(_ red: Int, _ green: Int, _ blue: Int) -> Bool {
        red >= 128 && green < 100 && blue < 100 && red - max(green, blue) >= 96
    }
}

/// Why a picture cannot be shown.
public struct PanelImageError: Error, Sendable, Equatable {
    public let message: String

    public init(_ message: String) { self.message = message }
}
