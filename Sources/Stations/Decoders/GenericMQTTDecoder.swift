import WeatherModel

/// A `type: mqtt` station's messages: each configured field whose topic filter matches the
/// message's topic is read from the payload (at its JSON path, or the payload as a number).
public enum GenericMQTTDecoder {
    /// Decodes one message; `stationTopic` is the station's `topic`, used by fields without their own.
    public static func decode(
        topic: String, payload: some Collection<UInt8>, fields: [GenericField], stationTopic: String?
    ) throws(StationDecodeError) -> StationObservation {
        let bytes = Array(payload)
        var json: JSONValue?
        var observation = StationObservation()
        var matched = false
        for field in fields {
            guard let filter = field.topic ?? stationTopic, TopicFilter.matches(filter, topic) else { continue }
            matched = true
            let raw: Double?
            if field.path.isEmpty {
                raw = StationNumber.parse(String(decoding: bytes, as: UTF8.self))
            } else {
                if json == nil {
                    do { json = try JSONParser.parse(bytes) } catch {
                        throw StationDecodeError("the message on \(topic.prefix(120)) is not JSON: \(error)")
                    }
                }
                raw = StationNumber.parse(
                    field.path.reduce(json) { node, key in
                        node?[key] ?? Int(key).flatMap { node?[$0] }
                    })
            }
            guard let raw, let value = field.canonical(raw) else { continue }
            switch field.target {
            case .quantity(let quantity): observation.values[quantity] = value
            case .stationPressure: observation.pressure = PressureReport(absolute: value)
            case .rain(let kind):
                observation.rain = RainReport(kind, millimetres: value, name: field.path.joined(separator: "."))
            }
        }
        guard matched else { throw StationDecodeError("no configured field reads topic \(topic.prefix(120))") }
        return observation
    }
}

/// MQTT topic filters (`+` one level, `#` the rest) matched against a topic name.
public enum TopicFilter {
    public static func matches(_ filter: String, _ topic: String) -> Bool {
        let wanted = filter.split(separator: "/", omittingEmptySubsequences: false)
        let got = topic.split(separator: "/", omittingEmptySubsequences: false)
        for (index, level) in wanted.enumerated() {
            if level == "#" { return true }
            guard index < got.count else { return false }
            if level != "+", level != got[index] { return false }
        }
        return wanted.count == got.count
    }
}
