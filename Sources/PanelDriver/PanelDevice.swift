/// What `--panel-device` names: `spi0.0` (or `/dev/spidev0.0`) for the panel on this machine,
/// `trace:PATH[,busy=N|never][,bufsiz=N]` for the recorder.
public enum PanelDevice: Sendable, Equatable {
    case spi(bus: Int, device: Int)
    case trace(path: String, busyReads: Int?, bufsiz: Int)

    public init?(_ text: String) {
        if text.hasPrefix("trace:") {
            let parts = text.dropFirst(6).split(separator: ",", omittingEmptySubsequences: false)
            guard let path = parts.first, !path.isEmpty else { return nil }
            var busy: Int? = 1
            var bufsiz = 4096
            for option in parts.dropFirst() {
                let pair = option.split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2 else { return nil }
                switch (pair[0], pair[1]) {
                case ("busy", "never"): busy = nil
                case ("busy", let value): guard let n = Int(value), n >= 0 else { return nil }; busy = n
                case ("bufsiz", let value): guard let n = Int(value), n > 0 else { return nil }; bufsiz = n
                default: return nil
                }
            }
            self = .trace(path: String(path), busyReads: busy, bufsiz: bufsiz)
            return
        }
        var name = Substring(text)
        if name.hasPrefix("/dev/spidev") {
            name = name.dropFirst(11)
        } else if name.hasPrefix("spi") {
            name = name.dropFirst(3)
        } else {
            return nil
        }
        let numbers = name.split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 2, let bus = Int(numbers[0]), let device = Int(numbers[1]), bus >= 0, device >= 0 else {
            return nil
        }
        self = .spi(bus: bus, device: device)
    }

    /// The hardware for `model`.
    public func open(for model: PanelModel) -> any PanelIO {
        switch self {
        case .spi(let bus, let device): LinuxPanelIO(bus: bus, device: device)
        case .trace(let path, let busyReads, let bufsiz):
            TracePanelIO(path: path, model: model, busyReads: busyReads, bufsiz: bufsiz)
        }
    }
}
