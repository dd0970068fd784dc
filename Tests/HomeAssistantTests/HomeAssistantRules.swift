import WeatherModel

/// What Home Assistant accepts in a discovered MQTT sensor, written down independently of the
/// code under test, so that the discovery tests can fail.
///
/// Sources (Home Assistant Core 2026.x, read November 2026):
/// - "Sensor" integration docs, Device class (home-assistant.io/integrations/sensor/#device-class):
///   the units each device class supports;
/// - developer docs, "Sensor entity" (developers.home-assistant.io/docs/core/entity/sensor/),
///   available device classes and state classes;
/// - `homeassistant/components/sensor/const.py`: `DEVICE_CLASS_UNITS`,
///   `DEVICE_CLASS_STATE_CLASSES` and `STATE_CLASS_UNITS` (`measurement_angle` only with `°`,
///   added in 2025.4 together with the `wind_direction` device class);
/// - `homeassistant/components/mqtt/sensor.py`, `validate_sensor_state_and_device_class_config`:
///   `options` only with device class `enum` and never with a unit or a state class, a unit
///   outside the device class's list refuses the entity.
/// - MQTT integration docs (home-assistant.io/integrations/mqtt/), device discovery payload:
///   `device` (`dev`) and `origin` (`o`) required, `platform` (`p`) and `unique_id` required in
///   every component; `object_id` is deprecated (replaced by `default_entity_id`, Core 2025.10;
///   no longer works from 2026.4).
enum HomeAssistantRules {
    /// Units per device class (only the device classes a weather bridge could use).
    static let deviceClassUnits: [String: Set<String>] = [
        "temperature": ["°C", "°F", "K"],
        "humidity": ["%"],
        "atmospheric_pressure": ["cbar", "bar", "hPa", "mmHg", "inHg", "kPa", "mbar", "Pa", "psi"],
        "pressure": ["Pa", "kPa", "hPa", "bar", "cbar", "mbar", "mmHg", "inHg", "psi"],
        "wind_speed": ["Beaufort", "ft/s", "km/h", "kn", "m/s", "mph"],
        "wind_direction": ["°"],
        "precipitation": ["cm", "in", "mm"],
        "precipitation_intensity": ["in/d", "in/h", "mm/d", "mm/h"],
        "distance": ["km", "m", "cm", "mm", "mi", "nmi", "yd", "in"],
        "irradiance": ["W/m²", "BTU/(h⋅ft²)"],
        "duration": ["d", "h", "min", "s", "ms", "µs"],
        // Air quality: AQI has no unit; the pollutants CONCENTRATION_MICROGRAMS_PER_CUBIC_METER,
        // "\u{03BC}g/m³" with the Greek mu (what Home Assistant 2026.11 reports for the entity,
        // seen in .ci/homeassistant.sh); carbon monoxide only ppm or mg/m³ (mg/m³ since 2025).
        "aqi": [""],
        "pm25": ["\u{03BC}g/m³"],
        "pm10": ["\u{03BC}g/m³"],
        "nitrogen_dioxide": ["\u{03BC}g/m³"],
        "ozone": ["\u{03BC}g/m³"],
        "sulphur_dioxide": ["\u{03BC}g/m³"],
        "carbon_monoxide": ["ppm", "mg/m³"],
        // A network display's health (weatherview serve).
        "voltage": ["V", "mV", "\u{00B5}V", "kV", "MV"],
        "battery": ["%"],
        "signal_strength": ["dB", "dBm"],
    ]

    /// Binary sensor device classes ("Binary sensor" integration docs, Device class; the ones a
    /// weather bridge could use): `moisture` means on = wet.
    static let binarySensorDeviceClasses: Set<String> = ["moisture", "problem", "safety", "cold", "heat"]

    /// State classes per device class.
    static let deviceClassStateClasses: [String: Set<String>] = [
        "temperature": ["measurement"],
        "humidity": ["measurement"],
        "atmospheric_pressure": ["measurement"],
        "pressure": ["measurement"],
        "wind_speed": ["measurement"],
        "wind_direction": ["measurement_angle"],
        "precipitation": ["measurement", "total", "total_increasing"],
        "precipitation_intensity": ["measurement"],
        "voltage": ["measurement"],
        "battery": ["measurement"],
        "signal_strength": ["measurement"],
        "distance": ["measurement", "total", "total_increasing"],
        "irradiance": ["measurement"],
        "duration": ["measurement", "total", "total_increasing"],
        "aqi": ["measurement"], "pm25": ["measurement"], "pm10": ["measurement"],
        "nitrogen_dioxide": ["measurement"], "ozone": ["measurement"], "sulphur_dioxide": ["measurement"],
        "carbon_monoxide": ["measurement"],
        "enum": [],
        "timestamp": [],
        "date": [],
    ]

