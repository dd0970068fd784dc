import ArgumentParser
import Configuration
import FoundationEssentials
import Rendering
import WeatherModel

#if canImport(Glibc)
    import Glibc
#endif

/// `weatherview render`: an e-ink frame of the weather, as a file a panel driver can show.
struct Render: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw an e-ink frame of the weather (PNG, BMP, PBM or raw bits).",
        discussion: """
            Panels: \(PanelProfile.all.map { "\($0.name) (\($0.width)×\($0.height), \($0.colors.rawValue))" }.joined(separator: ", ")); \
            any other with --size WxH. --rotate turns the frame clockwise for a panel mounted on \
            its side (the layout is drawn for the turned size). Formats: png; bmp (1-bit for bw, \
            4-bit for bwr and gray4); pbm (P4; bwr as two images, black then red; gray4 as P5); \
            raw (1 bit per pixel, MSB first, rows top to bottom, 1 = black; bwr: black plane then \
            red plane; gray4: 2 bits per pixel, 3 = black). The file is replaced atomically; \
            --out - writes to stdout.

            The frame shows the data's own time, not the time of drawing: the same payloads and \
            WEATHER2MQTT_NOW give the same bytes. With --watch the frame is redrawn when the data \
            changes or the clock changes what is drawn (the hour rolls over, local midnight, the \
            age of the data), never written twice the same, and never sooner than --min-interval \
            after the last one; --exec CMD runs after each new frame, with {file} replaced by the \
            file's path (quoted for the shell). Exit codes as for show: 4 when the frame shows \
            stale data, 73 when the file cannot be written.
            """)

    enum Colors: String, ExpressibleByArgument, CaseIterable {
        case bw, bwr, gray4
    }

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case png, bmp, pbm, raw
    }

    enum Layout: String, ExpressibleByArgument, CaseIterable {
        case single, overview
    }

    @Argument(help: "Location id (e.g. home); may be left out when the broker has one location.")
    var location: String?

    @Option(help: ArgumentHelp("A panel by name (listed above).", valueName: "NAME"))
    var panel: String?

    @Option(help: ArgumentHelp("Any other panel size, e.g. 640x384.", valueName: "WxH"))
    var size: String?

    @Option(help: "Colours: bw, bwr or gray4 (default: the panel's; bw with --size).")
    var colors: Colors?

    @Option(help: ArgumentHelp("Turn the frame clockwise: 0, 90, 180 or 270.", valueName: "DEGREES"))
    var rotate: Int = 0

    @Option(help: "png, bmp, pbm or raw (default: from --out's extension, else png).")
    var format: Format?

    @Option(help: ArgumentHelp("The file to write; - for stdout.", valueName: "FILE"))
    var out: String

    @Flag(help: "Keep running and redraw when the data or the clock changes what is drawn.")
    var watch = false

    @Option(help: ArgumentHelp("Run after each new frame; {file} is replaced by the file's path.", valueName: "CMD"))
    var exec: String?

    @Option(help: ArgumentHelp("Least time between two frames with --watch (90s, 3m, 1h).", valueName: "DURATION"))
    var minInterval: String = "3m"

    @Option(help: "single: one location in detail; overview: every location, one row each.")
    var layout: Layout = .single

    @Option(help: "Units to display in (default: those the bridge publishes).")
    var units: Show.Units?

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await runCommand { () throws(Failure) -> Int32 in try await render() }
    }

    func render() async throws(Failure) -> Int32 {
        let job = try RenderJob(self)
        let clock = try ViewClock.fromEnvironment()
        let settings = try global.resolve()
        let (location, watch) = (self.location, self.watch)
        if watch { StopSignal.install() }
        return try await BrokerSession.with(settings, closeTimeout: watch ? .seconds(1) : .milliseconds(50)) {
            (session) throws(Failure) in
            let source = try await FrameSource.open(session, location: location, layout: job.layout)
            let messages = try await source.collect(session)
            if watch { return try await job.watch(source, retained: messages, session: session, clock: clock) }
            let frame = try source.frame(messages, now: clock.now(), job: job)
            guard let frame else { throw source.noData(session, messages: messages) }
            try job.deliver(frame.bytes)
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

    static let cannotWrite: Int32 = 73

    init(_ command: Render) throws(Failure) {
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
        language = try command.global.language()
        out = command.out
        exec = command.exec
        minInterval = Double(seconds)
    }

    /// Writes `bytes` to `--out`: to a temporary file next to it, then renamed over it, so a
    /// driver watching the file never reads half a frame.
    func deliver(_ bytes: [UInt8]) throws(Failure) {
        if out == "-" {
            guard FileOutput.write(bytes, to: STDOUT_FILENO) else {
                throw Failure(Self.cannotWrite, "cannot write the frame to stdout")
            }
            return
        }
        let temporary = out + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw Failure(Self.cannotWrite, "cannot write \(out): \(FileOutput.reason())")
        }
        let written = FileOutput.write(bytes, to: descriptor)
        let closed = close(descriptor) == 0
        guard written, closed, rename(temporary, out) == 0 else {
            let reason = FileOutput.reason()
            unlink(temporary)
            throw Failure(Self.cannotWrite, "cannot write \(out): \(reason)")
        }
    }

    /// Runs `--exec` (if given) for the frame just written and waits for it.
    func runExec() async throws(Failure) {
        guard var process = try startExec() else { return }
        while !process.finished() { try? await Task.sleep(for: .milliseconds(20)) }
        if let status = process.status, status != 0 { Output.error("--exec command ended with status \(status)") }
    }

    /// Starts `--exec` with `{file}` replaced by the shell-quoted output path.
    func startExec() throws(Failure) -> ExecProcess? {
        guard let exec else { return nil }
        let command = exec.replacing("{file}", with: ExecProcess.quoted(out))
        guard let process = ExecProcess(command) else {
            throw Failure.unavailable("cannot start --exec command: \(FileOutput.reason())")
        }
        return process
    }

    /// `--watch`: draws whenever what is drawn changes, until SIGINT or SIGTERM. Starts from
    /// the `retained` messages, so the first frame is a whole one.
    func watch(
        _ source: FrameSource, retained: [String: [UInt8]], session: BrokerSession, clock: ViewClock
    ) async throws(Failure) -> Int32 {
        let started = ContinuousClock.now
        func seconds() -> Double {
            let elapsed = (ContinuousClock.now - started).components
            return Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
        }
        var messages = retained
        var policy = FrameWatch(minInterval: minInterval)
        var latest: RenderedFrame?
        var lastInput: FrameSource.Drawn?
        var lastLook = -Double.infinity
        var reported: Set<String> = []
        var running: ExecProcess?
        var waitingNoted = false
        var wasConnected = true
        while !StopSignal.requested {
            let (arrived, disconnects, connected) = session.drain()
            for reason in disconnects { Output.error("connection lost (\(reason)); reconnecting") }
            if connected && !wasConnected { Output.error("connected again") }
            wasConnected = connected
            for message in arrived {
                messages[message.topic] = message.payload.isEmpty ? nil : message.payload
            }
            // Look again when something arrived, and every 15 s for what the clock changes.
            let now = seconds()
            if !arrived.isEmpty || now - lastLook >= 15 {
                lastLook = now
                let drawn = source.drawn(messages, now: clock.now(), job: self)
                for problem in drawn.problems where !reported.contains(problem) {
                    Output.error(problem)
                    reported.insert(problem)
                }
                if drawn.input != nil, drawn.input != lastInput?.input {
                    latest = RenderedFrame(bytes: source.encode(drawn, job: self), stale: drawn.stale, problems: [])
                    lastInput = drawn
                } else if drawn.input == nil, !waitingNoted, now >= session.settings.timeout {
                    Output.error("no data yet for \(source.describe(session)); waiting")
                    waitingNoted = true
                }
            }
            if var process = running {
                if process.finished() {
                    if let status = process.status, status != 0 {
                        Output.error("--exec command ended with status \(status)")
                    }
                    running = nil
                } else {
                    running = process
                }
            }
            // A new frame goes out only when the panel is not still busy with the last one.
            if running == nil, let frame = latest, case .write = policy.offer(frame.bytes, at: now) {
                try deliver(frame.bytes)
                Output.error("wrote \(out) (\(frame.bytes.count) bytes)" + (frame.stale.map { "; stale: " + $0 } ?? ""))
                running = try startExec()
            }
            try? await Task.sleep(for: .milliseconds(250))
        }
        // A command still running gets a few seconds to finish (a panel refresh), then is left.
        if var running {
            for _ in 0..<250 where !running.finished() { try? await Task.sleep(for: .milliseconds(20)) }
        }
        return 0
    }
}

