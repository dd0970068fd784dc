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
        [
            JSONValueEntry(topic: topics.bridgeState, template: nil),
            JSONValueEntry(topic: topics.status(location), template: statusTemplate),
        ]
    }

    /// One availability entry: a topic, `payload_available: online`,
    /// `payload_not_available: offline`, and a `value_template` that maps the payload first.
    struct JSONValueEntry: Sendable, Equatable {
        var topic: String
        var template: String?
    }
}
