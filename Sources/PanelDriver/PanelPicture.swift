import PanelFrames

/// A decoded picture before it becomes a frame: what PIL would hold after `Image.open`, so
/// that it becomes the same bits the vendors' drivers send (their `getbuffer`: PIL's
/// `convert("1")`, and a quarter turn for a picture of the turned size).
///
/// Bilevel pictures (1-bit PNG, PBM, palette PNG: PIL converts these without dithering) keep
/// their levels; gray and colour ones keep their luma and are dithered as PIL dithers
/// (Floyd–Steinberg, its integer arithmetic, a pixel above 128 is white). Clearly red pixels
/// are remembered for a black/white/red panel.
public struct PanelPicture: Sendable, Equatable {
    public enum Pixels: Sendable, Equatable {
        /// One level a pixel: 0 white, 1 black.
        case bilevel([UInt8])
        /// One luma a pixel, 0 black … 255 white (PIL's `L`, or `L(rgb) / 1000` for colour).
        case gray([UInt8])
    }

    public let width: Int
    public let height: Int
    public let pixels: Pixels
    /// Where a pixel is red (nil: nowhere).
    public let red: [Bool]?

    public init(width: Int, height: Int, pixels: Pixels, red: [Bool]? = nil) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.red = red
    }

    /// The frame for `model`: turned to its memory (before or after converting to black and
    /// white, in the order the vendor's `getbuffer` does it), `nil` when the size fits neither way.
    public func frame(for model: PanelModel) -> PanelFrame? {
        let fits = width == model.width && height == model.height
        let turned = width == model.height && height == model.width && width != height
        guard fits || turned else { return nil }
        guard turned else { return frame(colors: model.colors) }
        if model.convertsAfterTurning { return rotated(model.turnForSwappedImage).frame(colors: model.colors) }
        return frame(colors: model.colors).rotated(model.turnForSwappedImage)
    }

    /// The picture as it is, in black and white (and red, for `bwr`).
    public func frame(colors: ColorMode) -> PanelFrame {
        var levels: [UInt8]
        switch pixels {
        case .bilevel(let values): levels = values
        case .gray(let luma): levels = Self.dither(luma, width: width, height: height)
        }
        guard colors == .bwr, let red else {
            return PanelFrame(width: width, height: height, mode: .bw, levels: levels)
        }
        for index in levels.indices where red[index] { levels[index] = 2 }
        return PanelFrame(width: width, height: height, mode: .bwr, levels: levels)
    }

    /// This picture turned clockwise by `rotation` (whole pixels, as PIL's `rotate(90, expand=True)`).
    public func rotated(_ rotation: Rotation) -> PanelPicture {
        let turnedPixels: Pixels
        switch pixels {
        case .bilevel(let values): turnedPixels = .bilevel(rotation.turn(values, width: width, height: height))
        case .gray(let values): turnedPixels = .gray(rotation.turn(values, width: width, height: height))
        }
        let (newWidth, newHeight) = rotation.swapsAxes ? (height, width) : (width, height)
        return PanelPicture(
            width: newWidth, height: newHeight, pixels: turnedPixels,
            red: red.map { rotation.turn($0, width: width, height: height) })
    }

    /// PIL's `tobilevel`: Floyd–Steinberg error diffusion in integers, row by row from the left;
    /// a pixel whose corrected luma is above 128 is white. Levels: 0 white, 1 black.
    static func dither(_ luma: [UInt8], width: Int, height: Int) -> [UInt8] {
        var levels = [UInt8](repeating: 0, count: luma.count)
        var errors = [Int](repeating: 0, count: width + 1)
        for y in 0..<height {
            var (l, l0, l1) = (0, 0, 0)
            for x in 0..<width {
                l = min(255, max(0, Int(luma[y * width + x]) + (l + errors[x + 1]) / 16))
                let out = l > 128 ? 255 : 0
                levels[y * width + x] = out == 0 ? 1 : 0
                l -= out
                let l2 = l
                let d2 = l + l
                l += d2
                errors[x] = l + l0
                l += d2
                l0 = l + l1
                l1 = l2
                l += d2
            }
            errors[width] = l0
        }
        return levels
    }
}
