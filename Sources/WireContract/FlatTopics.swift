import WeatherModel

/// The flat topics of SPEC §3: one plain value per topic, for readers that take a number or a
/// word and no JSON. Pure: a payload in, `(topic, text)` out; the bridge retains each one.
public enum FlatTopics {
    /// The plain text of a JSON value: a number as the payload writes it, a string as it is,
    /// `true`/`false`; nil for a null, an array or an object (no flat topic carries those).
    public static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number): JSONValue.format(number)
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }

    /// The scalar members of `object` but the envelope: `(field, text)`, nil text for a JSON null.
    public static func fields(_ object: JSONValue) -> [(field: String, value: String?)] {
        guard let object = object.object else { return [] }
        let envelope = Set(PayloadSchema.envelopeKeys)
        return object.members.compactMap { member in
            guard !envelope.contains(member.key) else { return nil }
            if case .null = member.value { return (member.key, nil) }
            return text(member.value).map { (member.key, $0) }
        }
    }

    /// Every flat topic of one payload of `location` and its text (empty for a null, which
    /// clears the topic): `current`, `outlook`, `nowcast` and `air_quality` field by field,
    /// `hourly` and `daily` entry by entry for the first `entries` of `hours` / `days`.
    public static func topics(
        _ names: TopicNames, location: String, kind: LocationTopic, payload: JSONValue, entries: Int = 0
    ) -> [(topic: String, text: String)] {
        guard LocationTopic.flatEntries.contains(kind) else {
            guard LocationTopic.flatFields.contains(kind) else { return [] }
            return fields(payload).map { (names.name(.field(location, kind, entry: nil, $0.field)), $0.value ?? "") }
        }
        return Self.entries(kind, payload).prefix(entries).enumerated().flatMap { index, entry in
            fields(entry).map { (names.name(.field(location, kind, entry: index, $0.field)), $0.value ?? "") }
        }
    }

    /// The entries of an `hourly` (`hours`) or `daily` (`days`) payload; none for the others.
    public static func entries(_ kind: LocationTopic, _ payload: JSONValue) -> [JSONValue] {
        switch kind {
        case .hourly: payload["hours"]?.array ?? []
        case .daily: payload["days"]?.array ?? []
        default: []
        }
    }
}
