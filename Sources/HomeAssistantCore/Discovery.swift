/// Home Assistant MQTT discovery (SPEC §6): one device per location, announced with
/// device-based discovery on `<prefix>/device/weather2mqtt_<loc>/config`.
///
/// Pure values in, values out; `BridgeService` publishes them. The protocol around them:
///
/// - **Announce**: on every (re)connect, publish `payload(for:provider:configuration:)` retained
///   on `configTopic(prefix:location:)` for every configured location (with discovery on).
/// - **Birth message**: subscribe to `statusTopic(prefix:)` (`homeassistant/status`). Home
///   Assistant publishes `online` there when it (re)starts, and then expects every discovery
///   payload again. On `online` (see `isBirth(_:)`), wait `birthDelay(random:)` — 1 to 5 s, so
///   that many devices do not answer in the same instant — and resend every discovery payload,
///   even though the broker still holds them retained. `offline` needs no action.
/// - **Cleanup**: subscribe to `cleanupFilter(prefix:)` after connecting; the broker answers with
///   every retained device configuration. Publish an empty retained payload on each topic for
///   which `shouldRemove(topic:payload:configuredLocations:prefix:baseTopic:)` is true — the
///   devices of locations that left the configuration, and nothing that belongs to anyone else.
///   With discovery turned off, pass an empty set: the bridge then removes all of its own devices.
///
/// Declared here with what `weatherview serve`'s displays share with the locations (the origin
/// name, the birth protocol); a location's device and the cleanup are the bridge's, in
/// `HomeAssistant` (`Discovery.swift`, `Discovery+Cleanup.swift`).
///
/// Keys follow Home Assistant's current MQTT documentation: `dev`, `o` and `cmps` at the top,
/// `platform` and `unique_id` in every component, `default_entity_id` (which replaced the
/// deprecated `object_id`), shared `availability` (`LocationAvailability`: the bridge's
/// `<base>/bridge/state` and the location's `<base>/<loc>/status`, `availability_mode: all`)
/// and shared `qos`.
public enum Discovery {
    /// The origin name in every payload; `shouldRemove` recognises our devices by it.
    public static let originName = "weather2mqtt"

    /// `<prefix>/status`, where Home Assistant publishes its birth (`online`) and last will.
    public static func statusTopic(prefix: String) -> String {
        prefix + "/status"
    }

    /// Whether a message on `statusTopic` is Home Assistant's birth message.
    public static func isBirth(_ payload: [UInt8]) -> Bool {
        String(decoding: payload, as: UTF8.self).trimmingSpacesAndNewlines() == "online"
    }

    /// How long to wait after a birth message before resending discovery: 1 s plus up to 4 s
    /// more, for `random` in `0..<1` (`Double.random(in: 0..<1)`).
    public static func birthDelay(random: Double) -> Duration {
        let fraction = random.isFinite ? min(max(random, 0), 1) : 0
        return .milliseconds(1000 + Int((fraction * 4000).rounded(.down)))
    }
}

extension String {
    fileprivate func trimmingSpacesAndNewlines() -> String {
        guard let start = firstIndex(where: { !$0.isWhitespace }), let end = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[start...end])
    }
}
