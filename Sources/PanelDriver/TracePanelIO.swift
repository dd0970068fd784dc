import SystemIO

/// The recording backend (`--panel-device trace:PATH`): nothing is touched; every SPI chunk,
/// GPIO request, write and read and every delay is written to PATH as `epd-trace/1` JSON Lines
/// (the format `Tests/PanelDriverTests/Tools/canon.py` reads). BUSY answers busy for
/// `busyReads` reads of each wait, then idle once (`nil`: busy for ever); delays are recorded,
/// not slept, and advance the recorder's clock.
public final class TracePanelIO: PanelIO {
    public let path: String
    public let busyReads: Int?
    public let bufsiz: Int
    private var lines: [String]
    private var left: Int?
    private var clock = 0
    private var written = false

    public init(path: String, model: PanelModel, busyReads: Int?, bufsiz: Int = 4096) {
        self.path = path
        self.busyReads = busyReads
        self.bufsiz = bufsiz
        lines = [
            "{\"ev\":\"meta\",\"format\":\"epd-trace/1\",\"panel\":\"\(model.name)\",\"vendor\":\"weatherview\","
                + "\"controller\":\"\(model.controller)\",\"busy_level\":\(model.busy.level),"
                + "\"busy_polls\":\(busyReads.map(String.init) ?? "null"),\"bufsiz\":\(bufsiz),"
                + "\"row_bytes\":\(model.rowBytes),\"visible_width\":\(model.width)}"
        ]
    }

    public func openSPI(_ settings: SPISettings) throws(PanelError) {
        lines.append("{\"ev\":\"spi_open\",\"bus\":0,\"device\":0}")
        lines.append("{\"ev\":\"spi_config\",\"key\":\"max_speed_hz\",\"value\":\(settings.maxSpeedHz)}")
        lines.append("{\"ev\":\"spi_config\",\"key\":\"mode\",\"value\":\(settings.mode)}")
    }

    public func writeSPI(_ bytes: [UInt8]) throws(PanelError) {
        var start = 0
        while start < bytes.count {
            let end = min(start + bufsiz, bytes.count)
            lines.append("{\"ev\":\"spi_write\",\"data\":\"\(Self.hex(bytes[start..<end]))\"}")
            start = end
        }
    }

    public func request(_ pin: PanelPin, output: Bool, initial: UInt8) throws(PanelError) {
        lines.append(
            output
                ? "{\"ev\":\"gpio_request\",\"pin\":\"\(pin.rawValue)\",\"dir\":\"out\",\"initial\":\(initial)}"
                : "{\"ev\":\"gpio_request\",\"pin\":\"\(pin.rawValue)\",\"dir\":\"in\",\"bias\":\"pull_down\"}")
    }

    public func write(_ pin: PanelPin, _ value: UInt8) throws(PanelError) {
        lines.append("{\"ev\":\"gpio_write\",\"pin\":\"\(pin.rawValue)\",\"value\":\(value)}")
    }

    public func read(_ pin: PanelPin, busyLevel: UInt8) throws(PanelError) -> UInt8 {
        if left == nil { left = busyReads ?? Int.max }
        let busy = (left ?? 0) > 0
        if busy { left = (left ?? 1) - 1 } else { left = nil }
        let value = busy ? busyLevel : 1 - busyLevel
        lines.append("{\"ev\":\"gpio_read\",\"pin\":\"\(pin.rawValue)\",\"value\":\(value),\"busy\":\(busy)}")
        return value
    }

    public func delay(milliseconds: Int) {
        lines.append("{\"ev\":\"delay\",\"ms\":\(milliseconds)}")
        clock += milliseconds
    }

    public func milliseconds() -> Int { clock }

    public func close() throws(PanelError) {
        guard !written else { return }
        written = true
        lines.append("{\"ev\":\"gpio_release\"}")
        lines.append("{\"ev\":\"spi_close\"}")
        let code = SystemIO.atomicWrite(path, Array((lines.joined(separator: "\n") + "\n").utf8), mode: 0o644)
        guard code == 0 else { throw PanelError(.io, "cannot write the trace \(path): \(SystemIO.describe(code))") }
    }

    private static func hex(_ bytes: ArraySlice<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 15)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
