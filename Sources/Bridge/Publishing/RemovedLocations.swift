import HomeAssistant
import WireContract

/// Locations that left the configuration, and the retained topics the bridge published for
/// them, which it clears (empty retained payload) at its next start (SPEC §3).
///
/// Which ids were ours comes from the bridge's own records, never from a wildcard over the
/// broker: a location file in `state_dir` (written for every location the bridge ever served)
/// and, with discovery, a Home Assistant device of this bridge (`Discovery.shouldRemove`).
/// Only topics below this bridge's own base topic are cleared, and only the ones it publishes.
public enum RemovedLocations {
    /// The ids in `stored` (location files found in `state_dir`) that are not configured, sorted.
    public static func ids(stored: [String], configured: Set<String>) -> [String] {
        Set(stored.filter { LocationID.isValid($0) && !configured.contains($0) }).sorted()
    }

    /// Every retained topic the bridge publishes for `location`: each payload of SPEC §3 and
    /// every flat `current/<field>` topic (whether or not `flat_topics` was on).
    public static func topics(_ topics: TopicNames, location: String) -> [String] {
        LocationTopic.allCases.map { topics.name(.location(location, $0)) }
            + flatFields.map { topics.currentField(location, $0) }
    }

    /// The fields of a current reading that get a flat topic: every key of the current payload
    /// but the envelope (`FlatTopics.fields`).
    public static let flatFields: [String] =
        ["time"] + ReadingField.allCases.map(\.rawValue) + ["wind_direction", "sunrise", "sunset"]
}
