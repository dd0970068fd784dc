import PanelDriver
import Rendering
import SystemIO

/// The work of `weatherview panel show|clear|sleep`: a picture you already have on the panel,
/// a white panel, or the panel put to sleep — without a broker.
public struct PanelCommand: Sendable {
    public enum Action: Sendable, Equatable {
        /// A PNG or PBM file (`-` for stdin).
        case show(String)
        case clear
        case sleep
    }

    public var action: Action
    public var panel: String
    public var device: String

    public init(action: Action, panel: String, device: String = "spi0.0") {
        self.action = action
        self.panel = panel
        self.device = device
    }

    /// The largest picture file read (a 4096×4096 RGBA PNG stored without compression).
    static let fileLimit = 64 << 20

    public func run() async throws(Failure) -> Int32 {
        let target = try PanelTarget(panel: panel, device: device)
        switch action {
        case .show(let path):
            let bytes: [UInt8]
            switch SystemIO.readFile(path == "-" ? "/dev/stdin" : path, limit: Self.fileLimit) {
            case .success(let read): bytes = read
            case .failure(let failure): throw Failure.noData("cannot read \(path): \(failure.reason)")
            }
            let picture: PanelPicture
            do throws(PanelImageError) {
                picture = try PanelImage.decode(bytes)
            } catch {
                throw Failure(Failure.dataCode, "cannot show \(path): \(error.message)")
            }
            try await target.show(picture)
        case .clear:
            try await target.clear()
        case .sleep:
            try await target.sleep()
        }
        return 0
    }

    /// The panels weatherview drives, for `--help`.
    public static var panels: String {
        PanelCatalog.all.map(\.name).joined(separator: ", ")
    }
}
