extension PanelModel {
    /// Waveshare 2.13" e-Paper V4 (122×250, black/white; SSD1680): Waveshare's `epd2in13_V4.py` at 86aa993 (init, display, sleep), as data.
    static let waveshare2in13V4 = PanelModel(
        name: "waveshare-2in13-v4", profile: "waveshare-2in13-v4",
        summary: "Waveshare 2.13\" e-Paper V4 (122×250, black/white; SSD1680)", controller: "SSD1680",
        width: 122, height: 250, colors: .bw, convertsAfterTurning: true,
        busy: BusySignal(level: 1, pollMilliseconds: 10, timeoutMilliseconds: 20_000),
        initialise: [
            .pin(.power, 1),
            .pin(.reset, 1),
            .delay(milliseconds: 20),
            .pin(.reset, 0),
            .delay(milliseconds: 2),
            .pin(.reset, 1),
            .delay(milliseconds: 20),
            .waitBusy,
            .command(0x12, []),
            .waitBusy,
            .command(0x01, [0xF9, 0x00, 0x00]),
            .command(0x11, [0x03]),
            .command(0x44, [0x00, 0x0F]),
            .command(0x45, [0x00, 0x00, 0xF9, 0x00]),
            .command(0x4E, [0x00]),
            .command(0x4F, [0x00, 0x00]),
            .command(0x3C, [0x05]),
            .command(0x21, [0x00, 0x80]),
            .command(0x18, [0x80]),
            .waitBusy,
        ],
        display: [
            .plane(0x24, .notBlack),
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
