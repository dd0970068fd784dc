/// Why a panel could not be driven: what went wrong, in words a person can act on.
public struct PanelError: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// No such device (`/dev/spidev*`, a GPIO line by that name).
        case missingDevice
        /// The device exists but may not be opened.
        case permission
        /// BUSY never said idle within the panel's timeout.
        case busyTimeout
        /// A read or write on an open device failed.
        case io
        /// The frame or the request does not fit the panel.
        case unusable
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// What to do when SPI or GPIO is missing or refused (Raspberry Pi OS and Debian alike).
    static let enableHint =
        "enable SPI (sudo raspi-config nonint do_spi 0, or dtparam=spi=on in /boot/firmware/config.txt, "
        + "then reboot) and run as a user in the spi and gpio groups (sudo adduser $USER spi; "
        + "sudo adduser $USER gpio; log in again)"
}
