import ConfigurationCore
import Dispatch
import FoundationEssentials
import PanelFrames
import Rendering
import WeatherModel
import WireContract

#if canImport(Glibc)
    import Glibc
#endif

/// The work of `weatherview render`: an e-ink frame of the weather, as a file a panel driver can show.
public struct RenderCommand: Sendable {
    /// `--colors`: the renderer's own list, so every command that takes a colour parses the same names.
    public typealias Colors = ColorMode

    /// `--format`: the renderer's own list.
    public typealias Format = ImageFormat

    /// `--layout`: the renderer's own list.
    public typealias Layout = FrameLayout

    /// The panels by name, for `--help`: `waveshare-7in5-v2 (800×480, bw), …`.
    public static var panels: String {
        PanelProfile.all.map { "\($0.name) (\($0.width)×\($0.height), \($0.colors.rawValue))" }
            .joined(separator: ", ")
    }

    public var location: String?
    public var panel: String?
    public var size: String?
    public var colors: Colors?
    public var rotate: Int
    public var format: Format?
    public var out: String?
    /// `--panel-device`: show the frame on the panel (`spi0.0`, `trace:FILE`).
    public var panelDevice: String?
    public var watch: Bool
    public var exec: String?
    public var minInterval: String
    public var layout: Layout
    public var units: ShowCommand.Units?
    /// Fonts to draw with before the installed ones (`--font-dir`).
    public var fontDirectory: String?
    public var broker: BrokerOptions

    public init(
        location: String? = nil, panel: String? = nil, size: String? = nil, colors: Colors? = nil, rotate: Int = 0,
        format: Format? = nil, out: String?, panelDevice: String? = nil, watch: Bool = false, exec: String? = nil,
        minInterval: String = "3m",
        layout: Layout = .single, units: ShowCommand.Units? = nil, fontDirectory: String? = nil, broker: BrokerOptions
    ) {
        self.location = location
        self.panel = panel
        self.size = size
        self.colors = colors
        self.rotate = rotate
        self.format = format
        self.out = out
        self.panelDevice = panelDevice
        self.watch = watch
        self.exec = exec
        self.minInterval = minInterval
        self.layout = layout
        self.units = units
        self.fontDirectory = fontDirectory
        self.broker = broker
    }

    public func run() async throws(Failure) -> Int32 {
        let job = try RenderJob(self)
        // Before anything is asked of the broker: without its fonts render cannot draw a frame.
        if let problem = FrameFonts.loadLibraries() { throw Failure(WireContract.ExitCode.unavailable, problem) }
        if let fontDirectory, FrameFonts.useDirectory(fontDirectory) == 0 {
            throw Failure.usage(
                "--font-dir '\(fontDirectory)' has no .ttf, .otf or .ttc file (or cannot be read): give a directory of fonts"
            )
        }
        let clock = try ViewClock.fromEnvironment()
        let settings = try broker.resolve()
        let (location, watch) = (self.location, self.watch)
        return try await BrokerSession.with(settings, closeTimeout: watch ? .seconds(1) : .milliseconds(50)) {
            (session) throws(Failure) in
            if watch { session.stopOnSignals() }
            let source = try await FrameSource.open(session, location: location, layout: job.layout)
            let messages = try await source.collect(session)
            if watch { return try await job.watch(source, retained: messages, session: session, clock: clock) }
            let frame = try source.frame(messages, now: clock.now(), job: job)
            guard let frame else { throw source.noData(session, messages: messages) }
            try await job.deliver(frame)
            try await job.runExec()
            for problem in frame.problems { Output.error(problem) }
            if !frame.problems.isEmpty { return Failure.dataCode }
            if let stale = frame.stale {
                Output.error("the data is stale: " + stale)
                return Failure.stale
            }
            return 0
        }
    }
}
