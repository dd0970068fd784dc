import Configuration
import ProviderFacts
import WeatherModel
import WireContract

/// A location's device (`Discovery` and its birth protocol: `HomeAssistantCore`).
extension Discovery {
    /// `<prefix>/device/weather2mqtt_<loc>/config`.
    public static func configTopic(prefix: String, location: String) -> String {
        prefix + "/device/" + deviceObjectID(location) + "/config"
    }

    /// `<prefix>/device/+/config`: subscribe to it to see the retained device configurations,
    /// ours and everyone else's, and pass each one to `shouldRemove`.
    public static func cleanupFilter(prefix: String) -> String {
        prefix + "/device/+/config"
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
