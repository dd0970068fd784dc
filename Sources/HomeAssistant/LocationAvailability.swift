import WireContract

/// When a location's Home Assistant entities are available (SPEC §6): while the bridge is
/// `online` on `<base>/bridge/state` AND the location's `<base>/<loc>/status` says `state: ok`.
///
/// `ok` is the one state in which the location's readings are usable: `stale` (the data is past
/// `expires_at` by more than a poll interval), `error` (no data and providers failing) and
/// `waiting` (no data yet) all make the entities unavailable, and the next `ok` status makes them
/// available again. Home Assistant evaluates the two conditions itself (`availability_mode:
/// all`), from two retained topics the bridge publishes anyway, so a stopped bridge (its last
/// will `offline`) and a running bridge with unusable data both show as unavailable.
public enum LocationAvailability {
    /// The availability template on `<base>/<loc>/status`: `online` only for a status object
    /// whose `state` is `ok`; `offline` for any other state, a payload that is not a JSON object
    /// and an empty (cleared) one — never a template error.
    public static let statusTemplate =
        "{{ 'online' if value_json is defined and value_json is mapping and value_json.get('state') == 'ok' else 'offline' }}"

    /// The `availability` list of every entity of `location`.
    static func entries(_ topics: TopicNames, location: String) -> [JSONValueEntry] {
        bridgeEntries(topics) + [JSONValueEntry(topic: topics.status(location), template: statusTemplate)]
    }

    /// The `availability` list of the warning event entity: the bridge's state alone. Home
    /// Assistant fires an automation's state trigger only for an event the entity receives while
    /// available, and warning events do not wait for usable readings: they come from the warning
    /// sources, also while the readings are stale, and before the status of the same refresh.
    static func bridgeEntries(_ topics: TopicNames) -> [JSONValueEntry] {
        [JSONValueEntry(topic: topics.bridgeState, template: nil)]
    }

    /// One availability entry: a topic, `payload_available: online`,
    /// `payload_not_available: offline`, and a `value_template` that maps the payload first.
    struct JSONValueEntry: Sendable, Equatable {
        var topic: String
        var template: String?
    }
}
