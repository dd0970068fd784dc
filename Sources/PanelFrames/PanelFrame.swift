/// A finished frame in the panel's own orientation: one level per pixel in the panel's
/// ``ColorMode`` — what the encoders write.
///
/// Levels: `bw` 0 white, 1 black; `bwr` 0 white, 1 black, 2 red; the gray modes 0 white up to
/// `levelCount - 1` black (`gray4`: 1 light gray, 2 dark gray, 3 black).
public struct PanelFrame: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let mode: ColorMode
    /// Row-major, top to bottom.
    public let levels: [UInt8]

    public init(width: Int, height: Int, mode: ColorMode, levels: [UInt8]) {
        precondition(levels.count == width * height, "one level per pixel")
        self.width = width
        self.height = height
        self.mode = mode
        self.levels = levels
    }

    /// This frame turned clockwise by `rotation`.
    public func rotated(_ rotation: Rotation) -> PanelFrame {
        let (newWidth, newHeight) = rotation.swapsAxes ? (height, width) : (width, height)
        return PanelFrame(
            width: newWidth, height: newHeight, mode: mode, levels: rotation.turn(levels, width: width, height: height))
    }

    /// Bytes per row of a packed 1-bit plane.
    public var planeStride: Int { (width + 7) / 8 }

    /// A packed 1-bit plane: rows top to bottom, most significant bit first, rows padded to a
    /// whole byte; a bit is 1 where `level` satisfies `isSet`.
    public func plane(_ isSet: (UInt8) -> Bool) -> [UInt8] {
        let stride = planeStride
        var bytes = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            for x in 0..<width where isSet(levels[y * width + x]) {
                bytes[y * stride + (x >> 3)] |= 0x80 >> UInt8(x & 7)
            }
        }
        return bytes
    }

    /// 1 where the pixel is black (on the gray modes: the darker half of the levels).
    public var blackPlane: [UInt8] {
        let levels = mode.levelCount
        return mode.isGray ? plane { Int($0) * 2 > levels - 1 } : plane { $0 == 1 }
    }

    /// 1 where the pixel is red (all zero unless the mode is `bwr`).
    public var redPlane: [UInt8] {
        plane { mode == .bwr && $0 == 2 }
    }

    /// How many pixels have `level`.
    public func count(of level: UInt8) -> Int {
        levels.reduce(0) { $0 + ($1 == level ? 1 : 0) }
    }
}
