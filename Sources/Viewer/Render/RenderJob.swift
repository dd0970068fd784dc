import Configuration
import Dispatch
import FoundationEssentials
import Rendering
import SystemIO
import WeatherModel
import WireContract

#if canImport(Glibc)
    import Glibc
#endif

/// The checked options of one `render`.
struct RenderJob: Sendable {
    let render: PanelRender
    let layout: FrameLayout
    let units: UnitSettings?
    /// `--lang`, else the locale's language.
    let language: Language
    let out: String
    let exec: String?
    /// Seconds.
    let minInterval: Double

    /// How long `--watch` lets a burst of messages settle before it looks at them.
    static let settle: Duration = .milliseconds(50)

    init(_ command: RenderCommand) throws(Failure) {
        if let location = command.location { try LocationID.validate(location) }
        let profile: PanelProfile
        switch (command.panel, command.size) {
        case (let name?, nil):
            guard let named = PanelProfile.named(name) else {
                throw Failure.usage(
                    "unknown --panel '\(name)': one of \(PanelProfile.all.map(\.name).joined(separator: ", ")), "
                        + "or --size WxH")
            }
            profile = named
        case (nil, let text?):
            guard let sized = PanelProfile.size(text) else {
                throw Failure.usage("invalid --size '\(text)': width x height in pixels, 8…4096 each, e.g. 640x384")
            }
            profile = sized
        case (nil, nil): throw Failure.usage("render needs --panel NAME or --size WxH")
        case (_?, _?): throw Failure.usage("--panel and --size do not go together: choose one")
        }
        guard let rotation = Rotation(rawValue: command.rotate) else {
            throw Failure.usage("invalid --rotate \(command.rotate): 0, 90, 180 or 270")
        }
        guard !command.out.isEmpty else { throw Failure.usage("--out needs a file name (or - for stdout)") }
        let format =
            command.format.flatMap { ImageFormat(rawValue: $0.rawValue) } ?? ImageFormat(fileName: command.out) ?? .png
        guard let seconds = ConfigurationLoader.parseDuration(command.minInterval) else {
            throw Failure.usage("invalid --min-interval '\(command.minInterval)': e.g. 90s, 3m, 1h")
        }
        if command.layout == .overview, command.location != nil {
            throw Failure.usage("--layout overview shows every location: leave out LOC")
        }
        if command.watch, command.out == "-" {
            throw Failure.usage("--watch writes a file for each new frame: give --out FILE, not -")
        }
        render = PanelRender(
            panel: profile, colors: command.colors.flatMap { ColorMode(rawValue: $0.rawValue) }, rotation: rotation,
            format: format)
        layout = command.layout == .overview ? .overview : .single
        units = command.units.flatMap { UnitSettings.preset(named: $0.rawValue) }
        language = try command.broker.language()
        out = command.out
        exec = command.exec
        minInterval = Double(seconds)
    }

    /// Writes `bytes` to `--out`: to a temporary file next to it, then renamed over it, so a
    /// driver watching the file never reads half a frame.
    func deliver(_ bytes: [UInt8]) throws(Failure) {
        if out == "-" {
            guard FileOutput.write(bytes, to: STDOUT_FILENO) else {
                throw Failure(WireContract.ExitCode.cannotCreate, "cannot write the frame to stdout")
            }
            return
        }
        let code = SystemIO.atomicWrite(out, bytes, mode: 0o644, temporarySuffix: ".tmp-\(getpid())")
        guard code == 0 else {
            throw Failure(WireContract.ExitCode.cannotCreate, "cannot write \(out): \(SystemIO.describe(code))")
        }
    }

    /// Runs `--exec` (if given) for the frame just written and waits for it.
    func runExec() async throws(Failure) {
        guard let process = try startExec() else { return }
        let status = await process.status()
        if status != 0 { Output.error("--exec command ended with status \(status)") }
    }

    /// Starts `--exec` with `{file}` replaced by the shell-quoted output path.
    func startExec() throws(Failure) -> ExecProcess? {
        guard let exec else { return nil }
        let command = exec.replacingAll("{file}", with: ExecProcess.quoted(out))
        guard let process = ExecProcess(command) else {
            throw Failure.unavailable("cannot start --exec command: \(FileOutput.reason())")
        }
        return process
    }
}
