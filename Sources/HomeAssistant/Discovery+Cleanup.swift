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

extension Discovery {
    /// `current` (a device payload about to be announced) with each component that `retained`
    /// (the device's payload the broker holds, ours) has and `current` has not reduced to its
    /// `platform`: Home Assistant removes a component of a device that way (forecast slots turned
    /// off or fewer). Nil when nothing is to be removed: `current` is announced as it is.
    public static func removingComponents(of retained: [UInt8], from current: JSONValue) -> JSONValue? {
        guard let held = (try? JSONParser.parse(retained))?["cmps"]?.object, var payload = current.object,
            var components = current["cmps"]?.object
        else { return nil }
        // A component already reduced to its platform was removed by an earlier announcement.
        let gone = held.filter { components[$0.key] == nil && ($0.value.object?.members.count ?? 0) > 1 }
        guard !gone.isEmpty else { return nil }
        for member in gone {
            guard let platform = (member.value["platform"] ?? member.value["p"])?.string else { continue }
            components[member.key] = ["platform": .string(platform)]
        }
        payload["cmps"] = .object(components)
        return .object(payload)
    }
}