    static let stateClasses: Set<String> = ["measurement", "measurement_angle", "total", "total_increasing"]

    /// `STATE_CLASS_UNITS`.
    static let stateClassUnits: [String: Set<String>] = ["measurement_angle": ["°"]]

    static let nonNumericDeviceClasses: Set<String> = ["enum", "timestamp", "date"]

    /// Keys Home Assistant deprecated or removed in MQTT discovery.
    static let deprecatedKeys: Set<String> = ["object_id", "obj_id", "json_attributes"]

    /// The problems Home Assistant would have with one component, a sensor, a binary sensor, an
    /// event or an image (empty: accepted).
    static func problems(sensor component: JSONValue, id: String) -> [String] {
        guard let object = component.object else { return ["\(id): not an object"] }
        let platform = object["platform"]?.string ?? object["p"]?.string
        if platform == "binary_sensor" { return problems(binarySensor: object, id: id) }
        if platform == "event" { return problems(event: object, id: id) }
        if platform == "image" { return problems(image: object, id: id) }
        var problems: [String] = []
        func fail(_ message: String) { problems.append("\(id): \(message)") }
        if platform != "sensor" {
            fail("platform is \(platform ?? "missing"), not sensor, binary_sensor, event or image")
        }
        if (object["unique_id"] ?? object["uniq_id"])?.string?.isEmpty ?? true { fail("no unique_id") }
        if (object["state_topic"] ?? object["stat_t"])?.string?.isEmpty ?? true { fail("no state_topic") }
        for key in object.keys where deprecatedKeys.contains(key) { fail("deprecated key \(key)") }

        let deviceClass = (object["device_class"] ?? object["dev_cla"])?.string
        let stateClass = (object["state_class"] ?? object["stat_cla"])?.string
        let unit = (object["unit_of_measurement"] ?? object["unit_of_meas"])?.string
        let options = (object["options"] ?? object["ops"])?.array

        if let options {
            if options.isEmpty { fail("empty options") }
            if stateClass != nil || unit != nil { fail("options together with a state class or a unit") }
            if deviceClass != "enum" { fail("options without device class enum") }
        }
        if deviceClass == "enum" && options == nil { fail("enum without options") }
        if let stateClass {
            if !stateClasses.contains(stateClass) { fail("unknown state class \(stateClass)") }
            if let units = stateClassUnits[stateClass], !units.contains(unit ?? "") {
                fail("unit \(unit ?? "none") not valid with state class \(stateClass)")
            }
        }
        if let deviceClass {
            if nonNumericDeviceClasses.contains(deviceClass) {
                if unit != nil { fail("a unit on non-numeric device class \(deviceClass)") }
                if stateClass != nil { fail("a state class on non-numeric device class \(deviceClass)") }
            } else if let units = deviceClassUnits[deviceClass] {
                if !units.contains(unit ?? "") {
                    fail("unit \(unit ?? "none") not valid for device class \(deviceClass)")
                }
            } else {
                fail("device class \(deviceClass) not in the test's table")
            }
            if let stateClass, let allowed = deviceClassStateClasses[deviceClass], !allowed.contains(stateClass) {
                fail("state class \(stateClass) impossible for device class \(deviceClass)")
            }
        }
        if let precision = object["suggested_display_precision"] {
            if precision.int == nil || precision.int! < 0 {
                fail("suggested_display_precision is not a positive integer")
            }
        }
        if let entity = (object["default_entity_id"] ?? object["def_ent_id"])?.string,
            !isEntityID(entity, domain: "sensor")
        {
            fail("default_entity_id \(entity) is not a valid sensor entity id")
        }
        return problems
    }

    /// The problems of a binary sensor (`homeassistant/components/mqtt/binary_sensor.py`): no
    /// unit, state class or options; a device class of the binary sensor platform; an entity id
    /// in the `binary_sensor` domain.
    static func problems(binarySensor object: JSONObject, id: String) -> [String] {
        var problems: [String] = []
        func fail(_ message: String) { problems.append("\(id): \(message)") }
        if (object["unique_id"] ?? object["uniq_id"])?.string?.isEmpty ?? true { fail("no unique_id") }
        if (object["state_topic"] ?? object["stat_t"])?.string?.isEmpty ?? true { fail("no state_topic") }
        for key in object.keys where deprecatedKeys.contains(key) { fail("deprecated key \(key)") }
        for key in ["unit_of_measurement", "state_class", "options", "suggested_display_precision"]
        where object[key] != nil {
            fail("\(key) on a binary sensor")
        }
        if let deviceClass = (object["device_class"] ?? object["dev_cla"])?.string,
            !binarySensorDeviceClasses.contains(deviceClass)
        {
            fail("device class \(deviceClass) is not a binary sensor device class")
        }
        for key in ["payload_on", "payload_off"] where object[key] != nil && object[key]?.string == nil {
            fail("\(key) is not a string")
        }
        if let entity = (object["default_entity_id"] ?? object["def_ent_id"])?.string,
            !isEntityID(entity, domain: "binary_sensor")
        {
            fail("default_entity_id \(entity) is not a valid binary_sensor entity id")
        }
        return problems
    }

