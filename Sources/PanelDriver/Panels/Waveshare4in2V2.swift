extension PanelModel {
    /// Waveshare 4.2" e-Paper V2 (400×300, black/white; SSD1683, BUSY high while busy): Waveshare's `epd4in2_V2.py` at 86aa993 (init, display, sleep), as data.
    static let waveshare4in2V2 = PanelModel(
        name: "waveshare-4in2-v2", profile: "waveshare-4in2",
        summary: "Waveshare 4.2\" e-Paper V2 (400×300, black/white; SSD1683, BUSY high while busy)",
        controller: "SSD1683",
        width: 400, height: 300, colors: .bw, convertsAfterTurning: false,
        busy: BusySignal(level: 1, pollMilliseconds: 20, timeoutMilliseconds: 30_000),
        initialise: [
            .pin(.power, 1),
            .pin(.reset, 1),
            .delay(milliseconds: 100),
            .pin(.reset, 0),
            .delay(milliseconds: 2),
            .pin(.reset, 1),
            .delay(milliseconds: 100),
            .waitBusy,
            .command(0x12, []),
            .waitBusy,
            .command(0x21, [0x40, 0x00]),
            .command(0x3C, [0x05]),
            .command(0x11, [0x03]),
            .command(0x44, [0x00, 0x31]),
            .command(0x45, [0x00, 0x00, 0x2B, 0x01]),
            .command(0x4E, [0x00]),
            .command(0x4F, [0x00, 0x00]),
            .waitBusy,
        ],
        display: [
            .plane(0x24, .notBlack),
            .plane(0x26, .notBlack),
            .command(0x22, [0xF7]),
            .command(0x20, []),
            .waitBusy,
        ],
        sleep: [
            .command(0x10, [0x01]),
            .delay(milliseconds: 2000),
            .pin(.reset, 0),
            .pin(.power, 0),
        ])
}
