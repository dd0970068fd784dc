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

    /// Quantises `canvas` for `mode`, then turns it by `rotation`. Inks a mode cannot show
    /// are stippled (grays on a two- or three-colour panel) or darkened (red without red).
    public init(_ canvas: Canvas, mode: ColorMode, rotation: Rotation = .none) {
        // Each pixel value's level, worked out once; only the grays on a two- or three-colour
        // panel depend on where the pixel is (their stipple).
        let table: [UInt8] = (0...255).map { raw in
            Ink(rawValue: UInt8(raw)).map { Self.level($0, x: 0, y: 0, mode: mode) }
                ?? Self.level(shade: Shade.darkness(UInt8(raw)), mode: mode)
        }
        let stippled = !mode.isGray
        var levels = [UInt8](repeating: 0, count: canvas.width * canvas.height)
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                let raw = canvas.pixels[y * canvas.width + x]
                if stippled, raw == Ink.lightGray.rawValue || raw == Ink.darkGray.rawValue {
                    levels[y * canvas.width + x] = Self.level(Ink(rawValue: raw)!, x: x, y: y, mode: mode)
                } else {
                    levels[y * canvas.width + x] = table[Int(raw)]
                }
            }
        }
        let upright = PanelFrame(width: canvas.width, height: canvas.height, mode: mode, levels: levels)
        self = upright.rotated(rotation)
    }

    /// This frame turned clockwise by `rotation`.
    public func rotated(_ rotation: Rotation) -> PanelFrame {
        guard rotation != .none else { return self }
        let (newWidth, newHeight) = rotation.swapsAxes ? (height, width) : (width, height)
        var turned = [UInt8](repeating: 0, count: levels.count)
        for y in 0..<newHeight {
            for x in 0..<newWidth {
                let source: Int
                switch rotation {
                case .none: source = y * width + x
                case .quarter: source = (height - 1 - x) * width + y
                case .half: source = (height - 1 - y) * width + (width - 1 - x)
                case .threeQuarters: source = x * width + (width - 1 - y)
                }
                turned[y * newWidth + x] = levels[source]
            }
        }
        return PanelFrame(width: newWidth, height: newHeight, mode: mode, levels: turned)
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

    /// A smooth canvas's gray: the nearest level of the ramp (half-dark or darker is black
    /// where there is no ramp).
    private static func level(shade darkness: Int, mode: ColorMode) -> UInt8 {
        guard mode.isGray else { return darkness * 2 >= Shade.black ? 1 : 0 }
        return UInt8((darkness * (mode.levelCount - 1) + Shade.black / 2) / Shade.black)
    }

    private static func level(_ ink: Ink, x: Int, y: Int, mode: ColorMode) -> UInt8 {
        if mode.isGray {
            // The four inks spread evenly over the ramp (gray4: 0…3, gray16: 0, 5, 10, 15,
            // gray256: 0, 85, 170, 255); red is dark gray.
            let step = UInt8((mode.levelCount - 1) / 3)
            switch ink {
            case .white: return 0
            case .lightGray: return step
            case .darkGray, .red: return 2 * step
            case .black: return 3 * step
            }
        }
        switch ink {
        case .white: return 0
        case .black: return 1
        case .red: return mode == .bwr ? 2 : 1
        case .lightGray: return Stipple.light.isSet(x: x, y: y) ? 1 : 0
        case .darkGray: return Stipple.dark.isSet(x: x, y: y) ? 1 : 0
        }
    }
}
