import MQTTClient
import Rendering
import WeatherModel
import WireContract

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

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
