extension PanelModel {
    /// Waveshare 7.5" e-Paper (B) V2 (800×480, black/white/red): Waveshare's `epd7in5b_V2.py` at 86aa993 (init, display, sleep), as data.
    static let waveshare7in5bV2 = PanelModel(
        name: "waveshare-7in5b-v2", profile: "waveshare-7in5b-v2",
        summary: "Waveshare 7.5\" e-Paper (B) V2 (800×480, black/white/red)", controller: "UC8179",
        width: 800, height: 480, colors: .bwr, convertsAfterTurning: true,
        busy: BusySignal(level: 0, statusCommand: 0x71, pollMilliseconds: 10, timeoutMilliseconds: 60_000),
        initialise: [
            .pin(.power, 1),
            .pin(.reset, 1),
            .delay(milliseconds: 200),
            .pin(.reset, 0),
            .delay(milliseconds: 4),
            .pin(.reset, 1),
            .delay(milliseconds: 200),
            .command(0x01, [0x07, 0x07, 0x3F, 0x3F]),
            .command(0x06, [0x17, 0x17, 0x28, 0x17]),
            .command(0x04, []),
            .delay(milliseconds: 100),
            .waitBusy,
            .delay(milliseconds: 200),
            .command(0x00, [0x0F]),
            .command(0x61, [0x03, 0x20, 0x01, 0xE0]),
            .command(0x15, [0x00]),
            .command(0x50, [0x11, 0x07]),
            .command(0x60, [0x22]),
        ],
        display: [
            .plane(0x10, .notBlack),
            .plane(0x13, .red),
            .command(0x12, []),
            .delay(milliseconds: 100),
            .waitBusy,
        ],
        sleep: [
            .command(0x02, []),
            .waitBusy,
            .delay(milliseconds: 200),
            .command(0x07, [0xA5]),
            .delay(milliseconds: 2000),
            .pin(.reset, 0),
            .pin(.power, 0),
        ])
}
