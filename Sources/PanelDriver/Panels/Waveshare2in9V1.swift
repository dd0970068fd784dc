extension PanelModel {
    /// Waveshare 2.9" e-Paper V1 (128×296, black/white; SSD1608/IL3820, BUSY high while busy): Waveshare's `epd2in9.py` at 86aa993 (init, display, sleep), as data.
    static let waveshare2in9V1 = PanelModel(
        name: "waveshare-2in9-v1", profile: "waveshare-2in9",
        summary: "Waveshare 2.9\" e-Paper V1 (128×296, black/white; SSD1608/IL3820, BUSY high while busy)",
        controller: "SSD1608 (IL3820)",
        width: 128, height: 296, colors: .bw, convertsAfterTurning: false,
        busy: BusySignal(level: 1, pollMilliseconds: 200, timeoutMilliseconds: 20_000),
        initialise: [
            .pin(.power, 1),
            .pin(.reset, 1),
            .delay(milliseconds: 200),
            .pin(.reset, 0),
            .delay(milliseconds: 5),
            .pin(.reset, 1),
            .delay(milliseconds: 200),
            .command(0x01, [0x27, 0x01, 0x00]),
            .command(0x0C, [0xD7, 0xD6, 0x9D]),
            .command(0x2C, [0xA8]),
            .command(0x3A, [0x1A]),
            .command(0x3B, [0x08]),
            .command(0x11, [0x03]),
            .command(
                0x32,
                [
                    0x50, 0xAA, 0x55, 0xAA, 0x11, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                    0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0x1F, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
                ]),
        ],
        display: [
            .command(0x44, [0x00, 0x0F]),
            .command(0x45, [0x00, 0x00, 0x27, 0x01]),
            .rows(ram: 0x24, x: 0x4E, y: 0x4F, .notBlack),
            .command(0x22, [0xC4]),
            .command(0x20, []),
            .command(0xFF, []),
            .waitBusy,
        ],
        sleep: [
            .command(0x10, [0x01]),
            .delay(milliseconds: 2000),
            .pin(.reset, 0),
            .pin(.power, 0),
        ])
}
