import Dispatch
import PanelDriver
import PanelFrames
import Rendering

/// A panel weatherview drives (`--panel NAME --panel-device DEV`): each refresh runs on a
/// thread of its own (a refresh blocks for seconds), never on the cooperative pool.
struct PanelTarget: Sendable {
    let model: PanelModel
    let device: PanelDevice
    /// `--panel-device` as given, for messages.
    let deviceName: String

    /// The panel called `name` on `device`; a name that is not a driven panel (or is more than
    /// one) and a device that is not `spiB.C` or `trace:PATH` are usage errors.
    init(panel name: String, device text: String) throws(Failure) {
        do throws(PanelError) {
            model = try PanelCatalog.named(name)
        } catch {
            throw Failure.usage(error.message)
        }
        guard let device = PanelDevice(text) else {
            throw Failure.usage(
                "invalid --panel-device '\(text)': spi0.0 (the panel on /dev/spidev0.0) or trace:FILE[,busy=N|never]")
        }
        self.device = device
        deviceName = text
    }

    /// Shows `frame`, then leaves the panel asleep.
    func show(_ frame: PanelFrame) async throws(Failure) {
        try await perform { driver throws(PanelError) in try driver.show(frame) }
    }

    /// Shows a picture file's contents, then leaves the panel asleep.
    func show(_ picture: PanelPicture) async throws(Failure) {
        try await perform { driver throws(PanelError) in try driver.show(picture) }
    }

    func clear() async throws(Failure) {
        try await perform { driver throws(PanelError) in try driver.clear() }
    }

    func sleep() async throws(Failure) {
        try await perform { driver throws(PanelError) in try driver.sleep() }
    }

    private func perform(_ body: @escaping @Sendable (PanelDriver) throws(PanelError) -> Void) async throws(Failure) {
        let (model, device) = (self.model, self.device)
        let outcome: PanelError? = await withCheckedContinuation { continuation in
            DispatchQueue(label: "weatherview.panel").async {
                do throws(PanelError) {
                    try body(PanelDriver(model: model, io: device.open(for: model)))
                    continuation.resume(returning: nil)
                } catch {
                    continuation.resume(returning: error)
                }
            }
        }
        if let outcome { throw Self.failure(outcome) }
    }

    /// The exit code of SPEC §7 for `error`: 69 when the panel cannot be reached or answers
    /// no more (no device, no permission, BUSY timeout, a failed transfer), 65 for a picture
    /// that does not fit it.
    static func failure(_ error: PanelError) -> Failure {
        switch error.kind {
        case .unusable: Failure(Failure.dataCode, error.message)
        case .missingDevice, .permission, .busyTimeout, .io: Failure.unavailable(error.message)
        }
    }
}
