import ArgumentParser
import MQTTClient
import Rendering
import WeatherModel
import WireContract

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
        let clock = try ViewClock.fromEnvironment()
        let settings = try global.resolve()
        let base = settings.baseTopic
        let names = TopicNames(base: base)
        let filters: [String]
        if let location {
            filters = LocationTopic.allCases.map { names.name(.location(location, $0)) }
        } else {
            filters = LocationTopic.allCases.map(names.everyLocation) + [names.bridgeState]
        }
        let json = self.json
        return try await BrokerSession.with(settings, closeTimeout: .seconds(1)) { (session) throws(Failure) in
            session.stopOnSignals()
            try session.subscribe(filters)
            session.start()
            try await session.waitUntilConnected()
            var printer = WatchPrinter(base: base, json: json, clock: clock)
            var wasConnected = true
            while !session.stopRequested, let event = await session.next(before: .now + .seconds(3600)) {
                switch event {
                case .mqtt(.message(let message)):
                    printer.handle(message)
                case .mqtt(.disconnected(let reason?)):
                    Output.error("connection lost (\(reason)); reconnecting")
                case .mqtt(.connected) where !wasConnected:
                    Output.error("connected again")
                default:
                    break
                }
                wasConnected = session.connected
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
    let decoder = PayloadDecoder()
    var locations: [String: LocationPayloads] = [:]
    let glyphs = TerminalOptions.defaultGlyphs(environment: TerminalEnvironment.current)

    init(base: String, json: Bool, clock: ViewClock) {
        self.base = base
        self.json = json
        self.clock = clock
    }

    mutating func handle(_ message: MQTTMessage) {
        if message.payload.isEmpty {
            if json { Output.line(Self.jsonLine(topic: message.topic, payload: .null)) }
            return
        }
        let topic = TopicNames(base: base).parse(message.topic)
        // bridge/state is plain text.
        if topic == .bridgeState || topic == .bridgeInfo {
            guard let text = String(validating: message.payload, as: UTF8.self), message.payload.count <= 65536 else {
                Output.error("\(message.topic): payload is not short UTF-8 text")
                return
            }
            Output.line(
                json
                    ? Self.jsonLine(topic: message.topic, payload: .string(text))
                    : (topic == .bridgeState ? "bridge state: " : "bridge info: ") + TerminalText.clean(text))
            return
        }
        let payload: JSONValue
        do {
            payload = try decoder.object(topic: message.topic, bytes: message.payload)
        } catch {
            Output.error(error.description)
            return
        }
        guard case .location(let id, let kind)? = topic else {
            if json { Output.line(Self.jsonLine(topic: message.topic, payload: payload)) }
            return
        }
        var location = locations[id] ?? LocationPayloads(location: id)
        location[kind] = TopicPayload(topic: message.topic, json: payload)
        let model: WeatherViewModel
        do {
            model = try WeatherViewModel(payloads: location, now: clock.now())
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
