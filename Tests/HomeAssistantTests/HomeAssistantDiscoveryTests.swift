import Configuration
import HomeAssistant
import Testing
import WeatherModel
import WireContract

@Suite("Home Assistant discovery payloads")
struct HomeAssistantDiscoveryTests {
    typealias Tools = HomeAssistantTestTools

    static let components = [
        "temperature", "apparent_temperature", "dew_point", "humidity", "pressure", "wind_speed", "wind_gust",
        "wind_bearing", "precipitation_intensity", "precipitation_probability", "cloud_coverage", "uv_index",
        "visibility", "condition", "today_temperature_max", "today_temperature_min", "tomorrow_temperature_max",
        "tomorrow_temperature_min", "alerts", "warning_active", "warning_severity", "warning", "precipitation_starts",
        "precipitation_within_30_min",
    ]

    /// The components that are not sensors, by platform.
    static let platforms = [
        "precipitation_within_30_min": "binary_sensor", "warning_active": "binary_sensor", "warning": "event",
    ]

    /// SPEC §6's severity states, copied from the SPEC.
    static let specSeverities = ["none", "minor", "moderate", "severe", "extreme"]

    /// The components a location with `air_quality: true` has in addition.
    static let airQualityComponents = [
        "european_aqi", "us_aqi", "pm2_5", "pm10", "nitrogen_dioxide", "ozone", "sulphur_dioxide", "carbon_monoxide",
    ]

    /// SPEC §4's conditions, copied from the SPEC (not from `Condition`).
    static let specConditions = [
        "sunny", "clear-night", "partlycloudy", "cloudy", "fog", "rainy", "pouring", "snowy", "snowy-rainy", "hail",
        "lightning", "lightning-rainy", "windy", "windy-variant", "exceptional",
    ]

    static func payload(
        units: UnitSettings = .metric, base: String = "weather", location: String = "home",
        provider: String = "open-meteo", airQuality: Bool = false
    ) -> JSONValue {
        let configuration = Tools.configuration(units: units, base: base, locations: [location], airQuality: airQuality)
        return Discovery.payload(for: configuration.locations[0], provider: provider, configuration: configuration)
    }

    static func problems(_ payload: JSONValue) -> [String] {
        (payload["cmps"]?.object ?? JSONObject()).flatMap { HomeAssistantRules.problems(sensor: $0.value, id: $0.key) }
    }

