import PanelFrames

/// Runs a panel's steps (``PanelModel``) on its hardware (``PanelIO``): each refresh opens SPI,
/// requests the GPIO lines, wakes the panel, writes the frame, refreshes it fully, puts the panel
/// into deep sleep with the HAT's power off, and releases everything again.
///
/// A BUSY wait that outlasts the panel's timeout ends the refresh: the panel is sent to sleep
/// (without waiting) and powered down, and the error names the likely causes. Any other
/// failure once the GPIO lines are held ends the same way.
public struct PanelDriver {
    public let model: PanelModel
    public let io: any PanelIO

    public init(model: PanelModel, io: any PanelIO) {
        self.model = model
        self.io = io
    }

    /// Shows `frame` (the panel's size, or turned; ``PanelPacking/oriented(_:for:)``).
    public func show(_ frame: PanelFrame) throws(PanelError) {
        guard let fitted = PanelPacking.oriented(frame, for: model) else {
            throw PanelError(
                .unusable,
                "the image is \(frame.width)×\(frame.height); \(model.name) shows \(model.width)×\(model.height) "
                    + "(or \(model.height)×\(model.width), turned)")
        }
        try session(model.initialise + model.display + model.sleep, frame: fitted)
    }

    /// Shows a decoded picture file, made black and white (and red) as the vendor's driver makes it.
    public func show(_ picture: PanelPicture) throws(PanelError) {
        guard let frame = picture.frame(for: model) else {
            throw PanelError(
                .unusable,
                "the image is \(picture.width)×\(picture.height); \(model.name) shows \(model.width)×\(model.height) "
                    + "(or \(model.height)×\(model.width), turned)")
        }
        try session(model.initialise + model.display + model.sleep, frame: frame)
    }

    /// Shows a white frame.
    public func clear() throws(PanelError) {
        let white = PanelFrame(
            width: model.width, height: model.height, mode: model.colors,
            levels: [UInt8](repeating: 0, count: model.width * model.height))
        try session(model.initialise + model.display + model.sleep, frame: white)
    }

    /// Wakes the panel (a reset) and puts it into deep sleep with the power off, without a refresh.
    public func sleep() throws(PanelError) {
        try session(model.initialise + model.sleep, frame: nil)
    }

    private func session(_ steps: [PanelStep], frame: PanelFrame?) throws(PanelError) {
        var run = Run(model: model, io: io)
        var powered = false
        do {
            try io.openSPI(model.spi)
            try io.request(.reset, output: true, initial: 0)
            try io.request(.dataCommand, output: true, initial: 0)
            try io.request(.power, output: true, initial: 0)
            try io.request(.busy, output: false, initial: 0)
            powered = true
            for step in steps { try run.perform(step, frame: frame) }
            try io.write(.dataCommand, 0)
        } catch {
            // Whatever went wrong once the lines were ours (a timeout, a failed transfer), the
            // panel is not left awake and powered.
            if powered { run.shutDown() }
            try? io.close()
            throw error
        }
        try io.close()
    }
}

/// The state of one refresh: the DC level last driven and the command last sent.
private struct Run {
    let model: PanelModel
    let io: any PanelIO
    var dataMode: Bool? = nil
    var lastCommand: UInt8? = nil

    mutating func perform(_ step: PanelStep, frame: PanelFrame?) throws(PanelError) {
        switch step {
        case .pin(let pin, let value): try io.write(pin, value)
        case .delay(let milliseconds): io.delay(milliseconds: milliseconds)
        case .command(let command, let data): try send(command, data)
        case .waitBusy: try waitBusy()
        case .plane(let command, let plane):
            guard let frame else { return }
            try send(command, PanelPacking.pack(frame, plane))
        case .rows(let ram, let x, let y, let plane):
            guard let frame else { return }
            let bytes = PanelPacking.pack(frame, plane)
            let stride = frame.planeStride
            for row in 0..<frame.height {
                try send(x, [0])
                try send(y, [UInt8(row & 0xFF), UInt8(row >> 8)])
                try waitBusy()
                try send(ram, Array(bytes[row * stride..<(row + 1) * stride]))
            }
        }
    }

    mutating func send(_ command: UInt8, _ data: [UInt8]) throws(PanelError) {
        try setData(false)
        try io.writeSPI([command])
        lastCommand = command
        guard !data.isEmpty else { return }
        try setData(true)
        try io.writeSPI(data)
    }

    mutating func setData(_ data: Bool) throws(PanelError) {
        guard dataMode != data else { return }
        try io.write(.dataCommand, data ? 1 : 0)
        dataMode = data
    }

    /// Polls BUSY (sending the status command first, where the controller wants it) until it
    /// reads idle, for at most the panel's timeout.
    mutating func waitBusy() throws(PanelError) {
        let busy = model.busy
        let started = io.milliseconds()
        let after = lastCommand
        if let status = busy.statusCommand { try send(status, []) }
        while try io.read(.busy, busyLevel: busy.level) == busy.level {
            if io.milliseconds() - started >= busy.timeoutMilliseconds { throw timeout(after: after) }
            io.delay(milliseconds: busy.pollMilliseconds)
            if let status = busy.statusCommand { try send(status, []) }
        }
    }

    func timeout(after command: UInt8?) -> PanelError {
        let seconds = model.busy.timeoutMilliseconds / 1000
        let step = command.map { " after command 0x" + String($0, radix: 16, uppercase: true) } ?? ""
        return PanelError(
            .busyTimeout,
            "\(model.name): the panel stayed busy for \(seconds) s\(step) (BUSY, \(PanelPin.busy.lineName), never "
                + "read idle); it was sent to sleep and powered down. Likely causes: the HAT is not seated on the "
                + "header (or its cable is loose), the panel is another revision (\(PanelCatalog.revisionHint(model))), "
                + "or SPI is not enabled (dtparam=spi=on).")
    }

    /// After a timeout: the sleep steps without waiting on BUSY, ending with the power off.
    mutating func shutDown() {
        for step in model.sleep where step != .waitBusy {
            try? perform(step, frame: nil)
        }
        try? io.write(.dataCommand, 0)
    }
}
