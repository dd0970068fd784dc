import Configuration
import WeatherModel
import WireContract

/// `weather2mqtt ha-template`: a Home Assistant weather entity for one location, as YAML to
/// paste into Home Assistant's configuration (SPEC §6).
///
/// Home Assistant has no MQTT weather platform, so the document is self-contained:
/// - `mqtt: sensor:` — three MQTT sensors on our topics: the current reading (state: the
///   condition, attributes: the whole payload), and the daily and hourly forecasts (state: when
///   the bridge fetched them, attribute `forecast`: the list in Home Assistant's forecast shape);
/// - `template: - weather:` — a template weather entity in the current `template:` syntax, fed
///   from those three sensors only, with the units of the configured unit system.
///
/// It refers to no topic but `<base>/<loc>/current`, `/daily`, `/hourly` and
/// `<base>/bridge/state`, and to no entity but the three it defines. It works with discovery
/// on or off; with discovery on, the sensors join the location's device.
public enum TemplateWeather {
    /// `--location` names no configured location.
    public struct UnknownLocation: Error, CustomStringConvertible, Sendable {
        public var id: String
        public var known: [String]
        public var description: String {
            "no location '\(id)' in the configuration (configured: \(known.joined(separator: ", ")))"
        }
    }

    /// The YAML for the location called `locationID`.
    public static func yaml(locationID: String, configuration: BridgeConfiguration) -> Result<String, UnknownLocation> {
        guard let location = configuration.location(locationID) else {
            return .failure(UnknownLocation(id: locationID, known: configuration.locations.map(\.id)))
        }
        return .success(yaml(for: location, configuration: configuration))
    }

    /// The YAML for `location`.
    public static func yaml(for location: LocationSettings, configuration: BridgeConfiguration) -> String {
        let topics = TopicNames(base: configuration.mqtt.baseTopic)
        let ids = HomeAssistantIDs(baseTopic: configuration.mqtt.baseTopic, location: location.id)
        let entities = Entities(ids: ids, hours: configuration.forecastHours)
        var yaml = YAMLText()
        header(&yaml, location: location, configuration: configuration, topics: topics, entities: entities)
        yaml.key("mqtt", indent: 0)
        yaml.key("sensor", indent: 2)
        mqttSensors(
            &yaml, location: location, configuration: configuration, topics: topics, ids: ids, entities: entities)
        yaml.blank()
        yaml.key("template", indent: 0)
        weather(&yaml, location: location, units: configuration.units, ids: ids, entities: entities)
        return yaml.text
    }

    /// The entity ids the document defines.
    struct Entities {
        let current: String
        let daily: String
        /// One per `HourlyChunks` part: `…_hourly_forecast`, `…_hourly_forecast_2`, …
        let hourly: [String]
        let weather: String

        init(ids: HomeAssistantIDs, hours: Int) {
            current = ids.entityID("sensor", "current")
            daily = ids.entityID("sensor", "daily_forecast")
            hourly = HourlyChunks.parts(hours: hours).map { ids.entityID("sensor", $0.key) }
            weather = ids.entityID("weather")
        }
    }

    private static func header(
        _ yaml: inout YAMLText, location: LocationSettings, configuration: BridgeConfiguration, topics: TopicNames,
        entities: Entities
    ) {
        let units = configuration.units
        // A package's file name is its name, and Home Assistant wants a slug there.
        yaml.comment(
            """
            weather2mqtt \(BridgeVersion.current): Home Assistant weather entity for "\(location.name)" (location `\(location.id)`).
            Home Assistant has no MQTT weather platform: the MQTT sensors below subscribe to
            \(topics.current(location.id)), \(topics.daily(location.id)) and \(topics.hourly(location.id)),
            and the template weather entity \(entities.weather) is built from them. Every entity is
            available while the bridge is online and the location's status is `ok` (fresh data).

            Where to paste it: save this output as packages/weather2mqtt_\(HomeAssistantIDs.slug(location.id)).yaml in Home Assistant's
            configuration folder, with this in configuration.yaml:
              homeassistant:
                packages: !include_dir_named packages
            or merge its mqtt: and template: sections into the ones configuration.yaml already has
            (each top-level key may appear only once). Then restart Home Assistant.

            Units: \(units.temperature.rawValue), \(units.windSpeed.rawValue), \(units.pressure.rawValue), \
            \(units.precipitation.rawValue), \(units.distance.rawValue) (the bridge's `units:`); \
            Home Assistant converts them to yours.
            The hourly forecast is split over sensors of at most \(HourlyChunks.hoursPerSensor) hours each, so every
            sensor's attributes stay under the recorder's 16 KiB limit. To keep them out of the
            recorder database anyway:
              recorder:
                exclude:
                  entities: [\(([entities.daily] + entities.hourly).joined(separator: ", "))]
            """)
        yaml.blank()
    }

