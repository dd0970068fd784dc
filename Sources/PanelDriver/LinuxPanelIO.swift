import CLinuxIO
import SystemIO

#if canImport(Glibc)
    import Glibc
#endif

/// The panel on this machine: `/dev/spidevB.C` (mode and clock by ioctl, writes chunked to the
/// spidev module's `bufsiz`) and GPIO lines found by name on any `/dev/gpiochipN` (the line
/// names the Pi's device tree gives, `GPIO17`…, on chip 0 of a Pi 4 and on the RP1's chip of a
/// Pi 5), requested through the character device's uAPI v2 and released on ``close()``.
public final class LinuxPanelIO: PanelIO {
    public let bus: Int
    public let device: Int
    private var spi: Int32 = -1
    private var lines: [PanelPin: Int32] = [:]
    private var bufsiz = 4096
    private var path: String { "/dev/spidev\(bus).\(device)" }

    public init(bus: Int, device: Int) {
        self.bus = bus
        self.device = device
    }

    public func openSPI(_ settings: SPISettings) throws(PanelError) {
        let descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.openFailure(path, errno) }
        spi = descriptor
        let status = clinuxio_spi_configure(descriptor, settings.mode, settings.maxSpeedHz)
        guard status == 0 else {
            throw PanelError(.io, "cannot set SPI mode and clock on \(path): \(SystemIO.describe(-status))")
        }
        // The largest transfer the kernel takes in one write (spidev's bufsiz parameter).
        if let text = SystemIO.firstLine("/sys/module/spidev/parameters/bufsiz"), let size = Int(text), size > 0 {
            bufsiz = size
        }
    }

    public func writeSPI(_ bytes: [UInt8]) throws(PanelError) {
        var start = 0
        while start < bytes.count {
            let end = min(start + bufsiz, bytes.count)
            let sent = bytes[start..<end].withUnsafeBytes { Glibc.write(spi, $0.baseAddress, $0.count) }
            if sent < 0 && errno == EINTR { continue }
            guard sent == end - start else {
                throw PanelError(.io, "SPI write to \(path) failed: \(SystemIO.describe(sent < 0 ? errno : EIO))")
            }
            start = end
        }
    }

    public func request(_ pin: PanelPin, output: Bool, initial: UInt8) throws(PanelError) {
        let (chip, offset) = try Self.find(pin.lineName)
        let descriptor = open(chip, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.openFailure(chip, errno) }
        defer { Glibc.close(descriptor) }
        let line = clinuxio_gpio_request(
            descriptor, offset, output ? 1 : 0, Int32(initial), output ? 0 : 1, "weatherview")
        guard line >= 0 else {
            let reason =
                -line == EBUSY
                ? "it is in use by another program (another panel driver? `gpioinfo` names it)"
                : SystemIO.describe(-line)
            throw PanelError(.io, "cannot request \(pin.lineName) (\(pin.rawValue)) on \(chip): \(reason)")
        }
        lines[pin] = line
    }

    public func write(_ pin: PanelPin, _ value: UInt8) throws(PanelError) {
        guard let line = lines[pin] else { return }
        let status = clinuxio_gpio_set(line, Int32(value))
        guard status == 0 else { throw PanelError(.io, "cannot set \(pin.lineName): \(SystemIO.describe(-status))") }
    }

    public func read(_ pin: PanelPin, busyLevel: UInt8) throws(PanelError) -> UInt8 {
        guard let line = lines[pin] else { return 1 - busyLevel }
        let value = clinuxio_gpio_get(line)
        guard value >= 0 else { throw PanelError(.io, "cannot read \(pin.lineName): \(SystemIO.describe(-value))") }
        return UInt8(value)
    }

    public func delay(milliseconds: Int) {
        guard milliseconds > 0 else { return }
        var time = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var left = timespec()
        while nanosleep(&time, &left) != 0 && errno == EINTR { time = left }
    }

    public func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }

    public func close() throws(PanelError) {
        for line in lines.values { Glibc.close(line) }
        lines = [:]
        if spi >= 0 { Glibc.close(spi) }
        spi = -1
    }

    /// The chip and offset of the line called `name`, on whichever chip has it.
    static func find(_ name: String) throws(PanelError) -> (String, UInt32) {
        let chips = chipPaths()
        guard !chips.isEmpty else {
            throw PanelError(
                .missingDevice, "no GPIO chip (/dev/gpiochip*): is this a Raspberry Pi? " + PanelError.enableHint)
        }
        var refused: String?
        for chip in chips {
            let descriptor = open(chip, O_RDWR | O_CLOEXEC)
            guard descriptor >= 0 else {
                refused = chip
                continue
            }
            defer { Glibc.close(descriptor) }
            let count = clinuxio_gpio_chip_lines(descriptor)
            guard count > 0 else { continue }
            var buffer = [CChar](repeating: 0, count: 32)
            for offset in 0..<UInt32(count) where clinuxio_gpio_line_name(descriptor, offset, &buffer) == 0 {
                let line = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
                if line == name { return (chip, offset) }
            }
        }
        if let refused { throw openFailure(refused, EACCES) }
        throw PanelError(
            .missingDevice,
            "no GPIO line named \(name) on \(chips.joined(separator: ", ")): is the HAT on a Raspberry Pi's header?")
    }

    /// `/dev/gpiochip0`, `/dev/gpiochip4`…, in number order.
    static func chipPaths() -> [String] {
        guard let folder = opendir("/dev") else { return [] }
        defer { closedir(folder) }
        var numbers: [Int] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix("gpiochip"), let number = Int(name.dropFirst(8)) { numbers.append(number) }
        }
        return numbers.sorted().map { "/dev/gpiochip\($0)" }
    }

    static func openFailure(_ path: String, _ code: Int32) -> PanelError {
        switch code {
        case ENOENT, ENODEV, ENXIO:
            PanelError(.missingDevice, "\(path) does not exist: " + PanelError.enableHint)
        case EACCES, EPERM:
            PanelError(.permission, "no permission to open \(path): " + PanelError.enableHint)
        default:
            PanelError(.io, "cannot open \(path): \(SystemIO.describe(code))")
        }
    }
}
