import Configuration
import WeatherModel
import WireContract

/// Home Assistant discovery of the user's stations (SPEC §6): one device per station on
/// `<prefix>/device/weather2mqtt-station_<id>/config` (the `-` keeps it apart from the
/// locations' `weather2mqtt_<loc>`, so neither cleanup ever takes the other's device).
///
/// Its measurement sensors read `<base>/stations/<id>/state` and are unavailable while the
/// station is `silent` or `never` heard (availability on its status topic and the bridge's
/// state, `availability_mode: all`); a field older than `max_age` shows as unknown. Its
/// diagnostics (last seen, messages, rejected count, battery) stay available while the bridge is.
/// The location's own entities need nothing: they read `current`, which is blended.
public enum StationDiscovery {
    /// `<prefix>/device/weather2mqtt-station_<id>/config`.
    public static func configTopic(prefix: String, station: String) -> String {
        prefix + "/device/" + objectPrefix + station + "/config"
    }

    static let objectPrefix = "weather2mqtt-station_"

    /// The station id of a station device's config topic, or `nil`.
    public static func ownedStation(topic: String, prefix: String) -> String? {
        let head = prefix + "/device/" + objectPrefix
        guard topic.hasPrefix(head), topic.hasSuffix("/config") else { return nil }
        let id = String(topic.dropFirst(head.count).dropLast("/config".count))
        return LocationID.isValid(id) ? id : nil
    }

    /// The status template: `online` while the station is `fresh` or `partial`.
    static let statusTemplate =
        "{{ 'online' if value_json is defined and value_json is mapping and value_json.get('state') in ['fresh', 'partial'] else 'offline' }}"

    /// The discovery payload of `station`'s device.
    public static func payload(for station: StationSettings, configuration: BridgeConfiguration) -> JSONValue {
        let topics = TopicNames(base: configuration.mqtt.baseTopic)
        let device = "weather2mqtt_" + HomeAssistantIDs.slug(configuration.mqtt.baseTopic) + "_station_" + station.id
        let units = configuration.units
        let temperature = HomeAssistantUnits.temperature(units.temperature)
        let speed = HomeAssistantUnits.speed(units.windSpeed)
        let pressure = HomeAssistantUnits.pressure(units.pressure)
        let amount = HomeAssistantUnits.intensity(units.precipitation)
        let stateTopic = topics.station(station.id, .state)
        let statusTopic = topics.station(station.id, .status)
        let bridgeOnly: JSONValue = .array([availability(topics.bridgeState, nil)])
        var components = JSONObject()
        func measured(_ field: String, _ name: String, _ deviceClass: String?, _ quantity: HomeAssistantQuantity?) {
            var object = JSONObject()
            object.appendUnchecked("platform", "sensor")
            object.appendUnchecked("name", .string(name))
            object.appendUnchecked("unique_id", .string(device + "_" + field))
            object.appendUnchecked("state_topic", .string(stateTopic))
            object.appendUnchecked(
                "value_template", .string(fieldTemplate(field, maxAge: station.maxAge, scale: quantity?.scale)))
            if let deviceClass { object.appendUnchecked("device_class", .string(deviceClass)) }
            object.appendUnchecked(
                "state_class", .string(field == "wind_bearing" ? "measurement_angle" : "measurement"))
            if let quantity {
                object.appendUnchecked("unit_of_measurement", .string(quantity.unit))
                object.appendUnchecked("suggested_display_precision", .number(Double(quantity.precision)))
            }
            components[field] = .object(object)
        }
        measured("temperature", "Temperature", "temperature", temperature)
        measured("dew_point", "Dew point", "temperature", temperature)
        measured("humidity", "Humidity", "humidity", HomeAssistantQuantity(unit: "%", precision: 0))
        measured("pressure", "Pressure", "atmospheric_pressure", pressure)
        measured("wind_speed", "Wind speed", "wind_speed", speed)
        measured("wind_gust", "Wind gust", "wind_speed", speed)
        measured("wind_bearing", "Wind bearing", "wind_direction", HomeAssistantQuantity(unit: "°", precision: 0))
        measured("precipitation", "Precipitation intensity", "precipitation_intensity", amount)
        measured("uv_index", "UV index", nil, HomeAssistantQuantity(unit: "UV index", precision: 1))
        func diagnostic(_ key: String, _ name: String, _ topic: String, _ template: String, _ deviceClass: String?) {
            var object = JSONObject()
            object.appendUnchecked("platform", "sensor")
            object.appendUnchecked("name", .string(name))
            object.appendUnchecked("unique_id", .string(device + "_" + key))
            object.appendUnchecked("state_topic", .string(topic))
            object.appendUnchecked("value_template", .string(template))
            if let deviceClass { object.appendUnchecked("device_class", .string(deviceClass)) }
            object.appendUnchecked("entity_category", "diagnostic")
            object.appendUnchecked("availability", bridgeOnly)
            components[key] = .object(object)
        }
        let payload = "{% set p = value_json if value_json is defined and value_json is mapping else {} %}"
        diagnostic(
            "last_seen", "Last seen", statusTopic,
            payload + "{% set v = p.get('last_seen') %}{{ v if v is string else None }}", "timestamp")
        diagnostic(
            "rejected", "Rejected values", statusTopic,
            payload + "{% set v = p.get('rejected') %}{{ v if v is number else None }}", nil)
        diagnostic(
            "battery", "Battery", stateTopic,
            payload
                + "{% set b = p.get('batteries') %}{{ (b.values() | list | first) if b is mapping and b | length > 0 else None }}",
            nil)
        return [
            "dev": [
                "identifiers": [.string(device)],
                "name": .string("Station " + station.id),
                "manufacturer": "weather2mqtt",
                "model": .string(station.kind.rawValue + " station"),
                "sw_version": .string(BridgeVersion.current),
            ],
            "o": [
                "name": .string(Discovery.originName),
                "sw_version": .string(BridgeVersion.current),
                "support_url": .string(BridgeVersion.projectURL),
            ],
            "availability": [
                availability(topics.bridgeState, nil), availability(statusTopic, statusTemplate),
            ],
            "availability_mode": "all",
            "qos": .number(Double(configuration.mqtt.qos)),
            "cmps": .object(components),
        ]
    }

    /// A field of the station's state: its value while younger than `maxAge`, else `None`.
    static func fieldTemplate(_ field: String, maxAge: Int, scale: Double?) -> String {
        let value = scale.map { "(v * \(JSONValue.format($0))) | round(2)" } ?? "v"
        return "{% set p = value_json if value_json is defined and value_json is mapping else {} %}"
            + "{% set f = p.get('fields') %}{% set e = f.get('\(field)') if f is mapping else none %}"
            + "{% set v = e.get('value') if e is mapping else none %}{% set a = e.get('age') if e is mapping else none %}"
            + "{{ \(value) if v is number and a is number and a <= \(maxAge) else None }}"
    }

    static func availability(_ topic: String, _ template: String?) -> JSONValue {
        Discovery.availability(.init(topic: topic, template: template))
    }
}
