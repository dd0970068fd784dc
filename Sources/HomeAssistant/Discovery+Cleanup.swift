import WeatherModel
import WireContract

extension Discovery {
    /// Whether the retained message `payload` on `topic` is a device of this bridge that no
    /// configured location owns any more, and so should be cleared (empty retained payload).
    ///
    /// True only when all of these hold:
    /// - `topic` is exactly `<prefix>/device/weather2mqtt_<x>/config`;
    /// - `x` is not in `configuredLocations`;
    /// - the payload is a discovery payload of weather2mqtt (origin name `weather2mqtt`) whose
    ///   availability is `<baseTopic>/bridge/state`: this bridge's. Another weather2mqtt with its
    ///   own base topic on the same broker, another program's devices, an empty (already removed)
    ///   or unreadable payload are never touched.
    ///
    /// Both the full keys and Home Assistant's abbreviations (`origin`/`o`, `availability`/`avty`,
    /// `topic`/`t`, `availability_topic`/`avty_t`) are understood.
    public static func shouldRemove(
        topic: String, payload: [UInt8], configuredLocations: Set<String>, prefix: String, baseTopic: String
    ) -> Bool {
        guard let location = ownedLocation(topic: topic, prefix: prefix), !configuredLocations.contains(location),
            !payload.isEmpty, let object = try? JSONParser.parse(payload), object.object != nil
        else { return false }
        return isOurs(object, bridgeState: TopicNames(base: baseTopic).bridgeState)
    }

    /// `x` of `<prefix>/device/weather2mqtt_<x>/config`, or `nil` for any other topic.
    public static func ownedLocation(topic: String, prefix: String) -> String? {
        let head = prefix + "/device/" + deviceObjectID("")
        let tail = "/config"
        guard topic.hasPrefix(head), topic.hasSuffix(tail), topic.count > head.count + tail.count else { return nil }
        let location = String(topic.dropFirst(head.count).dropLast(tail.count))
        return location.contains("/") || location.contains("+") || location.contains("#") ? nil : location
    }

    /// Whether a discovery payload was published by weather2mqtt for the bridge whose
    /// availability topic is `bridgeState`.
    public static func isOurs(_ payload: JSONValue, bridgeState: String) -> Bool {
        let origin = payload["o"] ?? payload["origin"]
        guard origin?["name"]?.string == originName else { return false }
        return availabilityTopics(payload).contains(bridgeState)
    }

    private static func availabilityTopics(_ payload: JSONValue) -> [String] {
        var topics: [String] = []
        for key in ["availability_topic", "avty_t"] {
            if let topic = payload[key]?.string { topics.append(topic) }
        }
        for key in ["availability", "avty"] {
            for entry in payload[key]?.array ?? [] {
                if let topic = (entry["topic"] ?? entry["t"])?.string { topics.append(topic) }
            }
        }
        return topics
    }
}

/// The components a location's device announced, remembered across restarts (the bridge keeps
/// them in `state_dir`): a component the configuration no longer has (forecast slots turned off
/// or fewer) is announced reduced to its `platform`, which is how Home Assistant removes one
/// component of a device. The bridge announces its devices before the broker hands back what it
/// held, so the retained payload cannot tell; this record can.
///
/// A removed component stays reduced in every later announcement (a few bytes each): a Home
/// Assistant that was offline when it went still learns of it. It leaves the list when the
/// configuration has it again.
public struct AnnouncedComponents: Equatable, Sendable {
    /// Each component announced in full: key → platform.
    public private(set) var announced: [String: String]
    /// Each component announced reduced to its platform: key → platform.
    public private(set) var removed: [String: String]

    public init(announced: [String: String] = [:], removed: [String: String] = [:]) {
        self.announced = announced
        self.removed = removed
    }

    /// `payload` (a device payload about to be announced) with the components this record has
    /// and `payload` has not reduced to their platform; the record then holds `payload`'s.
    public mutating func announcing(_ payload: JSONValue) -> JSONValue {
        guard var object = payload.object, var components = payload["cmps"]?.object else { return payload }
        var current: [String: String] = [:]
        for (key, value) in components {
            if let platform = (value["platform"] ?? value["p"])?.string { current[key] = platform }
        }
        removed = announced.merging(removed) { full, _ in full }.filter { current[$0.key] == nil }
        announced = current
        guard !removed.isEmpty else { return payload }
        for (key, platform) in removed.sorted(by: { $0.key < $1.key }) {
            components[key] = ["platform": .string(platform)]
        }
        object["cmps"] = .object(components)
        return .object(object)
    }

    /// The record as kept in `state_dir`.
    public var json: JSONValue {
        func map(_ entries: [String: String]) -> JSONValue {
            var object = JSONObject()
            for (key, platform) in entries.sorted(by: { $0.key < $1.key }) { object[key] = .string(platform) }
            return .object(object)
        }
        return ["announced": map(announced), "removed": map(removed)]
    }

    /// A record read back; nil when it is not one.
    public init?(json: JSONValue) {
        guard let announced = json["announced"]?.object, let removed = json["removed"]?.object else { return nil }
        func map(_ object: JSONObject) -> [String: String] {
            var entries: [String: String] = [:]
            for (key, value) in object { if let platform = value.string { entries[key] = platform } }
            return entries
        }
        self.init(announced: map(announced), removed: map(removed))
    }
}
