import Configuration
import Foundation
import HomeAssistant
import Testing
import WeatherModel

/// Per-location availability (SPEC §6) and the template weather's behaviour in every phase,
/// rendered by Jinja2 as Home Assistant would.
@Suite(
    "Home Assistant availability and template phases",
    .enabled(if: HomeAssistantTestTools.hasJinja, "needs python3-jinja2"))
struct HomeAssistantAvailabilityTests {
    typealias Tools = HomeAssistantTestTools

    static func document(hours: Int = 48) throws -> JSONValue {
        var configuration = Tools.configuration(locations: ["nyc"])
        configuration.forecastHours = hours
        return try Tools.parseYAML(try TemplateWeather.yaml(locationID: "nyc", configuration: configuration).get())
    }

    /// The expected availability list of location `nyc` below `weather`.
    static func checkAvailability(_ list: JSONValue?, mode: JSONValue?, _ what: String) {
        let entries = list?.array ?? []
        #expect(mode == "all", "\(what)")
        #expect(entries.count == 2, "\(what)")
        #expect(entries.first?["topic"] == "weather/bridge/state", "\(what)")
        #expect(entries.first?["value_template"] == nil, "\(what)")
        #expect(entries.last?["topic"] == "weather/nyc/status", "\(what)")
        for entry in entries {
            #expect(entry["payload_available"] == "online", "\(what)")
            #expect(entry["payload_not_available"] == "offline", "\(what)")
        }
    }

    @Test(
        "discovery sensors and the template's MQTT sensors are available only with the bridge online and the status ok")
    func availabilityLists() throws {
        let configuration = Tools.configuration(locations: ["nyc"])
        let payload = Discovery.payload(
            for: configuration.locations[0], provider: "open-meteo", configuration: configuration)
        let template = LocationAvailability.statusTemplate
        Self.checkAvailability(payload["availability"], mode: payload["availability_mode"], "discovery")
        #expect(payload["availability"]?[1]?["value_template"]?.string == template)
        let sensors = try Self.document()["mqtt"]?["sensor"]?.array ?? []
        #expect(sensors.count == 4)
        for sensor in sensors {
            Self.checkAvailability(
                sensor["availability"], mode: sensor["availability_mode"], "\(sensor["name"] ?? "?")")
            #expect(sensor["availability"]?[1]?["value_template"]?.string == template)
        }
    }