    /// Event device classes (`EventDeviceClass`: button, doorbell, motion).
    static let eventDeviceClasses: Set<String> = ["button", "doorbell", "motion"]

    /// The problems of an event entity (`homeassistant/components/mqtt/event.py`, MQTT event
    /// integration docs): `event_types` is required, a list of strings (an event whose
    /// `event_type` is not among them is refused with a warning); no unit, state class,
    /// options or on/off payloads; a device class of the event platform; an entity id in the
    /// `event` domain.
    static func problems(event object: JSONObject, id: String) -> [String] {
        var problems: [String] = []
        func fail(_ message: String) { problems.append("\(id): \(message)") }
        if (object["unique_id"] ?? object["uniq_id"])?.string?.isEmpty ?? true { fail("no unique_id") }
        if (object["state_topic"] ?? object["stat_t"])?.string?.isEmpty ?? true { fail("no state_topic") }
        for key in object.keys where deprecatedKeys.contains(key) { fail("deprecated key \(key)") }
        let types = (object["event_types"] ?? object["evt_typ"])?.array
        if types == nil || types!.isEmpty || types!.contains(where: { $0.string == nil }) {
            fail("event_types is not a non-empty list of strings")
        }
        for key in [
            "unit_of_measurement", "state_class", "options", "suggested_display_precision", "payload_on", "payload_off",
        ] where object[key] != nil {
            fail("\(key) on an event")
        }
        if let deviceClass = (object["device_class"] ?? object["dev_cla"])?.string,
            !eventDeviceClasses.contains(deviceClass)
        {
            fail("device class \(deviceClass) is not an event device class")
        }
        if let entity = (object["default_entity_id"] ?? object["def_ent_id"])?.string,
            !isEntityID(entity, domain: "event")
        {
            fail("default_entity_id \(entity) is not a valid event entity id")
        }
        return problems
    }

    /// The problems of an image entity (MQTT Image integration docs,
    /// home-assistant.io/integrations/image.mqtt/, read December 2026): exactly one of
    /// `image_topic` (the raw bytes of an image file) and `url_topic`; `content_type` only with
    /// `image_topic` (default `image/jpeg`, so a PNG needs `image/png`); `image_encoding` only
    /// `b64`; no state topic, unit, state class or device class; an entity id in the `image`
    /// domain.
    static func problems(image object: JSONObject, id: String) -> [String] {
        var problems: [String] = []
        func fail(_ message: String) { problems.append("\(id): \(message)") }
        if (object["unique_id"] ?? object["uniq_id"])?.string?.isEmpty ?? true { fail("no unique_id") }
        for key in object.keys where deprecatedKeys.contains(key) { fail("deprecated key \(key)") }
        let imageTopic = object["image_topic"]?.string
        let urlTopic = object["url_topic"]?.string
        if (imageTopic == nil) == (urlTopic == nil) { fail("not exactly one of image_topic and url_topic") }
        if imageTopic?.isEmpty == true || imageTopic?.contains(where: { $0 == "+" || $0 == "#" }) == true {
            fail("image_topic is not a topic name")
        }
        if let type = object["content_type"] {
            if urlTopic != nil { fail("content_type together with url_topic") }
            if !(type.string?.hasPrefix("image/") ?? false) { fail("content_type is not an image type") }
        }
        if let encoding = object["image_encoding"], encoding.string != "b64" { fail("image_encoding is not b64") }
        for key in [
            "state_topic", "unit_of_measurement", "state_class", "device_class", "options", "value_template",
        ] where object[key] != nil {
            fail("\(key) on an image")
        }
        if let entity = (object["default_entity_id"] ?? object["def_ent_id"])?.string,
            !isEntityID(entity, domain: "image")
        {
            fail("default_entity_id \(entity) is not a valid image entity id")
        }
        return problems
    }

    /// Home Assistant's `valid_entity_id`: `domain.object_id`, `[a-z0-9_]`, no `__`, no `_` at
    /// either end of either part.
    static func isEntityID(_ text: String, domain: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0] == domain else { return false }
        return parts.allSatisfy { part in
            !part.isEmpty && !part.hasPrefix("_") && !part.hasSuffix("_") && !part.contains("__")
                && part.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        }
    }
}
