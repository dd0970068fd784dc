import WeatherModel

/// One sensor of a location's Home Assistant device: a component of the device-based
/// discovery payload (`cmps.<key>`).
///
/// The combinations of `deviceClass`, `stateClass` and `unit` are the ones Home Assistant's
/// sensor platform accepts together (developer docs, "Sensor entity", available device
/// classes and state classes): current readings are `measurement` (the wind bearing
/// `measurement_angle`, whose only unit is `°`); forecast values have no state class, because
/// a prediction is not a measurement in present time and must not enter long-term statistics.
struct DiscoverySensor: Sendable, Equatable {
    /// Which of the location's topics the sensor reads.
    enum Source: Sendable, Equatable {
        case current, daily, alerts, alertEvent, nowcast, airQuality
        /// `<base>/<loc>/slots/<key>`: a forecast slot's plain value (`slots(_:units:default:)`).
        case slot(String)
    }

    /// The Home Assistant entity platform of the component.
    enum Platform: String, Sendable, Equatable {
        case sensor
        /// A binary sensor; its template renders `ON`, `OFF` or `None` (unknown).
        case binarySensor = "binary_sensor"
        /// An event entity; its template renders the event as JSON with `event_type`, or `None`.
        case event
    }

    /// The component id, and the last part of `unique_id` and `default_entity_id`.
    var key: String
    /// The entity name; Home Assistant shows it after the device (location) name.
    var name: String
    var source: Source
    var platform: Platform = .sensor
    var valueTemplate: String
    var deviceClass: String?
    var stateClass: String?
    var unit: String?
    var precision: Int?
    var icon: String?
    /// The states of an `enum` sensor.
    var options: [String]?
    /// The `event_type`s of an event entity.
    var eventTypes: [String]?
    /// Available while the bridge is online, whatever the location's status
    /// (`LocationAvailability.bridgeEntries`); otherwise the device's shared availability.
    var followsBridgeOnly = false
    /// The entity id after the domain when it is not `weather2mqtt_<loc>_<key>` (the forecast
    /// slots' ESPHomeDesigner names).
    var objectID: String?

    /// Every sensor of a location, for the configured units: the weather sensors, the warnings'
    /// (`warnings`), the nowcast's (`nowcast`), and with `airQuality` the air-quality sensors
    /// (`airQuality(units:)`), else with `providerIndex` the provider's own index (`providerIndexSensor`).
    static func all(units: UnitSettings, airQuality: Bool = false, providerIndex: Bool = false) -> [DiscoverySensor] {
        weather(units: units) + warnings + nowcast
            + (airQuality ? Self.airQuality : providerIndex ? [providerIndexSensor] : [])
    }

    /// The sensors of the location's weather readings.
    static func weather(units: UnitSettings) -> [DiscoverySensor] {
        let temperature = HomeAssistantUnits.temperature(units.temperature)
        let speed = HomeAssistantUnits.speed(units.windSpeed)
        let pressure = HomeAssistantUnits.pressure(units.pressure)
        let intensity = HomeAssistantUnits.intensity(units.precipitation)
        let distance = HomeAssistantUnits.distance(units.distance)

        func measured(
            _ key: String, _ name: String, _ deviceClass: String?, _ quantity: HomeAssistantQuantity?,
            field: String? = nil, icon: String? = nil
        ) -> DiscoverySensor {
            DiscoverySensor(
                key: key, name: name, source: .current,
                valueTemplate: Jinja.number(field ?? key, scale: quantity?.scale), deviceClass: deviceClass,
                stateClass: "measurement", unit: quantity?.unit, precision: quantity?.precision ?? 0, icon: icon)
        }
        func percent(_ key: String, _ name: String, _ deviceClass: String?, icon: String?) -> DiscoverySensor {
            measured(key, name, deviceClass, HomeAssistantQuantity(unit: "%", precision: 0), icon: icon)
        }
        func forecast(_ key: String, _ name: String, day: Int, field: String, icon: String) -> DiscoverySensor {
            DiscoverySensor(
                key: key, name: name, source: .daily, valueTemplate: Jinja.day(day, field),
                deviceClass: "temperature", stateClass: nil, unit: temperature.unit, precision: temperature.precision,
                icon: icon)
        }

        return [
            measured("temperature", "Temperature", "temperature", temperature),
            measured("apparent_temperature", "Apparent temperature", "temperature", temperature),
            measured("dew_point", "Dew point", "temperature", temperature),
            percent("humidity", "Humidity", "humidity", icon: nil),
            measured("pressure", "Pressure", "atmospheric_pressure", pressure),
            measured("wind_speed", "Wind speed", "wind_speed", speed),
            measured("wind_gust", "Wind gust", "wind_speed", speed, icon: "mdi:weather-windy"),
            DiscoverySensor(
                key: "wind_bearing", name: "Wind bearing", source: .current,
                valueTemplate: Jinja.number("wind_bearing"),
                deviceClass: "wind_direction", stateClass: "measurement_angle", unit: "°", precision: 0),
            measured(
                "precipitation_intensity", "Precipitation intensity", "precipitation_intensity", intensity,
                field: "precipitation"),
            percent(
                "precipitation_probability", "Precipitation probability", nil, icon: "mdi:umbrella-outline"),
            percent("cloud_coverage", "Cloud coverage", nil, icon: "mdi:weather-cloudy"),
            measured(
                "uv_index", "UV index", nil, HomeAssistantQuantity(unit: "UV index", precision: 1),
                icon: "mdi:weather-sunny-alert"),
            measured("visibility", "Visibility", "distance", distance, icon: "mdi:eye-outline"),
            DiscoverySensor(
                key: "condition", name: "Condition", source: .current, valueTemplate: Jinja.text("condition"),
                deviceClass: "enum", icon: "mdi:weather-partly-cloudy", options: Condition.allCases.map(\.rawValue)),
            forecast(
                "today_temperature_max", "Today's high", day: 0, field: "temperature_max",
                icon: "mdi:thermometer-chevron-up"),
            forecast(
                "today_temperature_min", "Today's low", day: 0, field: "temperature_min",
                icon: "mdi:thermometer-chevron-down"),
            forecast(
                "tomorrow_temperature_max", "Tomorrow's high", day: 1, field: "temperature_max",
                icon: "mdi:thermometer-chevron-up"),
            forecast(
                "tomorrow_temperature_min", "Tomorrow's low", day: 1, field: "temperature_min",
                icon: "mdi:thermometer-chevron-down"),
        ]
    }
}
