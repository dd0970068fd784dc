import ArgumentParser
import Viewer

/// `weatherview serve`: frames of the weather over HTTP for displays that fetch their picture.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve frames of the weather over HTTP: TRMNL's protocol, plain image URLs (ESPHome, Kindle).",
        discussion: """
            Subscribes to the bridge's retained topics and answers on --listen: \
            GET /frames/<location>.png or .bmp (query: size=WxH, colors, rotate, layout, lang, \
            units; ETag, 304 to If-None-Match or If-Modified-Since, Cache-Control until the \
            frame next changes), and TRMNL's /api/setup, /api/display and /api/log. A frame is \
            drawn only when what it shows changes. The displays: section of --config says what \
            each TRMNL device shows; registered devices are kept in --state. Bind to the \
            machine's LAN address (or 0.0.0.0), not a public one: nothing is encrypted. \
            See docs/weatherview.md.
            """)

    @Option(
        help: ArgumentHelp(
            "Address and port to serve on, e.g. 192.168.1.5:8080 or [::]:8080.", valueName: "ADDRESS:PORT"))
    var listen: String

    @Option(
        help: ArgumentHelp(
            "The registered TRMNL devices (default: $STATE_DIRECTORY, $XDG_STATE_HOME/weatherview or "
                + "~/.local/state/weatherview, serve-devices.json).", valueName: "FILE"))
    var state: String?

    @OptionGroup var fonts: FontOptions

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let command = ServeCommand(
            listen: listen, state: state, fontDirectory: fonts.fontDirectory, broker: global.brokerOptions)
        try await runCommand { () throws(Failure) -> Int32 in try await command.run() }
    }
}
