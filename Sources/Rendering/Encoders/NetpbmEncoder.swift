import PanelFrames

/// Writes a ``PanelFrame`` as Netpbm: a binary PBM (`P4`, 1 = black) for `bw`; for `bwr` two
/// PBM images one after the other (black plane, then red plane — Netpbm allows a stream of
/// images, and it matches the raw layout); a PGM (`P5`, maxval one less than the mode's levels —
/// 3, 15 or 255 — which is white) for the gray modes.
public enum NetpbmEncoder {
    public static func encode(_ frame: PanelFrame) -> [UInt8] {
        switch frame.mode {
        case .bw:
            return bitmap(frame, frame.blackPlane)
        case .bwr:
            return bitmap(frame, frame.blackPlane) + bitmap(frame, frame.redPlane)
        case .gray4, .gray16, .gray256:
            let white = UInt8(frame.mode.levelCount - 1)
            return Array("P5\n\(frame.width) \(frame.height)\n\(white)\n".utf8) + frame.levels.map { white - $0 }
        }
    }

    private static func bitmap(_ frame: PanelFrame, _ plane: [UInt8]) -> [UInt8] {
        Array("P4\n\(frame.width) \(frame.height)\n".utf8) + plane
    }
}

/// Writes a ``PanelFrame`` as bare bits for a panel driver: packed 1 bit per pixel, most
/// significant bit first, rows top to bottom (padded to a whole byte), 1 = black. `bwr`: the
/// black plane, then the red plane (1 = red). The gray modes: 2 (`gray4`), 4 (`gray16`) or 8
/// (`gray256`) bits per pixel, most significant first, rows padded to a whole byte, 0 = white
/// … the largest value = black.
public enum RawEncoder {
    public static func encode(_ frame: PanelFrame) -> [UInt8] {
        switch frame.mode {
        case .bw: return frame.blackPlane
        case .bwr: return frame.blackPlane + frame.redPlane
        case .gray4, .gray16, .gray256:
            let bits = frame.mode.bitsPerPixel
            let perByte = 8 / bits
            let stride = (frame.width + perByte - 1) / perByte
            var bytes = [UInt8](repeating: 0, count: stride * frame.height)
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    let shift = UInt8(8 - bits * (x % perByte + 1))
                    bytes[y * stride + x / perByte] |= frame.levels[y * frame.width + x] << shift
                }
            }
            return bytes
        }
    }
}
