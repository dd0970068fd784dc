import MQTTClient
import Rendering
import WeatherModel
import WireContract

/// What one message makes `watch` print: a line on stdout or a problem on stderr.
enum WatchOutput: Equatable {
    case line(String)
    case error(String)

    /// Writes it out.
    func emit() {
        switch self {
        case .line(let text): Output.line(text)
        case .error(let text): Output.error(text)
        }
    }
}

/// Turns messages into lines, remembering each location's payloads so a line can say how
/// old the data is. Pure: the command writes what it returns.
struct WatchPrinter {
    let base: String
    let json: Bool
    let clock: ViewClock
    let language: Language
    let decoder = PayloadDecoder()
    var locations: [String: LocationPayloads] = [:]
    let glyphs: GlyphSet

    init(
        base: String, json: Bool, clock: ViewClock, language: Language = .en,
        glyphs: GlyphSet = TerminalOptions.defaultGlyphs(environment: TerminalEnvironment.current)
    ) {
        self.language = language
        self.base = base
        self.json = json
        self.clock = clock
        self.glyphs = glyphs
    }

    mutating func handle(_ message: MQTTMessage) -> [WatchOutput] {
        handle(topic: message.topic, payload: message.payload)
    }

    /// What the message `bytes` on `name` makes `watch` print.
    mutating func handle(topic name: String, payload bytes: [UInt8]) -> [WatchOutput] {
        let message = (topic: name, payload: bytes)
        if message.payload.isEmpty {
            return json ? [.line(Self.jsonLine(topic: message.topic, payload: .null))] : []
        }
        let topic = TopicNames(base: base).parse(message.topic)
        // bridge/state is plain text.
        if topic == .bridgeState || topic == .bridgeInfo {
            guard let text = String(validating: message.payload, as: UTF8.self), message.payload.count <= 65536 else {
                return [.error("\(message.topic): payload is not short UTF-8 text")]
            }
            return [
                .line(
                    json
                        ? Self.jsonLine(topic: message.topic, payload: .string(text))
                        : (topic == .bridgeState ? "bridge state: " : "bridge info: ") + TerminalText.clean(text))
            ]
        }
        let payload: JSONValue
        do {
            payload = try decoder.object(topic: message.topic, bytes: message.payload)
        } catch {
            return [.error(error.description)]
        }
        switch topic {
        case .alertEvent(let id)?:
            // Not retained and self-contained: checked and printed as it comes, whether or
            // not this watch has seen the location's other payloads.
            let event: AlertEventMessage
            do {
                event = try AlertEventMessage(topic: message.topic, topicLocation: id, json: payload)
            } catch {
                return [.error(error.description + " (warning event ignored)")]
            }
            if json { return [.line(Self.jsonLine(topic: message.topic, payload: payload))] }
            return [.line(WatchLine.alertEvent(event, now: clock.now(), language: language, glyphs: glyphs))]
        case .location(let id, let kind)?:
            var location = locations[id] ?? LocationPayloads(location: id)
            location[kind] = TopicPayload(topic: message.topic, json: payload)
            let model: WeatherViewModel
            do {
                model = try WeatherViewModel(payloads: location, now: clock.now(), language: language)
            } catch {
                return [.error(error.description)]
            }
            locations[id] = location
            if json { return [.line(Self.jsonLine(topic: message.topic, payload: payload))] }
            return [.line(WatchLine.render(kind, model: model, glyphs: glyphs))]
        default:
            return json ? [.line(Self.jsonLine(topic: message.topic, payload: payload))] : []
        }
    }

    static func jsonLine(topic: String, payload: JSONValue) -> String {
        JSONValue.object(JSONObject([("topic", .string(topic)), ("payload", payload)])).serialized()
    }
}
