import Configuration
import Foundation
import HomeAssistant
import Testing
import WeatherModel

/// `weather2mqtt ha-template`: valid YAML, only our topics, only entities it defines, the
/// current template-weather keys, and forecasts in Home Assistant's forecast shape.
@Suite("Home Assistant template weather")
struct HomeAssistantTemplateTests {
    typealias Tools = HomeAssistantTestTools

    /// The keys a forecast item may have (`Forecast` in `homeassistant/components/weather`, as
    /// the template weather checks them: anything else makes it refuse the whole forecast).
    static let forecastKeys: Set<String> = [
        "condition", "datetime", "humidity", "precipitation_probability", "cloud_coverage", "native_precipitation",
        "precipitation", "native_pressure", "pressure", "native_temperature", "temperature", "native_templow",
        "templow", "native_apparent_temperature", "apparent_temperature", "wind_bearing", "native_wind_gust_speed",
        "wind_gust_speed", "native_wind_speed", "wind_speed", "native_dew_point", "dew_point", "uv_index",
        "is_daytime",
    ]

    static func yaml(
        units: UnitSettings = .metric, base: String = "weather", location: String = "home", name: String? = nil
    ) throws -> String {
        var configuration = Tools.configuration(units: units, base: base, locations: [location])
        if let name { configuration.locations[0].name = name }
        return try TemplateWeather.yaml(locationID: location, configuration: configuration).get()
    }

    /// Every value of a key ending in `topic`, anywhere in the document.
    static func topics(_ value: JSONValue) -> [String] {
        switch value {
        case .object(let object):
            return object.members.flatMap { member -> [String] in
                (member.key.hasSuffix("topic") ? [member.value.string ?? "<not a string>"] : []) + topics(member.value)
            }
        case .array(let items):
            return items.flatMap(topics)
        default:
            return []
        }
    }

    /// Every string in the document.
    static func strings(_ value: JSONValue) -> [String] {
        switch value {
        case .object(let object): return object.members.flatMap { strings($0.value) }
        case .array(let items): return items.flatMap(strings)
        case .string(let text): return [text]
        default: return []
        }
    }

    @Test(
        "the printed YAML is valid for every unit preset",
        arguments: [("metric", UnitSettings.metric), ("imperial", .imperial), ("si", .si), ("uk", .uk)])
    func validYAML(name: String, units: UnitSettings) throws {
        let document = try Tools.parseYAML(try Self.yaml(units: units))
        // current, daily, and the 48 default hours over two hourly sensors (`HourlyChunks`).
        #expect(document["mqtt"]?["sensor"]?.array?.count == 4, "\(name)")
        #expect(document["template"]?[0]?["weather"]?.array?.count == 1, "\(name)")
    }

