import Configuration
import ProviderFacts
import WeatherModel
import WireContract

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
/// Keys follow Home Assistant's current MQTT documentation: `dev`, `o` and `cmps` at the top,
/// `platform` and `unique_id` in every component, `default_entity_id` (which replaced the
/// deprecated `object_id`), shared `availability` (`LocationAvailability`: the bridge's
/// `<base>/bridge/state` and the location's `<base>/<loc>/status`, `availability_mode: all`)
/// and shared `qos`.
public enum Discovery {
    /// The origin name in every payload; `shouldRemove` recognises our devices by it.
    public static let originName = "weather2mqtt"

    /// `<prefix>/device/weather2mqtt_<loc>/config`.
    public static func configTopic(prefix: String, location: String) -> String {
        prefix + "/device/" + deviceObjectID(location) + "/config"
    }

    /// `<prefix>/status`, where Home Assistant publishes its birth (`online`) and last will.
    public static func statusTopic(prefix: String) -> String {
        prefix + "/status"
    }

    /// `<prefix>/device/+/config`: subscribe to it to see the retained device configurations,
    /// ours and everyone else's, and pass each one to `shouldRemove`.
    public static func cleanupFilter(prefix: String) -> String {
        prefix + "/device/+/config"
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

    /// The discovery payload of `location`'s device; `provider` (the location's primary provider,
    /// so that a fallback does not rename the device) names the model.
    public static func payload(
        for location: LocationSettings, provider: String, configuration: BridgeConfiguration
    ) -> JSONValue {
        let topics = TopicNames(base: configuration.mqtt.baseTopic)
        let ids = HomeAssistantIDs(baseTopic: configuration.mqtt.baseTopic, location: location.id)
        var components = JSONObject()
        let sensors = DiscoverySensor.all(
            units: configuration.units, airQuality: location.airQuality, providerIndex: provider == "pirate-weather")
        let assistant = configuration.homeAssistant
        let isDefault = location.id == (assistant.slotsLocation ?? configuration.locations.first?.id)
        let slots = DiscoverySensor.slots(
            assistant.forecastSlots, units: configuration.units, location: isDefault ? nil : location.id)
        for sensor in sensors + slots {
            components[sensor.key] = component(sensor, ids: ids, location: location.id, topics: topics)
        }
        return [
            "dev": [
                "identifiers": [.string(ids.device)],
                "name": .string(location.name),
                "manufacturer": "weather2mqtt",
                "model": .string(modelName(provider: provider)),
                "sw_version": .string(BridgeVersion.current),
            ],
            "o": [
                "name": .string(originName),
                "sw_version": .string(BridgeVersion.current),
                "support_url": .string(BridgeVersion.projectURL),
            ],
            "availability": .array(
                LocationAvailability.entries(topics, location: location.id).map(availability)),
            "availability_mode": "all",
            "qos": .number(Double(configuration.mqtt.qos)),
            "cmps": .object(components),
        ]
    }

    /// One availability entry of the location's entities (`LocationAvailability`).
    static func availability(_ entry: LocationAvailability.JSONValueEntry) -> JSONValue {
        var object = JSONObject()
        object.appendUnchecked("topic", .string(entry.topic))
        object.appendUnchecked("payload_available", "online")
        object.appendUnchecked("payload_not_available", "offline")
        if let template = entry.template { object.appendUnchecked("value_template", .string(template)) }
        return .object(object)
    }

    static func deviceObjectID(_ location: String) -> String { "weather2mqtt_" + location }

    private static func component(
        _ sensor: DiscoverySensor, ids: HomeAssistantIDs, location: String, topics: TopicNames
    ) -> JSONValue {
        let stateTopic: String
        switch sensor.source {
        case .current: stateTopic = topics.current(location)
        case .daily: stateTopic = topics.daily(location)
        case .alerts: stateTopic = topics.alerts(location)
        case .alertEvent: stateTopic = topics.alertEvent(location)
        case .nowcast: stateTopic = topics.nowcast(location)
        case .airQuality: stateTopic = topics.airQuality(location)
        case .slot(let key): stateTopic = topics.name(.slot(location, key))
        }
        // Every key below is distinct: appended without looking for an earlier one.
        var object = JSONObject(capacity: 16)
        object.appendUnchecked("platform", .string(sensor.platform.rawValue))
        object.appendUnchecked("name", .string(sensor.name))
        object.appendUnchecked("unique_id", .string(ids.uniqueID(sensor.key)))
        object.appendUnchecked(
            "default_entity_id",
            .string(
                sensor.objectID.map { sensor.platform.rawValue + "." + $0 }
                    ?? ids.entityID(sensor.platform.rawValue, sensor.key)))
        object.appendUnchecked("state_topic", .string(stateTopic))
        object.appendUnchecked("value_template", .string(sensor.valueTemplate))
        if let deviceClass = sensor.deviceClass { object.appendUnchecked("device_class", .string(deviceClass)) }
        if let stateClass = sensor.stateClass { object.appendUnchecked("state_class", .string(stateClass)) }
        if let unit = sensor.unit { object.appendUnchecked("unit_of_measurement", .string(unit)) }
        if let precision = sensor.precision {
            object.appendUnchecked("suggested_display_precision", .number(Double(precision)))
        }
        if let options = sensor.options { object.appendUnchecked("options", .array(options.map { .string($0) })) }
        if let icon = sensor.icon { object.appendUnchecked("icon", .string(icon)) }
        if let eventTypes = sensor.eventTypes {
            object.appendUnchecked("event_types", .array(eventTypes.map { .string($0) }))
        }
        if sensor.followsBridgeOnly {
            object.appendUnchecked("availability", .array(LocationAvailability.bridgeEntries(topics).map(availability)))
        }
        if sensor.platform == .binarySensor {
            object.appendUnchecked("payload_on", "ON")
            object.appendUnchecked("payload_off", "OFF")
        }
        return .object(object)
    }

    /// "Open-Meteo forecast" for `open-meteo`, and so on; unknown names as they are.
    static func modelName(provider: String) -> String {
        (ProviderDescriptor.named(provider)?.displayName ?? provider) + " forecast"
    }
}

extension String {
    fileprivate func trimmingSpacesAndNewlines() -> String {
        guard let start = firstIndex(where: { !$0.isWhitespace }), let end = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[start...end])
    }
}
