import FoundationEssentials
import WeatherModel
import WireContract

/// One `<base>/<loc>/alerts/event` message (SPEC §3): a warning that appeared, changed or
/// ended, read and checked like the retained payloads.
public struct AlertEventMessage: Sendable, Equatable {
    public var location: LocationInfo
    /// The location's zone (from `location.timezone`, else the offset written in `at`).
    public var zone: ZoneInfo
    public var change: AlertChange
    /// When the bridge noticed the change.
    public var at: Date
    /// The warning as it is now (for `ended`: as it was last seen).
    public var alert: WeatherAlert

    /// Reads `json`, which arrived on the event topic of `topicLocation`; a payload that does
    /// not match the schema, or that names another location, is a `PayloadError`.
    public init(topic: String, topicLocation: String, json: JSONValue) throws(PayloadError) {
        let reader = try FieldReader(topic: topic, path: "alerts/event", value: json)
        _ = try Envelope.schema(reader)
        location = try Envelope.location(reader)
        guard location.id == topicLocation else {
            throw reader.fail(
                "location.id", "'\(location.id.prefix(64))' does not match the topic's location '\(topicLocation)'")
        }
        let timezone = location.timezone
        guard let change = try reader.choice("event", AlertChange.self) else { throw reader.fail("event", "missing") }
        self.change = change
        zone = Envelope.zone(named: timezone, sample: try reader.string("at"))
        var zoned = reader
        zoned.zone = zone
        guard let at = try zoned.date("at") else { throw reader.fail("at", "missing") }
        self.at = at
        guard let alert = try zoned.reader("alert") else { throw reader.fail("alert", "missing") }
        self.alert = try WeatherAlert(alert)
    }
}
