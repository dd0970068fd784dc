import ArgumentParser
import Viewer

/// `weatherview render`: an e-ink frame of the weather, as a file a panel driver can show.
struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw an e-ink frame of the weather: to a file (PNG, BMP, PBM or raw bits) or the panel.",
        discussion: """
            Panels: \(RenderCommand.panels); \
            any other with --size WxH. --rotate turns the frame clockwise for a panel mounted on \
            its side (the layout is drawn for the turned size); type sizes grow with the frame \
            (1872x1404 is set about 2.3 times as large as 800x480). Formats: png (1-bit gray for \
            bw, 2-bit palette for bwr and gray4, 4- and 8-bit gray for gray16 and gray256); bmp \
            (1-bit for bw, 4-bit for bwr and gray4, 8-bit for gray16 and gray256); pbm (P4; bwr \
            as two images, black then red; the grays as P5); raw (1 bit per pixel, MSB first, \
            rows top to bottom, 1 = black; bwr: black plane then red plane; gray4, gray16, \
            gray256: 2, 4 or 8 bits per pixel, 0 = white). The file is replaced atomically; \
            --out - writes to stdout. With --panel-device (spi0.0) the frame is shown on the panel \
            (one of \(PanelCommand.panels); see `weatherview panel --help`), with or without --out.

            The frame shows the data's own time, not the time of drawing: the same payloads and \
            WEATHER2MQTT_NOW give the same bytes. With --watch the frame is redrawn when the data \
            changes or the clock changes what is drawn (the hour rolls over, local midnight, the \
            age of the data), never written twice the same, and never sooner than --min-interval \
            after the last one; --exec CMD runs after each new frame, with {file} replaced by the \
            file's path (quoted for the shell). Exit codes as for show: 4 when the frame shows \
            stale data, 73 when the file cannot be written.
            """)

    @Argument(help: "Location id (e.g. home); may be left out when the broker has one location.")
    var location: String?

    @Option(help: ArgumentHelp("A panel by name (listed above).", valueName: "NAME"))
    var panel: String?

    @Option(help: ArgumentHelp("Any other panel size, e.g. 640x384.", valueName: "WxH"))
    var size: String?

    @Option(help: "Colours: bw, bwr, gray4, gray16 or gray256 (default: the panel's; bw with --size).")
    var colors: RenderCommand.Colors?

    @Option(help: ArgumentHelp("Turn the frame clockwise: 0, 90, 180 or 270.", valueName: "DEGREES"))
    var rotate: Int = 0

    @Option(help: "png, bmp, pbm or raw (default: from --out's extension, else png).")
    var format: RenderCommand.Format?

    @Option(help: ArgumentHelp("The file to write; - for stdout.", valueName: "FILE"))
    var out: String?

    @Option(
        name: .customLong("panel-device"),
        help: ArgumentHelp("Show the frame on the panel: spi0.0 (or trace:FILE to record).", valueName: "DEV"))
    var panelDevice: String?

    @Flag(help: "Keep running and redraw when the data or the clock changes what is drawn.")
    var watch = false

    @Option(help: ArgumentHelp("Run after each new frame; {file} is replaced by the file's path.", valueName: "CMD"))
    var exec: String?

    @Option(help: ArgumentHelp("Least time between two frames with --watch (90s, 3m, 1h).", valueName: "DURATION"))
    var minInterval: String = "3m"

    @Option(help: "single: one location in detail; overview: every location, one row each.")
    var layout: RenderCommand.Layout = .single

    @Option(help: "Units to display in (default: those the bridge publishes).")
    var units: ShowCommand.Units?

    @OptionGroup var fonts: FontOptions

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let command = RenderCommand(
            location: location, panel: panel, size: size, colors: colors, rotate: rotate, format: format, out: out,
            panelDevice: panelDevice,
            watch: watch, exec: exec, minInterval: minInterval, layout: layout, units: units,
            fontDirectory: fonts.fontDirectory,
            broker: global.brokerOptions)
        try await runCommand { () throws(Failure) -> Int32 in try await command.run() }
    }
}

extension RenderCommand.Colors: ExpressibleByArgument {}

extension RenderCommand.Format: ExpressibleByArgument {}

extension RenderCommand.Layout: ExpressibleByArgument {}
