import PanelFrames

/// A frame into a panel's bytes: pure, no I/O.
public enum PanelPacking {
    /// `frame` in the controller's orientation: as it is when it has the panel's size, turned by
    /// the panel's ``PanelModel/turnForSwappedImage`` when it has the turned size, `nil` otherwise.
    /// Red becomes black on a black/white panel.
    public static func oriented(_ frame: PanelFrame, for model: PanelModel) -> PanelFrame? {
        var fitted = frame
        if frame.width == model.height, frame.height == model.width, frame.width != frame.height {
            fitted = frame.rotated(model.turnForSwappedImage)
        }
        guard fitted.width == model.width, fitted.height == model.height else { return nil }
        if model.colors == .bw, fitted.mode != .bw {
            // Black and red become black; of the grays, the darker half.
            let black = fitted.mode.isGray ? UInt8(fitted.mode.levelCount / 2) : 1
            fitted = PanelFrame(
                width: fitted.width, height: fitted.height, mode: .bw,
                levels: fitted.levels.map { $0 >= black ? 1 : 0 })
        }
        return fitted
    }

    /// One plane of `frame` (already ``oriented(_:for:)``): rows top to bottom, the leftmost
    /// pixel in the most significant bit, each row padded to a whole byte with 0 bits whatever
    /// the plane's polarity (as the vendor's PIL buffers are).
    public static func pack(_ frame: PanelFrame, _ plane: PanelPlane) -> [UInt8] {
        switch plane {
        case .black: return frame.plane { $0 == 1 }
        case .notBlack: return frame.plane { $0 != 1 }
        case .red: return frame.plane { frame.mode == .bwr && $0 == 2 }
        case .fill(let value, let count): return [UInt8](repeating: value, count: count)
        }
    }
}
