import PanelFrames

/// The file formats `weatherview render --format` writes.
public enum ImageFormat: String, Sendable, CaseIterable {
    case png, bmp, pbm, raw

    /// `frame` in this format.
    public func encode(_ frame: PanelFrame) -> [UInt8] {
        switch self {
        case .png: PNGEncoder.encode(frame)
        case .bmp: BMPEncoder.encode(frame)
        case .pbm: NetpbmEncoder.encode(frame)
        case .raw: RawEncoder.encode(frame)
        }
    }

    /// The format a file name's extension asks for (`frame.png` → `.png`), if any.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        self.init(rawValue: fileName[fileName.index(after: dot)...].lowercased())
    }
}
