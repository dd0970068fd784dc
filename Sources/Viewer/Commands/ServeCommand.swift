import ConfigurationCore
import FoundationEssentials
import HTTPServer
import HomeAssistantCore
import Rendering
import WeatherModel
import WireContract

#if canImport(Glibc)
    import Glibc
#endif

/// The work of `weatherview serve`: frames of the weather over HTTP for the displays that fetch
/// their picture (TRMNL and its firmware's boards, ESPHome `online_image`, Kindles, browsers),
/// drawn when the bridge's retained data changes what they show (SPEC §8).
public struct ServeCommand: Sendable {
    /// `--listen ADDRESS:PORT`.
    public var listen: String
    /// `--state FILE`: the registered TRMNL devices (default: in the state directory).
    public var state: String?
    public var fontDirectory: String?
    public var broker: BrokerOptions

    public init(listen: String, state: String? = nil, fontDirectory: String? = nil, broker: BrokerOptions) {
        self.listen = listen
        self.state = state
        self.fontDirectory = fontDirectory
        self.broker = broker
    }

    public func run() async throws(Failure) -> Int32 {
        let address: HTTPServer.ListenAddress
        do throws(ListenerError) {
            address = try HTTPServer.ListenAddress(parsing: listen)
        } catch {
            throw Failure.usage("--" + error.message)
        }
        if let problem = FrameFonts.loadLibraries() { throw Failure(WireContract.ExitCode.unavailable, problem) }
        if let fontDirectory, FrameFonts.useDirectory(fontDirectory) == 0 {
            throw Failure.usage("--font-dir '\(fontDirectory)' has no .ttf, .otf or .ttc file (or cannot be read)")
        }
        let displays = try loadDisplays()
        let homeAssistant = try loadHomeAssistant()
        let oneCall = try loadOneCall()
        let clock = try ViewClock.fromEnvironment()
        var defaults = FrameSpec()
        defaults.language = try broker.language()
        let settings = try broker.resolve()
        let devices = DeviceBook(path: state ?? Self.defaultStatePath())
        return try await BrokerSession.with(settings, closeTimeout: .seconds(1)) { (session) throws(Failure) in
            session.stopOnSignals()
            let names = session.names
            let birthTopic = Discovery.statusTopic(prefix: homeAssistant.prefix)
            let births = homeAssistant.discovery ? [birthTopic] : []
            try session.subscribe([names.bridgeInfo] + LocationTopic.allCases.map(names.everyLocation) + births)
            session.start()
            // The retained burst first, so that the first display asking gets the weather, not a 404.
            let retained = try await FrameSource(base: session.base, location: nil).collect(session)
            let book = FrameBook(base: session.base)
            for (topic, payload) in retained where topic != birthTopic { book.update(topic: topic, payload: payload) }
            let publish = session.retainedPublisher
            let ledger = HealthLedger(topics: names, homeAssistant: homeAssistant)
            let health = HealthDesk(ledger: ledger, record: { devices.record([$0]) }) { publish($0.topic, $0.payload) }
            var images = FrameImages(
                displays: displays, defaults: defaults, topics: names, homeAssistant: homeAssistant)
            devices.record(images.ids)
            var chores = ServeChores(images: !images.images.isEmpty)
            let removed = RemovedDisplays.ids(
                published: devices.published,
                current: RemovedDisplays.current(devices: devices.registered, displays: displays))
            for id in removed {
                Output.error("serve: display \(id) is no longer in displays:; clearing its topics")
                for topic in RemovedDisplays.topics(id, topics: names, prefix: homeAssistant.prefix).first {
                    publish(topic, [])
                }
            }
            if !removed.isEmpty { chores.clearAt = .now + RemovalOrder.stateDelay }
            var handler = ServeHandler(
                book: book, devices: devices, shelf: ImageShelf(), displays: displays, defaults: defaults,
                listen: address.description, now: { clock.now() },
                health: health)
            handler.oneCall = oneCall
            var server = HTTPListener.Settings(address: address)
            server.subject = "serve"
            let listener: HTTPListener
            do throws(ListenerError) {
                listener = try HTTPListener(server, handler: handler) { Output.error($0.message) }
            } catch {
                throw Failure.unavailable(error.message)
            }
            defer { listener.stop() }
            Output.error("serving on http://\(listener.address): /frames/<location>.png, TRMNL at /api/setup")
            var wasConnected = true
            while !session.stopRequested {
                guard let event = await session.next(before: chores.wake(.now)) else { break }
                switch event {
                case .mqtt(.message(let message)) where message.topic == birthTopic:
                    if Discovery.isBirth(message.payload) { chores.birth(.now) }
                case .mqtt(.message(let message)):
                    book.update(topic: message.topic, payload: message.payload)
                    chores.dataChanged(.now)
                case .mqtt(.disconnected(let reason?)): Output.error("connection lost (\(reason)); reconnecting")
                case .mqtt(.connected) where !wasConnected:
                    Output.error("connected again")
                    health.reconnected()
                    images.reconnected()
                    chores.dataChanged(.now)
                default: break
                }
                wasConnected = session.connected
                for chore in chores.due(.now) {
                    switch chore {
                    case .resendDiscovery:
                        health.discoveryAgain()
                        for message in images.discoveryAgain() { publish(message.topic, message.payload) }
                    case .clearRemoved:
                        for id in removed {
                            for topic in RemovedDisplays.topics(id, topics: names, prefix: homeAssistant.prefix).then {
                                publish(topic, [])
                            }
                        }
                        devices.forget(removed)
                    case .publishImages:
                        let now = clock.now()
                        let (messages, next) = images.due(book, now: now)
                        for message in messages { publish(message.topic, message.payload) }
                        chores.imagesNext(next.map { .now + .seconds(max(1, $0.timeIntervalSince(now))) })
                    }
                }
            }
            return 0
        }
    }