/// An encoded frame and what the caller should say about it.
struct RenderedFrame: Sendable {
    var bytes: [UInt8]
    /// Why the data is stale, if it is.
    var stale: String?
    /// Payloads that could not be shown.
    var problems: [String]
}

/// Where a frame's data comes from: one location's topics, or every location's.
struct FrameSource: Sendable {
    let base: String
    /// The location of a `single` frame; `nil` for the overview.
    let location: String?

    /// What a frame would show at a moment, before it is drawn.
    struct Drawn: Sendable {
        var input: DrawnInput?
        var stale: String?
        var problems: [String]
    }

    enum DrawnInput: Sendable, Equatable {
        case single(FrameInput)
        case overview(OverviewInput)
    }

    /// Finds the location (the only one, when none is named) and subscribes to its topics.
    static func open(_ session: BrokerSession, location: String?, layout: FrameLayout) async throws(Failure)
        -> FrameSource
    {
        let base = session.base
        switch layout {
        case .single:
            let id = try await session.location(location, command: "render")
            try session.subscribe(LocationTopic.allCases.map { $0.topic(base: base, location: id) })
            session.start()
            return FrameSource(base: base, location: id)
        case .overview:
            try session.subscribe(
                [base + "/bridge/info"] + LocationTopic.allCases.map { base + "/+/" + $0.rawValue })
            session.start()
            return FrameSource(base: base, location: nil)
        }
    }

