import PanelFrames

/// One e-paper panel as weatherview drives it: facts as data, read from the vendor's driver
/// (Waveshare's `waveshare_epd` at commit 86aa993, March 2026) and the controller's datasheet.
///
/// The frame memory is `width`×`height` in the controller's own orientation (the small panels
/// are portrait); a picture of the turned size is turned by ``turnForSwappedImage`` first, as
/// the vendor's `getbuffer` does. The steps are what the driver sends: ``initialise`` wakes and
/// sets up the controller, ``display`` writes the frame and refreshes, ``sleep`` puts the panel
/// into deep sleep and powers the HAT down.
public struct PanelModel: Sendable {
    /// The name `--panel` takes.
    public let name: String
    /// The render profile the frame is drawn with (`PanelProfile.named`).
    public let profile: String
    /// One line for `--help` and messages.
    public let summary: String
    /// The controller chip, for messages.
    public let controller: String
    /// The controller's frame memory, in its own orientation.
    public let width: Int
    public let height: Int
    public let colors: ColorMode
    /// How a picture of `height`×`width` is turned to fit (the vendor's PIL `rotate(90)`:
    /// a quarter turn anticlockwise, 270° clockwise).
    public let turnForSwappedImage: Rotation
    /// Whether the vendor turns such a picture before converting it to black and white (PIL's
    /// `rotate(90, expand=True).convert("1")`) rather than after: it decides where a dithered
    /// picture's dots fall.
    public let convertsAfterTurning: Bool
    public let busy: BusySignal
    public let spi: SPISettings
    public let initialise: [PanelStep]
    public let display: [PanelStep]
    public let sleep: [PanelStep]

    public init(
        name: String, profile: String, summary: String, controller: String, width: Int, height: Int,
        colors: ColorMode, turnForSwappedImage: Rotation = .threeQuarters, convertsAfterTurning: Bool,
        busy: BusySignal,
        spi: SPISettings = SPISettings(), initialise: [PanelStep], display: [PanelStep], sleep: [PanelStep]
    ) {
        self.name = name
        self.profile = profile
        self.summary = summary
        self.controller = controller
        self.width = width
        self.height = height
        self.colors = colors
        self.turnForSwappedImage = turnForSwappedImage
        self.convertsAfterTurning = convertsAfterTurning
        self.busy = busy
        self.spi = spi
        self.initialise = initialise
        self.display = display
        self.sleep = sleep
    }

    /// Bytes per row of a 1-bit plane (rows padded to a whole byte).
    public var rowBytes: Int { (width + 7) / 8 }
}

/// The BUSY line: which level means busy, how it is polled and how long a wait may last.
public struct BusySignal: Sendable, Equatable {
    /// The level BUSY reads while the controller works (UC81xx: 0, SSD16xx: 1).
    public let level: UInt8
    /// A command sent before each read (UC81xx GET_STATUS 0x71, as the vendor driver polls).
    public let statusCommand: UInt8?
    /// Between two reads.
    public let pollMilliseconds: Int
    /// The longest one wait may last before the panel is given up on.
    public let timeoutMilliseconds: Int

    public init(level: UInt8, statusCommand: UInt8? = nil, pollMilliseconds: Int, timeoutMilliseconds: Int) {
        self.level = level
        self.statusCommand = statusCommand
        self.pollMilliseconds = pollMilliseconds
        self.timeoutMilliseconds = timeoutMilliseconds
    }
}

/// The SPI bus settings (mode 0, 4 MHz: what the vendor's `epdconfig` uses).
public struct SPISettings: Sendable, Equatable {
    public let mode: UInt8
    public let maxSpeedHz: UInt32

    public init(mode: UInt8 = 0, maxSpeedHz: UInt32 = 4_000_000) {
        self.mode = mode
        self.maxSpeedHz = maxSpeedHz
    }
}

/// The HAT's control lines, found by their GPIO line names (BCM numbering, as on every Pi).
public enum PanelPin: String, Sendable, CaseIterable {
    case reset = "RST"
    case dataCommand = "DC"
    case busy = "BUSY"
    case power = "PWR"

    /// The line name the Raspberry Pi's device tree gives the pin (Pi 4 and Pi 5 alike).
    public var lineName: String {
        switch self {
        case .reset: "GPIO17"
        case .dataCommand: "GPIO25"
        case .busy: "GPIO24"
        case .power: "GPIO18"
        }
    }
}

/// One step of talking to a panel.
public enum PanelStep: Sendable, Equatable {
    /// Drive RST or PWR.
    case pin(PanelPin, UInt8)
    case delay(milliseconds: Int)
    /// A command byte (DC low) and its data bytes (DC high).
    case command(UInt8, [UInt8])
    /// Wait until BUSY reads idle (``BusySignal``).
    case waitBusy
    /// A command followed by a whole plane of the frame.
    case plane(UInt8, PanelPlane)
    /// SSD1608 style, row by row: for each row y the RAM cursor (`x` ← 0, `y` ← y, little
    /// endian), a BUSY wait, then `ram` with that row of `plane`.
    case rows(ram: UInt8, x: UInt8, y: UInt8, PanelPlane)
}

/// What a frame memory plane holds, bit by bit (most significant bit is the leftmost pixel).
public enum PanelPlane: Sendable, Equatable {
    /// 1 where the pixel is black.
    case black
    /// 1 where the pixel is not black (white, or red on a bwr panel).
    case notBlack
    /// 1 where the pixel is red.
    case red
    /// `count` bytes of `value` (an old-data plane the vendor fills).
    case fill(UInt8, count: Int)
}
