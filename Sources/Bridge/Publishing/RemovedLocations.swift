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
        Set(stored.filter { isLocationID($0) && !configured.contains($0) }).sorted()
    }

    /// Every retained topic the bridge publishes for `location`: the readings, the status and
    /// every flat `current/<field>` topic (whether or not `flat_topics` was on).
    public static func topics(_ topics: TopicNames, location: String) -> [String] {
        [
            topics.current(location), topics.hourly(location), topics.daily(location), topics.alerts(location),
            topics.status(location),
        ] + flatFields.map { topics.currentField(location, $0) }
    }

    /// The fields of a current reading that get a flat topic: every key of the current payload
    /// but the envelope (`StatusPayload.flatFields`).
    public static let flatFields: [String] =
        ["time"] + ReadingField.allCases.map(\.rawValue) + ["wind_direction", "sunrise", "sunset"]

    /// A configured location id's characters (`[a-z0-9_-]`, not empty): a file name that is not
    /// one names no location of ours.
    static func isLocationID(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
    }
}