    /// The retained messages, once every location shown has its weather (or the broker went
    /// quiet, or `--timeout` passed).
    func collect(_ session: BrokerSession) async throws(Failure) -> [String: [UInt8]] {
        let base = self.base
        if let location {
            let topics = LocationTopic.allCases.map { $0.topic(base: base, location: location) }
            let needed = [LocationTopic.current, .hourly, .daily].map { $0.topic(base: base, location: location) }
            return try await session.collect(filters: topics) { messages in needed.allSatisfy { messages[$0] != nil } }
        }
        let filters = [base + "/bridge/info"] + LocationTopic.allCases.map { base + "/+/" + $0.rawValue }
        let infoTopic = base + "/bridge/info"
        let decoder = PayloadDecoder()
        return try await session.collect(filters: filters) { messages in
            guard let bytes = messages[infoTopic], let json = try? decoder.object(topic: infoTopic, bytes: bytes),
                let info = try? BridgeInfo(TopicPayload(topic: infoTopic, json: json)), !info.locations.isEmpty
            else { return false }
            return info.locations.allSatisfy { messages[base + "/" + $0 + "/current"] != nil }
        }
    }

    /// What the frame shows for `messages` at `now`.
    func drawn(_ messages: [String: [UInt8]], now: Date, job: RenderJob) -> Drawn {
        if let location {
            do throws(ViewModelError) {
                let payloads = try LocationPayloads(base: base, location: location, messages: messages)
                guard payloads.hasWeather else { return Drawn(input: nil, stale: nil, problems: []) }
                let model = try WeatherViewModel(payloads: payloads, now: now, units: job.units, language: job.language)
                let stale = model.freshness.isStale ? model.freshness.reasons.joined(separator: "; ") : nil
                return Drawn(input: .single(FrameInput(model)), stale: stale, problems: [])
            } catch {
                return Drawn(input: nil, stale: nil, problems: [error.description])
            }
        }
        var models: [WeatherViewModel] = []
        var problems: [String] = []
        var stale: [String] = []
        for id in locations(in: messages) {
            do throws(ViewModelError) {
                let payloads = try LocationPayloads(base: base, location: id, messages: messages)
                guard payloads.hasWeather else { continue }
                let model = try WeatherViewModel(payloads: payloads, now: now, units: job.units, language: job.language)
                if model.freshness.isStale { stale.append(id) }
                models.append(model)
            } catch {
                problems.append(error.description)
            }
        }
        guard !models.isEmpty else { return Drawn(input: nil, stale: nil, problems: problems) }
        return Drawn(
            input: .overview(OverviewInput(models)),
            stale: stale.isEmpty ? nil : "stale data for " + stale.joined(separator: ", "), problems: problems)
    }