    @Test(
        "names with quotes, braces, colons and hashes stay names",
        arguments: ["Home", #"Bob's "Cabin": #1 {{ x }}"#, "Zürich – Süd", "a\\b", "- item", "yes"])
    func awkwardNames(name: String) throws {
        let document = try Tools.parseYAML(try Self.yaml(name: name))
        let weatherName = document["template"]?[0]?["weather"]?[0]?["name"]?.string ?? ""
        #expect(weatherName == name || weatherName == "{% raw %}" + name + "{% endraw %}")
        #expect(document["mqtt"]?["sensor"]?[0]?["device"]?["name"]?.string == name)
    }

    @Test("it refers only to topics the bridge publishes", arguments: ["weather", "home/weather"])
    func onlyOurTopics(base: String) throws {
        let document = try Tools.parseYAML(try Self.yaml(base: base, location: "new-york"))
        let ours: Set<String> = [
            base + "/bridge/state", base + "/new-york/current", base + "/new-york/daily", base + "/new-york/hourly",
            base + "/new-york/status",
        ]
        let topics = Self.topics(document)
        #expect(!topics.isEmpty)
        for topic in topics { #expect(ours.contains(topic), "\(topic) is not one of our topics") }
        #expect(Set(topics) == ours)
    }

    @Test("its templates read only the entities it defines")
    func onlyItsEntities() throws {
        let document = try Tools.parseYAML(try Self.yaml(location: "new-york"))
        let defined = Set((document["mqtt"]?["sensor"]?.array ?? []).compactMap { $0["default_entity_id"]?.string })
        #expect(
            defined == [
                "sensor.weather2mqtt_new_york_current", "sensor.weather2mqtt_new_york_daily_forecast",
                "sensor.weather2mqtt_new_york_hourly_forecast", "sensor.weather2mqtt_new_york_hourly_forecast_2",
            ])
        let pattern = try Regex(#"(sensor|weather|binary_sensor)\.[a-z0-9_]+"#)
        let weatherEntity = document["template"]?[0]?["weather"]?[0]?.object ?? JSONObject()
        for text in weatherEntity.members.filter({ $0.key != "default_entity_id" }).flatMap({ Self.strings($0.value) })
        {
            for match in text.matches(of: pattern) {
                #expect(defined.contains(String(text[match.range])), "\(text[match.range]) is not defined here")
            }
        }
        for sensor in document["mqtt"]?["sensor"]?.array ?? [] {
            #expect(HomeAssistantRules.isEntityID(sensor["default_entity_id"]?.string ?? "", domain: "sensor"))
            #expect(sensor["unique_id"]?.string?.isEmpty == false)
        }
        let weather = document["template"]?[0]?["weather"]?[0]
        #expect(HomeAssistantRules.isEntityID(weather?["default_entity_id"]?.string ?? "", domain: "weather"))
    }

    @Test("the weather entity uses the current template syntax and the configured units")
    func weatherKeys() throws {
        let units = UnitSettings(
            temperature: .fahrenheit, windSpeed: .knots, pressure: .millimetresOfMercury, precipitation: .inches,
            distance: .miles)
        let document = try Tools.parseYAML(try Self.yaml(units: units))
        #expect(document["weather"] == nil, "the legacy `weather: - platform: template` syntax")
        let weather = try #require(document["template"]?[0]?["weather"]?[0]?.object)
        for required in ["condition_template", "temperature_template", "humidity_template"] {
            #expect(weather[required] != nil, "\(required)")
        }
        for key in [
            "apparent_temperature_template", "dew_point_template", "pressure_template", "wind_speed_template",
            "wind_gust_speed_template", "wind_bearing_template", "visibility_template", "cloud_coverage_template",
            "uv_index_template", "forecast_daily_template", "forecast_hourly_template", "attribution_template",
            "name", "unique_id", "availability",
        ] {
            #expect(weather[key] != nil, "\(key)")
        }
        for removed in ["platform", "forecast_template", "object_id"] { #expect(weather[removed] == nil) }
        #expect(weather["temperature_unit"] == "°F")
        #expect(weather["wind_speed_unit"] == "kn")
        #expect(weather["pressure_unit"] == "mmHg")
        #expect(weather["precipitation_unit"] == "in")
        #expect(weather["visibility_unit"] == "mi")
        // The units Home Assistant's template weather accepts (TemperatureConverter, SpeedConverter,
        // PressureConverter, DistanceConverter VALID_UNITS).
        for combination in Tools.everyUnitCombination {
            let yaml = try TemplateWeather.yaml(
                locationID: "home", configuration: Tools.configuration(units: combination)
            ).get()
            func value(_ key: String) -> String {
                let line = yaml.split(separator: "\n").first { $0.hasPrefix("        " + key + ": ") } ?? ""
                return String(line.split(separator: ": ", maxSplits: 1).last ?? "").replacingOccurrences(
                    of: "\"", with: "")
            }
            #expect(["°C", "°F", "K"].contains(value("temperature_unit")))
            #expect(["m/s", "km/h", "mph", "kn", "ft/s"].contains(value("wind_speed_unit")))
            #expect(
                ["Pa", "hPa", "kPa", "bar", "cbar", "mbar", "mmHg", "inHg", "psi"].contains(value("pressure_unit")))
            #expect(["km", "mi", "ft", "m", "cm", "mm", "in", "yd"].contains(value("precipitation_unit")))
            #expect(["km", "mi", "ft", "m", "cm", "mm", "in", "yd"].contains(value("visibility_unit")))
        }
    }

    @Test("an unknown location is an error naming it and the configured ones")
    func unknownLocation() {
        let configuration = Tools.configuration(locations: ["home", "cabin"])
        switch TemplateWeather.yaml(locationID: "nowhere", configuration: configuration) {
        case .success: Issue.record("expected a failure")
        case .failure(let error):
            #expect(error.description.contains("nowhere"))
            #expect(error.description.contains("home, cabin"))
        }
    }
}