    @Test("topics: device config, birth, and the cleanup filter")
    func topics() {
        #expect(
            Discovery.configTopic(prefix: "homeassistant", location: "home")
                == "homeassistant/device/weather2mqtt_home/config")
        #expect(Discovery.configTopic(prefix: "ha", location: "new-york") == "ha/device/weather2mqtt_new-york/config")
        #expect(Discovery.statusTopic(prefix: "homeassistant") == "homeassistant/status")
        #expect(Discovery.cleanupFilter(prefix: "homeassistant") == "homeassistant/device/+/config")
    }

    @Test("the birth message is `online`; the resend waits 1 to 5 seconds")
    func birth() {
        #expect(Discovery.isBirth(Array("online".utf8)))
        #expect(Discovery.isBirth(Array("online\n".utf8)))
        #expect(!Discovery.isBirth(Array("offline".utf8)))
        #expect(!Discovery.isBirth([]))
        for random in [0, 0.25, 0.5, 0.999_999, 1, -3, 7, .nan, .infinity] {
            let delay = Discovery.birthDelay(random: random)
            #expect(delay >= .seconds(1) && delay <= .seconds(5), "random \(random) → \(delay)")
        }
        #expect(Discovery.birthDelay(random: 0) == .seconds(1))
        #expect(Discovery.birthDelay(random: 0.5) == .seconds(3))
    }

    @Test("device, origin, shared per-location availability and qos are what Home Assistant requires")
    func requiredKeys() throws {
        let configuration = Tools.configuration(base: "home/weather", locations: ["home"], qos: 2)
        let payload = Discovery.payload(
            for: configuration.locations[0], provider: "met-no", configuration: configuration)
        let device = try #require(payload["dev"])
        #expect(device["identifiers"] == ["weather2mqtt_home_weather_home"])
        #expect(device["name"] == "Place home")
        #expect(device["manufacturer"] == "weather2mqtt")
        #expect(device["model"] == "MET Norway forecast")
        #expect(device["sw_version"] == .string(BridgeVersion.current))
        let origin = try #require(payload["o"])
        #expect(origin["name"] == "weather2mqtt")
        #expect(origin["sw_version"] == .string(BridgeVersion.current))
        #expect(origin["support_url"] == .string(BridgeVersion.projectURL))
        #expect(
            payload["availability"]
                == [
                    [
                        "topic": "home/weather/bridge/state", "payload_available": "online",
                        "payload_not_available": "offline",
                    ],
                    [
                        "topic": "home/weather/home/status", "payload_available": "online",
                        "payload_not_available": "offline",
                        "value_template": .string(LocationAvailability.statusTemplate),
                    ],
                ])
        #expect(payload["availability_mode"] == "all")
        #expect(payload["qos"] == 2)
        #expect(payload["cmps"]?.object?.keys == Self.components)
        for key in payload.object?.keys ?? [] {
            #expect(!HomeAssistantRules.deprecatedKeys.contains(key))
        }
    }

    @Test("every component has platform, a stable unique_id, a valid default_entity_id, our topic and a template")
    func components() throws {
        let payload = Self.payload(base: "home/weather", location: "new-york", airQuality: true)
        let topics: Set<String> = [
            "home/weather/new-york/current", "home/weather/new-york/daily", "home/weather/new-york/alerts",
            "home/weather/new-york/nowcast", "home/weather/new-york/air_quality", "home/weather/new-york/alerts/event",
        ]
        var uniqueIDs: Set<String> = []
        for (key, component) in payload["cmps"]?.object ?? JSONObject() {
            let domain = Self.platforms[key] ?? "sensor"
            #expect(component["platform"] == .string(domain), "\(key)")
            let uniqueID = try #require(component["unique_id"]?.string)
            #expect(uniqueID == "weather2mqtt_home_weather_new-york_" + key)
            #expect(uniqueIDs.insert(uniqueID).inserted)
            #expect(component["default_entity_id"] == .string(domain + ".weather2mqtt_new_york_" + key))
            #expect(topics.contains(component["state_topic"]?.string ?? ""), "\(key)")
            #expect(component["value_template"]?.string?.contains("value_json") == true)
            #expect(component["name"]?.string?.isEmpty == false)
        }
        // Unique ids differ between locations and between bridges with different base topics.
        let other = Self.payload(base: "weather", location: "new-york")
        #expect(other["cmps"]?["temperature"]?["unique_id"] != payload["cmps"]?["temperature"]?["unique_id"])
    }

    @Test(
        "entity ids stay valid for any location id", arguments: ["home", "new-york", "a--b", "x_-_y", "0", "berlin-"])
    func entityIDs(location: String) {
        for (_, component) in Self.payload(location: location, airQuality: true)["cmps"]?.object ?? JSONObject() {
            let entity = component["default_entity_id"]?.string ?? ""
            let domain = component["platform"]?.string ?? "sensor"
            #expect(HomeAssistantRules.isEntityID(entity, domain: domain), "\(entity)")
        }
    }

    @Test(
        "every component is accepted by Home Assistant for each unit preset",
        arguments: [("metric", UnitSettings.metric), ("imperial", .imperial), ("si", .si), ("uk", .uk)])
    func presets(name: String, units: UnitSettings) {
        #expect(Self.problems(Self.payload(units: units, airQuality: true)) == [], "\(name)")
    }

    @Test("every combination of configurable units is accepted by Home Assistant")
    func everyUnitCombination() {
        for units in Tools.everyUnitCombination {
            let problems = Self.problems(Self.payload(units: units))
            #expect(problems == [], "\(units)")
        }
    }

    @Test("units follow the configured unit system")
    func unitsFollowConfiguration() {
        func units(_ payload: JSONValue) -> [String: String] {
            var result: [String: String] = [:]
            for (key, component) in payload["cmps"]?.object ?? JSONObject() {
                result[key] = component["unit_of_measurement"]?.string
            }
            return result
        }
        let metric = units(Self.payload(units: .metric))
        #expect(metric["temperature"] == "°C" && metric["today_temperature_max"] == "°C")
        #expect(metric["wind_speed"] == "km/h" && metric["wind_gust"] == "km/h")
        #expect(metric["pressure"] == "hPa")
        #expect(metric["precipitation_intensity"] == "mm/h")
        #expect(metric["visibility"] == "km")
        let imperial = units(Self.payload(units: .imperial))
        #expect(
            imperial["temperature"] == "°F" && imperial["dew_point"] == "°F"
                && imperial["tomorrow_temperature_min"] == "°F")
        #expect(imperial["wind_speed"] == "mph")
        #expect(imperial["pressure"] == "inHg")
        #expect(imperial["precipitation_intensity"] == "in/h")
        #expect(imperial["visibility"] == "mi")
        let si = units(Self.payload(units: .si))
        #expect(si["wind_speed"] == "m/s")
        let uk = units(Self.payload(units: .uk))
        #expect(uk["temperature"] == "°C" && uk["wind_speed"] == "mph" && uk["visibility"] == "mi")
        let custom = units(
            Self.payload(
                units: UnitSettings(
                    temperature: .kelvin, windSpeed: .knots, pressure: .millimetresOfMercury,
                    precipitation: .centimetres,
                    distance: .metres)))
        #expect(custom["temperature"] == "K" && custom["wind_speed"] == "kn" && custom["pressure"] == "mmHg")
        #expect(custom["visibility"] == "m")
        // Home Assistant has no cm/h: the value is announced in mm/h, ten times ours.
        #expect(custom["precipitation_intensity"] == "mm/h")
        for percent in ["humidity", "cloud_coverage", "precipitation_probability"] {
            #expect(metric[percent] == "%" && imperial[percent] == "%")
        }
    }

    @Test("the wind bearing is a wind_direction in ° with state class measurement_angle")
    func bearing() throws {
        let bearing = try #require(Self.payload()["cmps"]?["wind_bearing"])
        #expect(bearing["device_class"] == "wind_direction")
        #expect(bearing["state_class"] == "measurement_angle")
        #expect(bearing["unit_of_measurement"] == "°")
    }

    @Test("current readings are measurements; forecast values carry no state_class")
    func stateClasses() {
        for (key, component) in Self.payload()["cmps"]?.object ?? JSONObject() {
            let topic = component["state_topic"]?.string ?? ""
            if topic.hasSuffix("/daily") {
                #expect(component["state_class"] == nil, "\(key) is a forecast")
                #expect(component["device_class"] == "temperature")
            } else if ["condition", "precipitation_starts", "warning_severity"].contains(key)
                || Self.platforms[key] != nil
            {
                #expect(component["state_class"] == nil, "\(key) is not a measurement")
            } else if key != "wind_bearing" {
                #expect(component["state_class"] == "measurement", "\(key)")
            }
        }
        let daily = (Self.payload()["cmps"]?.object ?? JSONObject()).filter {
            $0.value["state_topic"]?.string?.hasSuffix("/daily") == true
        }
        #expect(
            daily.map(\.key).sorted() == [
                "today_temperature_max", "today_temperature_min", "tomorrow_temperature_max",
                "tomorrow_temperature_min",
            ])
    }

    @Test("the condition is an enum with every condition of SPEC §4")
    func condition() throws {
        let condition = try #require(Self.payload()["cmps"]?["condition"])
        #expect(condition["device_class"] == "enum")
        #expect(condition["options"] == .array(Self.specConditions.map { .string($0) }))
        #expect(condition["unit_of_measurement"] == nil)
        #expect(condition["state_class"] == nil)
    }

    @Test("alerts count from the alerts topic")
    func alerts() throws {
        let alerts = try #require(Self.payload(location: "nyc")["cmps"]?["alerts"])
        #expect(alerts["state_topic"] == "weather/nyc/alerts")
        #expect(alerts["state_class"] == "measurement")
        #expect(alerts["device_class"] == nil)
    }

    @Test("warnings: a safety binary sensor and an enum of the highest severity from the alerts topic")
    func warningStates() throws {
        let payload = Self.payload(location: "nyc")
        let active = try #require(payload["cmps"]?["warning_active"])
        #expect(active["platform"] == "binary_sensor")
        #expect(active["device_class"] == "safety")
        #expect(active["state_topic"] == "weather/nyc/alerts")
        #expect(active["payload_on"] == "ON" && active["payload_off"] == "OFF")
        #expect(active["default_entity_id"] == "binary_sensor.weather2mqtt_nyc_warning_active")
        let severity = try #require(payload["cmps"]?["warning_severity"])
        #expect(severity["platform"] == "sensor")
        #expect(severity["device_class"] == "enum")
        #expect(severity["options"] == .array(Self.specSeverities.map { .string($0) }))
        #expect(severity["state_topic"] == "weather/nyc/alerts")
        #expect(severity["unit_of_measurement"] == nil && severity["state_class"] == nil)
        #expect(severity["default_entity_id"] == "sensor.weather2mqtt_nyc_warning_severity")
    }

    @Test("warnings: an event entity on alerts/event whose event types are the message's events")
    func warningEvent() throws {
        let event = try #require(Self.payload(location: "nyc")["cmps"]?["warning"])
        #expect(event["platform"] == "event")
        #expect(event["state_topic"] == "weather/nyc/alerts/event")
        #expect(event["event_types"] == ["new", "updated", "ended"])  // SPEC §3 and alert-event.json
        #expect(event["default_entity_id"] == "event.weather2mqtt_nyc_warning")
        #expect(event["device_class"] == nil && event["payload_on"] == nil)
        #expect(HomeAssistantRules.problems(sensor: event, id: "warning") == [])
        // The rules must refuse what Home Assistant refuses on an event.
        var wrong = try #require(event.object)
        wrong["event_types"] = []
        wrong["device_class"] = "safety"
        #expect(HomeAssistantRules.problems(sensor: .object(wrong), id: "x").count == 2)
    }

    @Test("the model names the provider")
    func model() {
        #expect(Self.payload(provider: "open-meteo")["dev"]?["model"] == "Open-Meteo forecast")
        #expect(Self.payload(provider: "openweathermap")["dev"]?["model"] == "OpenWeatherMap forecast")
        #expect(Self.payload(provider: "pirate-weather")["dev"]?["model"] == "Pirate Weather forecast")
        #expect(Self.payload(provider: "nws")["dev"]?["model"] == "US National Weather Service forecast")
    }

    @Test("a Pirate Weather location gets its own air quality index sensor, unless air_quality: true asks Open-Meteo")
    func pirateIndex() throws {
        let pirate = Self.payload(provider: "pirate-weather")
        #expect(pirate["cmps"]?.object?.keys == Self.components + ["provider_aqi"])
        #expect(Self.problems(pirate) == [])
        let component = try #require(pirate["cmps"]?["provider_aqi"])
        #expect(component["device_class"] == "aqi" && component["state_topic"] == "weather/home/air_quality")
        #expect(component["value_template"]?.string?.contains("provider_index") == true)
        let both = Self.payload(provider: "pirate-weather", airQuality: true)
        #expect(both["cmps"]?.object?.keys == Self.components + Self.airQualityComponents)
    }

    @Test("air-quality sensors only for a location with air_quality, with Home Assistant's device classes and units")
    func airQuality() throws {
        #expect(Self.payload()["cmps"]?.object?.keys == Self.components)
        let payload = Self.payload(airQuality: true)
        #expect(payload["cmps"]?.object?.keys == Self.components + Self.airQualityComponents)
        #expect(Self.problems(payload) == [])
        let microgram = "\u{03BC}g/m³"  // Greek mu, as Home Assistant writes it
        let expected: [String: (String, String?)] = [
            "european_aqi": ("aqi", nil), "us_aqi": ("aqi", nil), "pm2_5": ("pm25", microgram),
            "pm10": ("pm10", microgram), "nitrogen_dioxide": ("nitrogen_dioxide", microgram),
            "ozone": ("ozone", microgram), "sulphur_dioxide": ("sulphur_dioxide", microgram),
            "carbon_monoxide": ("carbon_monoxide", "mg/m³"),
        ]
        for (key, (deviceClass, unit)) in expected {
            let component = try #require(payload["cmps"]?[key])
            #expect(component["device_class"] == .string(deviceClass), "\(key)")
            #expect(component["unit_of_measurement"]?.string == unit, "\(key)")
            #expect(component["state_class"] == "measurement", "\(key)")
            #expect(component["state_topic"] == "weather/home/air_quality", "\(key)")
        }
    }

    @Test("the nowcast: a timestamp sensor for when precipitation starts, a moisture binary sensor for the next 30 min")
    func nowcast() throws {
        let payload = Self.payload(location: "nyc")
        let starts = try #require(payload["cmps"]?["precipitation_starts"])
        #expect(starts["platform"] == "sensor")
        #expect(starts["device_class"] == "timestamp")
        #expect(starts["state_topic"] == "weather/nyc/nowcast")
        #expect(starts["unit_of_measurement"] == nil && starts["state_class"] == nil)
        let within = try #require(payload["cmps"]?["precipitation_within_30_min"])
        #expect(within["platform"] == "binary_sensor")
        #expect(within["device_class"] == "moisture")
        #expect(within["state_topic"] == "weather/nyc/nowcast")
        #expect(within["payload_on"] == "ON" && within["payload_off"] == "OFF")
        #expect(within["default_entity_id"] == "binary_sensor.weather2mqtt_nyc_precipitation_within_30_min")
        // The rules must refuse what Home Assistant refuses on a binary sensor.
        var wrong = try #require(within.object)
        wrong["unit_of_measurement"] = "min"
        wrong["device_class"] = "timestamp"
        #expect(HomeAssistantRules.problems(sensor: .object(wrong), id: "x").count == 2)
    }
}