    /// The encoded frame of `drawn`, which must have an input.
    func encode(_ drawn: Drawn, job: RenderJob) -> [UInt8] {
        switch drawn.input {
        case .single(let input): job.render.encode(input)
        case .overview(let input): job.render.encode(input)
        case nil: []
        }
    }

    /// A one-shot frame for `messages`, or `nil` when there is no weather to draw.
    func frame(_ messages: [String: [UInt8]], now: Date, job: RenderJob) throws(Failure) -> RenderedFrame? {
        let drawn = drawn(messages, now: now, job: job)
        guard drawn.input != nil else {
            // A single location's broken payload is the answer; the overview draws what it can.
            if let problem = drawn.problems.first { throw Failure(Failure.dataCode, problem) }
            return nil
        }
        return RenderedFrame(bytes: encode(drawn, job: job), stale: drawn.stale, problems: drawn.problems)
    }

    /// The locations in the order the bridge announces them, then any others by id.
    func locations(in messages: [String: [UInt8]]) -> [String] {
        var announced: [String] = []
        let infoTopic = base + "/bridge/info"
        if let bytes = messages[infoTopic], let json = try? PayloadDecoder().object(topic: infoTopic, bytes: bytes),
            let info = try? BridgeInfo(TopicPayload(topic: infoTopic, json: json))
        {
            announced = info.locations
        }
        var others: Set<String> = []
        for topic in messages.keys where topic.hasPrefix(base + "/") {
            let parts = topic.dropFirst(base.count + 1).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] != "bridge", !parts[0].isEmpty,
                LocationTopic(rawValue: String(parts[1])) != nil
            else { continue }
            others.insert(String(parts[0]))
        }
        var seen: Set<String> = []
        return (announced + others.sorted()).filter { seen.insert($0).inserted }
    }

    func describe(_ session: BrokerSession) -> String {
        location.map { "'\($0)' on \(session.settings.url)" } ?? "any location on \(session.settings.url)"
    }

    /// "no data for …", with what the bridge says when it said something.
    func noData(_ session: BrokerSession, messages: [String: [UInt8]]) -> Failure {
        if let location, let payloads = try? LocationPayloads(base: base, location: location, messages: messages) {
            return session.noData(for: location, payloads: payloads)
        }
        return Failure.noData(
            "no weather on \(session.settings.url) within \(BrokerSession.seconds(session.settings.timeout)) "
                + "(\(base)/+/current; is weather2mqtt running, is the base topic right?)")
    }
}

/// `--exec`: a shell command started with `posix_spawn`, polled for its end so that no
/// thread of the cooperative pool blocks in `waitpid`.
struct ExecProcess {
    let pid: pid_t
    private(set) var status: Int32?

    init?(_ command: String) {
        var pid: pid_t = 0
        let arguments: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", command].map { text in
            text.withCString { strdup($0) }
        }
        defer { arguments.forEach { free($0) } }
        let argv = arguments + [nil]
        let result = argv.withUnsafeBufferPointer { buffer in
            posix_spawn(&pid, "/bin/sh", nil, nil, UnsafeMutablePointer(mutating: buffer.baseAddress!), environ)
        }
        guard result == 0 else {
            errno = result
            return nil
        }
        self.pid = pid
    }

    /// Whether the command has ended (reaping it when it has).
    mutating func finished() -> Bool {
        if status != nil { return true }
        var raw: Int32 = 0
        let result = waitpid(pid, &raw, WNOHANG)
        if result == 0 { return false }
        // Exited: the code; killed: 128 + the signal, as shells report it.
        let signal = raw & 0x7F
        status = result < 0 ? -1 : signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
        return true
    }

    /// `text` in single quotes for `/bin/sh`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}

/// Writing bytes to a file descriptor without Foundation.
enum FileOutput {
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// The current `errno` in words.
    static func reason() -> String {
        String(cString: strerror(errno))
    }
}