    /// `displays:` of `--config`, each colour one the renderer draws.
    private func loadDisplays() throws(Failure) -> DisplaysSettings {
        let displays = try section(DisplaysSettings()) { (path) throws(ConfigurationError) in
            try ConfigurationLoader.loadDisplays(path: path)
        }
        for display in [displays.fallback] + displays.devices {
            if let name = display.colors, case .failure(let problem) = FrameSpec.colors(name) {
                throw Failure(ConfigurationError.exitCode, "\(broker.config ?? ""): displays: \(problem.message)")
            }
        }
        return displays
    }

    /// `homeassistant:` of `--config` (the bridge's defaults without one): whether and where the
    /// displays are announced.
    private func loadHomeAssistant() throws(Failure) -> HomeAssistantSettings {
        try section(HomeAssistantSettings()) { (path) throws(ConfigurationError) in
            try ConfigurationLoader.loadHomeAssistant(path: path)
        }
    }

    /// `onecall:` of `--config` (the defaults without one): the OpenWeatherMap-shaped answers.
    private func loadOneCall() throws(Failure) -> OneCallSettings {
        try section(OneCallSettings()) { (path) throws(ConfigurationError) in
            try ConfigurationLoader.loadOneCall(path: path)
        }
    }

    /// A section of `--config` read by `load`, or `empty` without a configuration file; a wrong
    /// one is the configuration's exit code with its message.
    private func section<Settings>(
        _ empty: Settings, _ load: (String) throws(ConfigurationError) -> Settings
    ) throws(Failure) -> Settings {
        guard let config = broker.config else { return empty }
        do {
            return try load(config)
        } catch {
            throw Failure(ConfigurationError.exitCode, error.description)
        }
    }

    /// `$STATE_DIRECTORY` (systemd's `StateDirectory=`), else `$XDG_STATE_HOME/weatherview`, else
    /// `~/.local/state/weatherview`; the file `serve-devices.json` in it. `nil` without a home.
    static func defaultStatePath() -> String? {
        func environment(_ name: String) -> String? {
            guard let value = ProcessEnvironment.value(name), !value.isEmpty else { return nil }
            return value
        }
        if let systemd = environment("STATE_DIRECTORY")?.split(separator: ":").first {
            return String(systemd) + "/serve-devices.json"
        }
        if let xdg = environment("XDG_STATE_HOME") { return xdg + "/weatherview/serve-devices.json" }
        if let home = environment("HOME") { return home + "/.local/state/weatherview/serve-devices.json" }
        return nil
    }
}
