import ConfigurationCore
import Dispatch
import FoundationEssentials
import PanelDriver
import PanelFrames
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
    /// `--out`, if the frame goes to a file (or `-`, stdout).
    let out: String?
    /// `--panel-device`, if the frame goes to a panel weatherview drives.
    let panel: PanelTarget?
    let exec: String?
    /// Seconds.
    let minInterval: Double

    /// How long `--watch` lets a burst of messages settle before it looks at them.
    static let settle: Duration = .milliseconds(50)

    init(_ command: RenderCommand) throws(Failure) {
        if let location = command.location { try LocationID.validate(location) }
        let profile: PanelProfile
        var panel: PanelTarget?
        switch (command.panel, command.size) {
        case (let name?, nil) where command.panelDevice != nil:
            let target = try PanelTarget(panel: name, device: command.panelDevice ?? "")
            guard let named = PanelProfile.named(target.model.profile) else {
                throw Failure.usage("--panel \(name) has no render profile")
            }
            profile = named
            panel = target
        case (let name?, nil):
            // The revisions weatherview drives draw as their profile does (waveshare-4in2-v1: waveshare-4in2).
            let revision = (try? PanelCatalog.named(name)).flatMap { PanelProfile.named($0.profile) }
            guard let named = PanelProfile.named(name) ?? revision else {
                throw Failure.usage(
                    "unknown --panel '\(name)': one of \(PanelProfile.all.map(\.name).joined(separator: ", ")), "
                        + "or --size WxH")
            }
            profile = named
        case (nil, _?) where command.panelDevice != nil:
            throw Failure.usage("--panel-device needs --panel NAME (one of \(PanelCommand.panels)), not --size")
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
        if command.out == nil, panel == nil {
            throw Failure.usage("render needs --out FILE (or - for stdout), --panel-device DEV, or both")
        }
        if command.out?.isEmpty == true { throw Failure.usage("--out needs a file name (or - for stdout)") }
        if panel != nil, let colors = command.colors, colors.isGray {
            throw Failure.usage(
                "--colors \(colors.rawValue) is for files: the panels weatherview drives show bw or bwr")
        }
        if command.out == nil, let exec = command.exec, exec.contains("{file}") {
            throw Failure.usage("--exec's {file} is the --out file: give --out FILE too")
        }
        let format =
            command.format ?? command.out.flatMap(ImageFormat.init(fileName:)) ?? .png
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
            panel: profile, colors: command.colors, rotation: rotation, format: format)
        layout = command.layout
        units = command.units.flatMap { UnitSettings.preset(named: $0.rawValue) }
        language = try command.broker.language()
        out = command.out
        self.panel = panel
        exec = command.exec
        minInterval = Double(seconds)
    }

    /// Writes the frame to `--out` (``write(_:)``), then shows it on the `--panel-device`.
    func deliver(_ frame: RenderedFrame) async throws(Failure) {
        try write(frame.bytes)
        if let panel, let picture = frame.frame { try await panel.show(picture) }
    }

    /// What ``deliver(_:)`` did, for `--watch`'s log.
    func delivered(_ frame: RenderedFrame) -> String {
        let file = out.map { "wrote \($0) (\(frame.bytes.count) bytes)" }
        let shown = panel.map { "showed the frame on \($0.model.name) (\($0.deviceName))" }
        return [file, shown].compactMap { $0 }.joined(separator: "; ")
    }

    /// Writes `bytes` to `--out`, if given: to a temporary file next to it, then renamed over
    /// it, so a driver watching the file never reads half a frame.
    func write(_ bytes: [UInt8]) throws(Failure) {
        guard let out else { return }
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
        let command = exec.replacingAll("{file}", with: ExecProcess.quoted(out ?? ""))
        guard let process = ExecProcess(command) else {
            throw Failure.unavailable("cannot start --exec command: \(FileOutput.reason())")
        }
        return process
    }
}
