import Configuration
import FoundationEssentials
import WeatherModel
import WireContract

/// The plain-value topics a configuration publishes beside the JSON payloads: the flat topics
/// (`mqtt.flat_topics`, `FlatTopics`) and the forecast slots (`homeassistant.forecast_slots`,
/// `ForecastSlots`). Pure: payloads in, `(topic, text)` out; `Publisher` retains each one, so
/// only a changed value is sent. A retained one the plan does not want (a kind turned off,
/// fewer entries or slots, a location removed) is cleared when the broker shows it.
struct FlatTopicPlan: Sendable {
    let topics: TopicNames
    let flat: FlatTopicSettings
    let slots: ForecastSlots
    let locations: Set<String>
    private let slotKeys: Set<String>

    init(configuration: BridgeConfiguration) {
        topics = TopicNames(base: configuration.mqtt.baseTopic)
        flat = configuration.mqtt.flatTopics
        slots = configuration.homeAssistant.forecastSlots
        locations = Set(configuration.locations.map(\.id))
        slotKeys = Set(slots.values.map(\.key))
    }

    /// Whether anything of the plan moves with the clock: slots, or flat hourly or daily entries.
    var moves: Bool { !slots.isEmpty || flat.hourly > 0 || flat.daily > 0 }

    /// The flat topics of one payload of `location` (none for a kind that is off).
    func flatTopics(_ location: String, _ kind: LocationTopic, _ payload: JSONValue) -> [(topic: String, text: String)]
    {
        let entries = flat.entries(kind)
        guard entries > 0 else { return [] }
        return FlatTopics.topics(topics, location: location, kind: kind, payload: payload, entries: entries)
    }

    /// The first entry the plan publishes flat for `kind` (`hourly`, `daily`) that `payload` has
    /// not (its held topics are cleared); nil when it has them all.
    func missingEntry(_ location: String, _ kind: LocationTopic, _ payload: JSONValue) -> Int? {
        guard LocationTopic.flatEntries.contains(kind) else { return nil }
        let count = FlatTopics.entries(kind, payload).count
        return count < flat.entries(kind) ? count : nil
    }

    /// The slot topics of `location` from its `hourly` and `daily` payloads as of `now`.
    func slotTopics(
        _ location: String, hourly: JSONValue?, daily: JSONValue?, now: Date, zone: ZoneInfo
    ) -> [(topic: String, text: String)] {
        slots.texts(hourly: hourly, daily: daily, now: now, zone: zone).map {
            (topics.name(.slot(location, $0.key)), $0.text ?? "")
        }
    }

    /// Whether the plan publishes `topic` (a flat or slot topic; false for any other).
    func wants(_ topic: Topic) -> Bool {
        switch topic {
        case .field(let location, let kind, let entry, _):
            guard locations.contains(location) else { return false }
            let entries = flat.entries(kind)
            return entry.map { $0 < entries } ?? (entries > 0 && LocationTopic.flatFields.contains(kind))
        case .slot(let location, let key): return locations.contains(location) && slotKeys.contains(key)
        default: return false
        }
    }

    /// Whether a retained message the broker shows on `name`, not held by the bridge, is one of
    /// its flat or slot topics the plan no longer wants: cleared with an empty retained payload.
    func clears(_ name: String, payload: [UInt8]) -> Bool {
        guard !payload.isEmpty, let topic = topics.parse(name) else { return false }
        switch topic {
        case .field, .slot: return !wants(topic)
        default: return false
        }
    }
}
