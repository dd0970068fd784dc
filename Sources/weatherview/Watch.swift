import ArgumentParser
import MQTTClient
import Rendering
import Synchronization
import WeatherModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `weatherview watch [LOC]`: a line per update until interrupted.
struct Watch: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print a line per update until interrupted (Ctrl-C).",
        discussion: """
            Without LOC, every location's updates. The retained state is printed first, then each \
            update as it arrives. With --json, each line is {"topic": …, "payload": …}, the payload \
            as JSON (plain-text payloads such as bridge/state as a string). A payload that does not \
            parse is reported on stderr and skipped. Ends with 0 on SIGINT or SIGTERM.
            """)

    @Argument(help: "Location id (e.g. home); all locations when left out.")
    var location: String?

    @Flag(help: "One JSON object per line: {\"topic\": …, \"payload\": …}.")
    var json = false

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await runCommand { () throws(Failure) -> Int32 in try await watch() }
    }

    func watch() async throws(Failure) -> Int32 {
        if let location { try LocationID.validate(location) }
        let language = try global.language()
        let clock = try ViewClock.fromEnvironment()
        let settings = try global.resolve()
        let base = settings.baseTopic
        let filters: [String]
        if let location {
            filters = LocationTopic.allCases.map { $0.topic(base: base, location: location) }
        } else {
            filters = LocationTopic.allCases.map { base + "/+/" + $0.rawValue } + [base + "/bridge/state"]
        }
        StopSignal.install()
        let json = self.json
        return try await BrokerSession.with(settings, closeTimeout: .seconds(1)) { (session) throws(Failure) in
            try session.subscribe(filters)
            session.start()
            try await session.waitUntilConnected()
            var printer = WatchPrinter(base: base, json: json, clock: clock, language: language)
            var wasConnected = true
            while !StopSignal.requested {
                let (messages, disconnects, connected) = session.drain()
                for reason in disconnects { Output.error("connection lost (\(reason)); reconnecting") }
                if connected && !wasConnected { Output.error("connected again") }
                wasConnected = connected
                for message in messages { printer.handle(message) }
                if !messages.isEmpty { Output.flush() }
                try? await Task.sleep(for: .milliseconds(20))
            }
            return 0
        }
    }
}

/// Turns messages into lines, remembering each location's payloads so a line can say how
/// old the data is.
struct WatchPrinter {
    let base: String
    let json: Bool
    let clock: ViewClock
    let language: Language
    let decoder = PayloadDecoder()
    var locations: [String: LocationPayloads] = [:]
    let glyphs = TerminalOptions.defaultGlyphs(environment: TerminalEnvironment.current)

    init(base: String, json: Bool, clock: ViewClock, language: Language = .en) {
        self.language = language
        self.base = base
        self.json = json
        self.clock = clock
    }

    mutating func handle(_ message: MQTTMessage) {
        if message.payload.isEmpty {
            if json { Output.line(Self.jsonLine(topic: message.topic, payload: .null)) }
            return
        }
        let parts =
            message.topic.hasPrefix(base + "/")
            ? message.topic.dropFirst(base.count + 1).split(separator: "/", omittingEmptySubsequences: false) : []
        // bridge/state is plain text.
        if parts.count == 2, parts[0] == "bridge" {
            guard let text = String(validating: message.payload, as: UTF8.self), message.payload.count <= 65536 else {
                Output.error("\(message.topic): payload is not short UTF-8 text")
                return
            }
            Output.line(
                json
                    ? Self.jsonLine(topic: message.topic, payload: .string(text))
                    : "bridge " + parts[1] + ": " + TerminalText.clean(text))
            return
        }
        let payload: JSONValue
        do {
            payload = try decoder.object(topic: message.topic, bytes: message.payload)
        } catch {
            Output.error(error.description)
            return
        }
        guard parts.count == 2, let kind = LocationTopic(rawValue: String(parts[1])) else {
            if json { Output.line(Self.jsonLine(topic: message.topic, payload: payload)) }
            return
        }
        let id = String(parts[0])
        var location = locations[id] ?? LocationPayloads(location: id)
        location[kind] = TopicPayload(topic: message.topic, json: payload)
        let model: WeatherViewModel
        do {
            model = try WeatherViewModel(payloads: location, now: clock.now(), language: language)
        } catch {
            Output.error(error.description)
            return
        }
        locations[id] = location
        if json {
            Output.line(Self.jsonLine(topic: message.topic, payload: payload))
        } else {
            Output.line(WatchLine.render(kind, model: model, glyphs: glyphs))
        }
    }

    static func jsonLine(topic: String, payload: JSONValue) -> String {
        JSONValue.object(JSONObject([("topic", .string(topic)), ("payload", payload)])).serialized()
    }
}

/// SIGINT and SIGTERM end `watch` cleanly: the handler only sets a flag the loop polls.
enum StopSignal {
    private static let flag = Atomic<Bool>(false)

    static var requested: Bool { flag.load(ordering: .relaxed) }

    static func install() {
        signal(SIGINT) { _ in StopSignal.flag.store(true, ordering: .relaxed) }
        signal(SIGTERM) { _ in StopSignal.flag.store(true, ordering: .relaxed) }
        // A parent (a test runner, a supervisor) may have started us with them blocked.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }
}
