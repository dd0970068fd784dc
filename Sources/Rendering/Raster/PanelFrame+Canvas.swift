import PanelFrames

/// How a drawn ``Canvas`` becomes a ``PanelFrame``: each ink's level in a ``ColorMode``.
extension PanelFrame {
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
