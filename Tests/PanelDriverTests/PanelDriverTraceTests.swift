import Foundation
import PanelDriver
import PanelFrames
import Rendering
import TestSupport
import Testing

/// The driver against the recording backend: what a person relies on when the panel does not answer.
@Suite("Panel driver")
struct PanelDriverTraceTests {
    static func frame(_ model: PanelModel, black: (Int, Int) -> Bool) -> PanelFrame {
        var levels = [UInt8](repeating: 0, count: model.width * model.height)
        for y in 0..<model.height {
            for x in 0..<model.width where black(x, y) { levels[y * model.width + x] = 1 }
        }
        return PanelFrame(width: model.width, height: model.height, mode: .bw, levels: levels)
    }

    @Test(
        "a BUSY that never ends: timeout after the panel's time, the panel sent to sleep and powered down, a message with the causes"
    )
    func busyNeverEnds() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/trace.jsonl"
        let model = try PanelCatalog.named("waveshare-7in5-v2")
        let io = TracePanelIO(path: path, model: model, busyReads: nil)
        let driver = PanelDriver(model: model, io: io)
        #expect {
            try driver.show(Self.frame(model) { x, _ in x < 8 })
        } throws: { error in
            guard let error = error as? PanelError else { return false }
            return error.kind == .busyTimeout && error.message.contains("30 s")
                && error.message.contains("not seated") && error.message.contains("revision")
                && error.message.contains("dtparam=spi=on") && error.message.contains("sleep")
        }
        #expect(io.milliseconds() >= model.busy.timeoutMilliseconds)
        let events = try PanelFiles.events(path)
        // The first wait (after POWER ON, 0x04) never ended: no frame was sent.
        let writes = events.filter { $0["ev"] as? String == "spi_write" }.compactMap { $0["data"] as? String }
        #expect(!writes.contains { $0.count > 100 })
        // Then the deep-sleep command, and RST, DC and PWR low, the lines released, in that order.
        let deepSleep = try #require(writes.lastIndex(of: "07"))
        #expect(writes[deepSleep + 1] == "a5")
        let tail = events.suffix(5).map { "\($0["ev"] ?? "") \($0["pin"] ?? "") \($0["value"] ?? "")" }
        #expect(tail == ["gpio_write RST 0", "gpio_write PWR 0", "gpio_write DC 0", "gpio_release  ", "spi_close  "])
    }

    @Test("weatherview panel show with a BUSY that never ends exits 69 with the message, and the trace shows the sleep")
    func busyNeverEndsCommand() throws {
        let folder = TemporaryFolder()
        let trace = folder.path + "/t.jsonl"
        let shown = try PanelFiles.run(
            PanelFiles.weatherview,
            [
                "panel", "show", PanelFiles.golden("296x128-bw.pbm"), "--panel", "waveshare-2in9-v2", "--panel-device",
                "trace:\(trace),busy=never",
            ])
        #expect(shown.status == 69)
        #expect(shown.output.contains("stayed busy for 20 s"), "\(shown.output)")
        #expect(shown.output.contains("--panel waveshare-2in9-v1"), "\(shown.output)")
        let stream = try PanelFiles.run("/usr/bin/env", ["python3", PanelFiles.golden("canon.py"), trace])
        let ops = stream.output.split(separator: "\n").suffix(3)
        #expect(ops.first?.contains(#""cmd":"10","data":"01""#) == true, "\(stream.output.suffix(400))")
        #expect(ops.dropFirst().allSatisfy { $0.contains(#""value":0"#) })
    }

    @Test(
        "a frame larger than bufsiz goes out in chunks of at most bufsiz, whole and in order", arguments: [4096, 1000])
    func chunks(_ bufsiz: Int) throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/trace.jsonl"
        let model = try PanelCatalog.named("waveshare-7in5-v2")
        let frame = Self.frame(model) { x, y in (x * 7 + y * 3) % 11 == 0 }
        let io = TracePanelIO(path: path, model: model, busyReads: 1, bufsiz: bufsiz)
        try PanelDriver(model: model, io: io).show(frame)
        let writes = try PanelFiles.events(path).filter { $0["ev"] as? String == "spi_write" }
            .compactMap { $0["data"] as? String }.map { bytes(hex: $0) }
        #expect(writes.allSatisfy { $0.count <= bufsiz })
        // After 0x13 (new data): the black plane, 48000 bytes, in ceil(48000 / bufsiz) writes.
        let start = try #require(writes.firstIndex(of: [0x13])) + 1
        let count = (48000 + bufsiz - 1) / bufsiz
        let sent = writes[start..<start + count].flatMap { $0 }
        #expect(sent == PanelPacking.pack(frame, .black))
        #expect(writes[start + count] == [0x12])
    }

    @Test(
        "an SPI transfer that fails mid-frame: the error is the transfer's, and the panel is still put to sleep and powered down"
    )
    func transferFails() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/trace.jsonl"
        let model = try PanelCatalog.named("waveshare-4in2-v2")
        let io = FailingWrites(TracePanelIO(path: path, model: model, busyReads: 1), after: 12)
        #expect {
            try PanelDriver(model: model, io: io).clear()
        } throws: { error in
            (error as? PanelError)?.kind == .io
        }
        let tail = try PanelFiles.events(path).suffix(5).map {
            "\($0["ev"] ?? "") \($0["pin"] ?? "") \($0["value"] ?? "")"
        }
        #expect(tail == ["gpio_write RST 0", "gpio_write PWR 0", "gpio_write DC 0", "gpio_release  ", "spi_close  "])
    }

    @Test("a missing SPI device: a message naming raspi-config, dtparam=spi=on and the spi/gpio groups")
    func missingDevice() throws {
        let model = try PanelCatalog.named("waveshare-2in13-v4")
        let driver = PanelDriver(model: model, io: LinuxPanelIO(bus: 97, device: 3))
        #expect {
            try driver.clear()
        } throws: { error in
            guard let error = error as? PanelError else { return false }
            return error.kind == .missingDevice && error.message.contains("/dev/spidev97.3")
                && error.message.contains("raspi-config") && error.message.contains("dtparam=spi=on")
                && error.message.contains("spi and gpio groups")
        }
    }

    @Test("weatherview panel clear on a missing device exits 69; a bad --panel-device is 64")
    func missingDeviceCommand() throws {
        let missing = try PanelFiles.run(
            PanelFiles.weatherview, ["panel", "clear", "--panel", "waveshare-7in5-v2", "--panel-device", "spi97.3"])
        #expect(missing.status == 69)
        #expect(missing.output.contains("/dev/spidev97.3 does not exist"), "\(missing.output)")
        #expect(missing.output.contains("dtparam=spi=on"))
        let bad = try PanelFiles.run(
            PanelFiles.weatherview, ["panel", "sleep", "--panel", "waveshare-7in5-v2", "--panel-device", "usb0"])
        #expect(bad.status == 64)
        #expect(bad.output.contains("invalid --panel-device 'usb0'"), "\(bad.output)")
    }

    @Test("panel sleep wakes the panel with a reset and sends it to deep sleep, power off; GPIO lines released after")
    func sleep() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/trace.jsonl"
        let model = try PanelCatalog.named("waveshare-4in2-v2")
        try PanelDriver(model: model, io: TracePanelIO(path: path, model: model, busyReads: 2)).sleep()
        let events = try PanelFiles.events(path)
        let kinds = events.compactMap { $0["ev"] as? String }
        #expect(kinds.filter { $0 == "gpio_request" }.count == 4)
        #expect(kinds.last == "spi_close" && kinds.dropLast().last == "gpio_release")
        let writes = events.filter { $0["ev"] as? String == "spi_write" }.compactMap { $0["data"] as? String }
        #expect(Array(writes.suffix(2)) == ["10", "01"])
        #expect(!writes.contains("24"))
    }
}

