/// Writes a ``PanelFrame`` as Netpbm: a binary PBM (`P4`, 1 = black) for `bw`; for `bwr` two
/// PBM images one after the other (black plane, then red plane — Netpbm allows a stream of
/// images, and it matches the raw layout); a PGM (`P5`, maxval 3, 3 = white) for `gray4`.
public enum NetpbmEncoder {
    public static func encode(_ frame: PanelFrame) -> [UInt8] {
        switch frame.mode {
        case .bw:
            return bitmap(frame, frame.blackPlane)
        case .bwr:
            return bitmap(frame, frame.blackPlane) + bitmap(frame, frame.redPlane)
        case .gray4:
            return Array("P5\n\(frame.width) \(frame.height)\n3\n".utf8) + frame.levels.map { 3 - $0 }
        }
    }

    private static func bitmap(_ frame: PanelFrame, _ plane: [UInt8]) -> [UInt8] {
        Array("P4\n\(frame.width) \(frame.height)\n".utf8) + plane
    }
}

/// Writes a ``PanelFrame`` as bare bits for a panel driver: packed 1 bit per pixel, most
/// significant bit first, rows top to bottom (padded to a whole byte), 1 = black. `bwr`: the
/// black plane, then the red plane (1 = red). `gray4`: 2 bits per pixel, most significant
/// first, 0 = white … 3 = black.
public enum RawEncoder {
    public static func encode(_ frame: PanelFrame) -> [UInt8] {
        switch frame.mode {
        case .bw: return frame.blackPlane
        case .bwr: return frame.blackPlane + frame.redPlane
        case .gray4:
            let stride = (frame.width + 3) / 4
            var bytes = [UInt8](repeating: 0, count: stride * frame.height)
            for y in 0..<frame.height {
                for x in 0..<frame.width {
                    bytes[y * stride + x / 4] |= frame.levels[y * frame.width + x] << UInt8(6 - 2 * (x % 4))
                }
            }
            return bytes
        }
    }
}
