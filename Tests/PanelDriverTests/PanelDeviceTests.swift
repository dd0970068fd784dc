import PanelDriver
import Testing

@Suite("--panel-device")
struct PanelDeviceTests {
    @Test(
        "names a spidev device or the recorder with its options",
        arguments: [
            ("spi0.0", PanelDevice.spi(bus: 0, device: 0)),
            ("/dev/spidev1.2", .spi(bus: 1, device: 2)),
            ("trace:/tmp/t.jsonl", .trace(path: "/tmp/t.jsonl", busyReads: 1, bufsiz: 4096)),
            ("trace:out.jsonl,busy=never,bufsiz=100", .trace(path: "out.jsonl", busyReads: nil, bufsiz: 100)),
            ("trace:out.jsonl,busy=0", .trace(path: "out.jsonl", busyReads: 0, bufsiz: 4096)),
        ])
    func parses(_ text: String, _ expected: PanelDevice) {
        #expect(PanelDevice(text) == expected)
    }

    @Test(
        "anything else is not a device",
        arguments: [
            "", "spi0", "spi0.0.1", "spi-1.0", "usb0", "/dev/i2c-1", "trace:", "trace:x,busy=-1", "trace:x,speed=1",
        ])
    func refuses(_ text: String) {
        #expect(PanelDevice(text) == nil)
    }
}