    @Test("every discovered entity shares the device's availability but the warning event, which follows the bridge")
    func componentAvailability() throws {
        let configuration = Tools.configuration(locations: ["nyc"], airQuality: true)
        let payload = Discovery.payload(
            for: configuration.locations[0], provider: "open-meteo", configuration: configuration)
        for (key, component) in payload["cmps"]?.object ?? JSONObject() where key != "warning" {
            #expect(component["availability"] == nil, "\(key) has its own availability")
        }
        // A warning event that arrives while the entity is unavailable triggers no automation
        // (seen in Home Assistant 2026.11, .ci/homeassistant.sh): only the bridge counts.
        let event = try #require(payload["cmps"]?["warning"])
        #expect(
            event["availability"] == [
                ["topic": "weather/bridge/state", "payload_available": "online", "payload_not_available": "offline"]
            ])
    }

    @Test("the status template says online for state ok only, offline for everything else, and never fails")
    func statusTemplate() throws {
        let template = LocationAvailability.statusTemplate
        let cases: [(String?, String)] = [
            (#"{"state": "ok", "location": "nyc"}"#, "online"),
            (#"{"state": "stale"}"#, "offline"),
            (#"{"state": "error"}"#, "offline"),
            (#"{"state": "waiting"}"#, "offline"),
            (#"{}"#, "offline"),
            (#"[1, 2]"#, "offline"),
            (#""ok""#, "offline"),
            (nil, "offline"),  // not JSON, or the empty payload of a cleared topic
        ]
        let rendered = try Tools.render(cases.map { Tools.Render(template: template, valueJSON: $0.0) })
        for (output, expected) in zip(rendered, cases) {
            #expect(output == expected.1, "\(expected.0 ?? "<not JSON>")")
        }
    }

    @Test("the weather condition is a Home Assistant condition or None in every phase; unknown makes it unavailable")
    func weatherPhases() throws {
        let weather = try #require(try Self.document()["template"]?[0]?["weather"]?[0]?.object)
        let current = "sensor.weather2mqtt_nyc_current"
        let reading = #"{"fetched_at": "2026-02-06T16:40:00-05:00", "temperature": 3.5}"#
        func render(_ key: String, state: String?, attributes: String? = nil) throws -> String {
            var job = Tools.Render(template: weather[key]?.string ?? "")
            if let state { job.states = [current: state] }
            if let attributes { job.attributesJSON = [current: attributes] }
            return try Tools.render([job]).first ?? ""
        }
        for condition in Condition.allCases {
            #expect(
                try render("condition_template", state: condition.rawValue, attributes: reading) == condition.rawValue)
        }
        // First start (`unknown`), bridge down or data stale (`unavailable`), a missing entity,
        // anything else: None, which Home Assistant takes silently.
        for state in ["unknown", "unavailable", "", "Sunny", "None"] {
            #expect(try render("condition_template", state: state) == "None", "\(state)")
        }
        #expect(try render("condition_template", state: nil) == "None")
        #expect(try render("availability", state: "cloudy", attributes: reading) == "True")
        #expect(try render("availability", state: "unknown", attributes: reading) == "False")
        #expect(try render("availability", state: "unavailable") == "False")
        #expect(try render("availability", state: nil) == "False")
        #expect(try render("availability", state: "cloudy", attributes: "{}") == "False")
    }
}

/// The hourly forecast split over sensors that each stay under the recorder's attribute limit.
@Suite("Home Assistant hourly forecast size", .enabled(if: HomeAssistantTestTools.hasJinja, "needs python3-jinja2"))
struct HomeAssistantForecastSizeTests {
    typealias Tools = HomeAssistantTestTools

    /// Home Assistant's recorder keeps no attributes larger than this (`MAX_STATE_ATTRS_BYTES`).
    static let recorderLimit = 16 * 1024

    /// An hourly payload of `count` hours, every value as long as our payloads make it.
    static func widestHours(_ count: Int) -> String {
        let hour =
            #"{"time": "2026-02-06T12:00:00-09:30", "is_day": false, "condition": "lightning-rainy", "temperature": -123.45, "apparent_temperature": -123.45, "dew_point": -123.45, "humidity": 100, "cloud_coverage": 100, "precipitation": 1234.56, "precipitation_probability": 100, "pressure": 1234.56, "wind_speed": 1234.56, "wind_gust": 1234.56, "wind_bearing": 359.5, "uv_index": 12.5, "summary": "Thunderstorm with heavy hail", "provider_code": "99"}"#
        return #"{"interval_minutes": 60, "hours": ["# + Array(repeating: hour, count: count).joined(separator: ", ")
            + "]}"
    }

    @Test(
        "every hourly sensor's attributes stay under 16 KiB for every allowed forecast.hours",
        arguments: [0, 1, 24, 25, 48, 168, 384])
    func underTheLimit(hours: Int) throws {
        let document = try HomeAssistantAvailabilityTests.document(hours: hours)
        let sensors = (document["mqtt"]?["sensor"]?.array ?? []).filter {
            $0["state_topic"]?.string?.hasSuffix("/hourly") == true
        }
        #expect(sensors.count == HourlyChunks.parts(hours: hours).count)
        #expect(sensors.count == max(1, (hours + 23) / 24))
        let payload = Self.widestHours(hours)
        let rendered = try Tools.render(
            sensors.map { Tools.Render(template: $0["json_attributes_template"]?.string ?? "", valueJSON: payload) })
        var total = 0
        for (index, text) in rendered.enumerated() {
            let attributes = try JSONParser.parse(text)
            let items = attributes["forecast"]?.array ?? []
            total += items.count
            // What the recorder stores: the attributes as compact JSON, with the entity's own
            // (friendly_name, icon, device_class) — a few hundred bytes more at most.
            let bytes = attributes.serialized().utf8.count + 512
            #expect(bytes < Self.recorderLimit, "part \(index + 1): \(bytes) bytes")
        }
        #expect(total == hours, "every hour is in exactly one sensor")
    }

    @Test("the template weather joins the parts again, in order")
    func joined() throws {
        let document = try HomeAssistantAvailabilityTests.document(hours: 60)
        let weather = try #require(document["template"]?[0]?["weather"]?[0]?.object)
        let entities = (document["mqtt"]?["sensor"]?.array ?? []).compactMap { sensor -> String? in
            sensor["state_topic"]?.string?.hasSuffix("/hourly") == true ? sensor["default_entity_id"]?.string : nil
        }
        #expect(entities.count == 3)
        var attributes: [String: String] = [:]
        for (index, entity) in entities.enumerated() {
            attributes[entity] = #"{"forecast": [{"datetime": "h\#(index)"}]}"#
        }
        let all = try Tools.render([
            Tools.Render(template: weather["forecast_hourly_template"]?.string ?? "", attributesJSON: attributes)
        ])
        #expect(all.first == "[{'datetime': 'h0'}, {'datetime': 'h1'}, {'datetime': 'h2'}]")
        attributes.removeValue(forKey: entities[1])  // one part unavailable: the others still count
        let partial = try Tools.render([
            Tools.Render(template: weather["forecast_hourly_template"]?.string ?? "", attributesJSON: attributes)
        ])
        #expect(partial.first == "[{'datetime': 'h0'}, {'datetime': 'h2'}]")
    }
}
