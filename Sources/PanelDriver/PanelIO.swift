/// The hardware a panel driver talks to: one SPI device, a few GPIO lines, and time. Two
/// implementations: ``LinuxPanelIO`` (spidev and the GPIO character device) and
/// ``TracePanelIO`` (records `epd-trace/1` for tests and checks without a panel).
///
/// Every call either does what it says or throws a ``PanelError`` naming what failed.
public protocol PanelIO: AnyObject {
    /// Opens the SPI device and sets its mode and clock.
    func openSPI(_ settings: SPISettings) throws(PanelError)
    /// Sends `bytes` (chunked to what the kernel accepts in one transfer).
    func writeSPI(_ bytes: [UInt8]) throws(PanelError)
    /// Requests the line of `pin`: an output at `initial`, or (BUSY) an input with a pull-down.
    func request(_ pin: PanelPin, output: Bool, initial: UInt8) throws(PanelError)
    func write(_ pin: PanelPin, _ value: UInt8) throws(PanelError)
    /// The level of `pin`; `busyLevel` tells a recorder what the level means.
    func read(_ pin: PanelPin, busyLevel: UInt8) throws(PanelError) -> UInt8
    func delay(milliseconds: Int)
    /// Milliseconds on a monotonic clock (the recorder's own clock advances with its delays).
    func milliseconds() -> Int
    /// Releases every line and closes the SPI device (safe to call more than once); the
    /// recorder writes its trace here.
    func close() throws(PanelError)
}