/// The recorder, with SPI writes failing from the `after`-th on (as a HAT pulled off mid-frame
/// would make them fail); everything else is recorded.
final class FailingWrites: PanelIO {
    let inner: TracePanelIO
    var left: Int

    init(_ inner: TracePanelIO, after: Int) {
        self.inner = inner
        left = after
    }

    func openSPI(_ settings: SPISettings) throws(PanelError) { try inner.openSPI(settings) }
    func writeSPI(_ bytes: [UInt8]) throws(PanelError) {
        left -= 1
        if left < 0 { throw PanelError(.io, "SPI write failed: Remote I/O error") }
        try inner.writeSPI(bytes)
    }
    func request(_ pin: PanelPin, output: Bool, initial: UInt8) throws(PanelError) {
        try inner.request(pin, output: output, initial: initial)
    }
    func write(_ pin: PanelPin, _ value: UInt8) throws(PanelError) { try inner.write(pin, value) }
    func read(_ pin: PanelPin, busyLevel: UInt8) throws(PanelError) -> UInt8 {
        try inner.read(pin, busyLevel: busyLevel)
    }
    func delay(milliseconds: Int) { inner.delay(milliseconds: milliseconds) }
    func milliseconds() -> Int { inner.milliseconds() }
    func close() throws(PanelError) { try inner.close() }
}