    private static func mqttSensors(
        _ yaml: inout YAMLText, location: LocationSettings, configuration: BridgeConfiguration, topics: TopicNames,
        ids: HomeAssistantIDs, entities: Entities
    ) {
        var sensors = [
            MQTTSensor(
                key: "current", name: "Current weather", entity: entities.current, topic: topics.current(location.id),
                state: Jinja.text("condition"), attributes: [Jinja.wholePayload]),
            MQTTSensor(
                key: "daily_forecast", name: "Daily forecast", entity: entities.daily, topic: topics.daily(location.id),
                state: Jinja.text("fetched_at"), attributes: dailyForecastTemplate),
        ]
        for (part, entity) in zip(HourlyChunks.parts(hours: configuration.forecastHours), entities.hourly) {
            sensors.append(
                MQTTSensor(
                    key: part.key, name: part.name, entity: entity, topic: topics.hourly(location.id),
                    state: Jinja.text("fetched_at"), attributes: hourlyForecastTemplate(part)))
        }
        for sensor in sensors {
            yaml.pair("name", sensor.name, indent: 4, listItem: true)
            yaml.pair("unique_id", ids.uniqueID(sensor.key), indent: 6)
            yaml.pair("default_entity_id", sensor.entity, indent: 6)
            yaml.pair("state_topic", sensor.topic, indent: 6)
            yaml.pair("value_template", sensor.state, indent: 6)
            if sensor.key == "current" {
                yaml.pair("icon", "mdi:weather-partly-cloudy", indent: 6)
            } else {
                yaml.pair("device_class", "timestamp", indent: 6)
                yaml.pair("icon", "mdi:calendar-clock", indent: 6)
            }
            yaml.pair("json_attributes_topic", sensor.topic, indent: 6)
            yaml.folded("json_attributes_template", sensor.attributes, indent: 6)
            yaml.pair("qos", configuration.mqtt.qos, indent: 6)
            yaml.key("availability", indent: 6)
            for entry in LocationAvailability.entries(topics, location: location.id) {
                yaml.pair("topic", entry.topic, indent: 8, listItem: true)
                yaml.pair("payload_available", "online", indent: 10)
                yaml.pair("payload_not_available", "offline", indent: 10)
                if let template = entry.template { yaml.pair("value_template", template, indent: 10) }
            }
            yaml.pair("availability_mode", "all", indent: 6)
            yaml.key("device", indent: 6)
            yaml.pair("identifiers", [ids.device], indent: 8)
            yaml.pair("name", location.name, indent: 8)
        }
    }

    /// One of the document's MQTT sensors: the current reading, or a forecast whose
    /// `attributes` template turns our payload into Home Assistant's forecast list.
    private struct MQTTSensor {
        var key: String
        var name: String
        var entity: String
        var topic: String
        var state: String
        var attributes: [String]
    }

    private static func weather(
        _ yaml: inout YAMLText, location: LocationSettings, units: UnitSettings, ids: HomeAssistantIDs,
        entities: Entities
    ) {
        let current = entities.current
        func attribute(_ name: String) -> String { "{{ state_attr('\(current)', '\(name)') }}" }
        yaml.key("weather", indent: 2, listItem: true)
        yaml.pair("name", literal(location.name), indent: 6, listItem: true)
        yaml.pair("unique_id", ids.uniqueID("weather"), indent: 8)
        yaml.pair("default_entity_id", entities.weather, indent: 8)
        yaml.pair("availability", availabilityTemplate(current: current), indent: 8)
        yaml.pair("attribution_template", attribute("attribution"), indent: 8)
        yaml.pair("condition_template", conditionTemplate(current: current), indent: 8)
        yaml.pair("temperature_template", attribute("temperature"), indent: 8)
        yaml.pair("apparent_temperature_template", attribute("apparent_temperature"), indent: 8)
        yaml.pair("dew_point_template", attribute("dew_point"), indent: 8)
        yaml.pair("temperature_unit", HomeAssistantUnits.temperature(units.temperature).unit, indent: 8)
        yaml.pair("humidity_template", attribute("humidity"), indent: 8)
        yaml.pair("cloud_coverage_template", attribute("cloud_coverage"), indent: 8)
        yaml.pair("uv_index_template", attribute("uv_index"), indent: 8)
        yaml.pair("pressure_template", attribute("pressure"), indent: 8)
        yaml.pair("pressure_unit", HomeAssistantUnits.pressure(units.pressure).unit, indent: 8)
        yaml.pair("wind_speed_template", attribute("wind_speed"), indent: 8)
        yaml.pair("wind_gust_speed_template", attribute("wind_gust"), indent: 8)
        yaml.pair("wind_speed_unit", HomeAssistantUnits.speed(units.windSpeed).unit, indent: 8)
        yaml.pair("wind_bearing_template", attribute("wind_bearing"), indent: 8)
        yaml.pair("visibility_template", attribute("visibility"), indent: 8)
        yaml.pair("visibility_unit", HomeAssistantUnits.distance(units.distance).unit, indent: 8)
        yaml.pair("precipitation_unit", HomeAssistantUnits.precipitationAmount(units.precipitation), indent: 8)
        yaml.pair("forecast_daily_template", "{{ state_attr('\(entities.daily)', 'forecast') }}", indent: 8)
        yaml.pair("forecast_hourly_template", hourlyJoinTemplate(entities.hourly), indent: 8)
    }

    /// A name is a template in the `template:` syntax; `{% raw %}` keeps braces in it literal.
    static func literal(_ text: String) -> String {
        text.contains("{") ? "{% raw %}" + text + "{% endraw %}" : text
    }
}
