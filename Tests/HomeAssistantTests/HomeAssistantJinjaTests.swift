import Configuration
import HomeAssistant
import TestSupport
import Testing
import WeatherModel

/// The discovery value templates rendered by Jinja2 (Home Assistant's template engine) against
/// real payloads, null-filled payloads and payloads that are not JSON at all.
@Suite("Home Assistant value templates", .enabled(if: HomeAssistantTestTools.hasJinja, "needs python3-jinja2"))
struct HomeAssistantJinjaTests {
    typealias Tools = HomeAssistantTestTools

    /// The payload each component reads, from the golden New York recording (`alerts/event`:
    /// `event`).
    static func payload(for component: JSONValue, golden: JSONValue) -> JSONValue? {
        let topic = component["state_topic"]?.string ?? ""
        return golden[String(topic.split(separator: "/").last ?? "")]
    }

    /// The template of component `key` of the default location.
    static func template(_ key: String) throws -> String {
        try #require(HomeAssistantDiscoveryTests.payload()["cmps"]?[key]?["value_template"]?.string)
    }

    /// Every value of an object replaced by null, in the objects of its lists too (an empty
    /// list becomes null).
    static func nulled(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            return .object(JSONObject(object.members.map { ($0.key, nulled($0.value)) }))
        case .array(let items) where !items.isEmpty:
            return .array(items.map(nulled))
        default:
            return .null
        }
    }

    @Test("values render from the recorded payloads")
    func realPayloads() throws {
        let golden = try Tools.golden()
        let configuration = Tools.configuration(locations: ["nyc"], airQuality: true)
        let payload = Discovery.payload(
            for: configuration.locations[0], provider: "open-meteo", configuration: configuration)
        let components = payload["cmps"]?.object ?? JSONObject()
        let jobs = try components.map { member in
            let data = try #require(Self.payload(for: member.value, golden: golden))
            return Tools.Render(template: member.value["value_template"]?.string ?? "", valueJSON: data.serialized())
        }
        let rendered = Dictionary(uniqueKeysWithValues: zip(components.keys, try Tools.render(jobs)))
        #expect(rendered["temperature"] == "-1.4")
        #expect(rendered["humidity"] == "60")
        #expect(rendered["wind_speed"] == "4.8")
        #expect(rendered["wind_bearing"] == "138")
        #expect(rendered["condition"] == "cloudy")
        #expect(rendered["pressure"] == "None")  // null in the recording
        #expect(rendered["today_temperature_max"] == "-0.2")
        #expect(rendered["today_temperature_min"] == "-9.2")
        #expect(rendered["tomorrow_temperature_max"] == "-5.3")
        #expect(rendered["tomorrow_temperature_min"] == "-17.7")
        #expect(rendered["alerts"] == "0")
        #expect(rendered["warning_active"] == "OFF" && rendered["warning_severity"] == "none")
        #expect(try JSONParser.parse(rendered["warning"] ?? "")["event_type"] == "new")
        #expect(rendered["precipitation_starts"] == "2023-08-14T21:00:00+02:00")
        #expect(rendered["precipitation_within_30_min"] == "OFF")  // 44 minutes away
        #expect(rendered["european_aqi"] == "27")
        #expect(rendered["pm2_5"] == "8.3")
        #expect(rendered["us_aqi"] == "None" && rendered["carbon_monoxide"] == "None")  // null in the recording
        for (key, value) in rendered { #expect(!value.hasPrefix("ERROR"), "\(key): \(value)") }
    }

    @Test("null values, missing keys, empty and non-JSON payloads render None (unknown in Home Assistant)")
    func nullsRenderNone() throws {
        let golden = try Tools.golden()
        let configuration = Tools.configuration(locations: ["nyc"], airQuality: true)
        let payload = Discovery.payload(
            for: configuration.locations[0], provider: "open-meteo", configuration: configuration)
        var jobs: [Tools.Render] = []
        var labels: [String] = []
        for (key, component) in payload["cmps"]?.object ?? JSONObject() {
            let template = component["value_template"]?.string ?? ""
            let data = try #require(Self.payload(for: component, golden: golden))
            let inputs: [(String, String?)] = [
                ("nulls", Self.nulled(data).serialized()), ("empty object", "{}"), ("not JSON", nil),
                ("array", "[1, 2]"), ("days of nulls", #"{"days": [null, null], "alerts": null}"#),
                ("wrong types", #"{"temperature": "warm", "condition": 3, "days": "soon", "alerts": "many"}"#),
            ]
            for (label, input) in inputs {
                jobs.append(Tools.Render(template: template, valueJSON: input))
                labels.append("\(key) with \(label)")
            }
        }
        for (label, value) in zip(labels, try Tools.render(jobs)) {
            #expect(value == "None", "\(label) rendered \(value)")
        }
    }

    @Test(
        "precipitation within 30 min: on up to 30 minutes, off later or with none expected, unknown without a nowcast")
    func within() throws {
        let payload = HomeAssistantDiscoveryTests.payload()
        let template = try #require(payload["cmps"]?["precipitation_within_30_min"]?["value_template"]?.string)
        let inputs: [String?] = [
            #"{"available": true, "minutes_until_start": 0}"#, #"{"available": true, "minutes_until_start": 30}"#,
            #"{"available": true, "minutes_until_start": 31}"#, #"{"available": true, "minutes_until_start": null}"#,
            #"{"available": false, "minutes_until_start": null}"#, #"{"available": "yes"}"#, "{}", nil,
        ]
        let rendered = try Tools.render(inputs.map { Tools.Render(template: template, valueJSON: $0) })
        #expect(rendered == ["ON", "ON", "OFF", "OFF", "None", "None", "None", "None"])
    }

    @Test("warnings: on with an alert, off with none; the highest severity is one of the options or unknown")
    func warningStates() throws {
        let active = try Self.template("warning_active")
        let severity = try Self.template("warning_severity")
        let options = try #require(HomeAssistantDiscoveryTests.payload()["cmps"]?["warning_severity"]?["options"])
        let portland = try Tools.portlandAlerts().serialized()
        func alerts(_ severities: [String]) -> String {
            "{\"alerts\": [" + severities.map { "{\"severity\": \"\($0)\"}" }.joined(separator: ", ") + "]}"
        }
        let inputs: [String?] = [
            portland, alerts([]), alerts(["minor", "extreme", "moderate"]), alerts(["unknown", "moderate"]),
            alerts(["unknown"]), alerts(["severe", "severe"]), #"{"alerts": null}"#, nil,
        ]
        let states = try Tools.render(inputs.map { Tools.Render(template: active, valueJSON: $0) })
        #expect(states == ["ON", "OFF", "ON", "ON", "ON", "ON", "None", "None"])
        let levels = try Tools.render(inputs.map { Tools.Render(template: severity, valueJSON: $0) })
        #expect(levels == ["severe", "none", "extreme", "moderate", "None", "severe", "None", "None"])
        for level in levels where level != "None" {
            #expect(options.array?.contains(.string(level)) == true, "\(level) is not an option")
        }
    }

    @Test("warnings: each alerts/event message becomes an event of its type with the alert's fields")
    func warningEvent() throws {
        let template = try Self.template("warning")
        let types = try #require(HomeAssistantDiscoveryTests.payload()["cmps"]?["warning"]?["event_types"]?.array)
        let validator = try SchemaValidator.repository()
        for change in ["new", "updated", "ended"] {
            let message = try Tools.alertEvent(change)
            #expect(validator.validate(message.serialized(), against: "alert-event") == [])
            let rendered = try Tools.render([Tools.Render(template: template, valueJSON: message.serialized())])
            let event = try JSONParser.parse(rendered.first ?? "")
            #expect(event["event_type"] == .string(change))
            #expect(types.contains(.string(change)))
            #expect(event["severity"] == "severe" && event["title"] == "Flood Watch" && event["event"] == "Flood Watch")
            #expect(event["id"] == message["alert"]?["id"] && event["expires"] == message["alert"]?["expires"])
            #expect(event["description"] == message["alert"]?["description"])
        }
        // Anything else renders None, which Home Assistant's MQTT event ignores quietly.
        let others: [String?] = [
            #"{"event": "expired", "alert": {}}"#, #"{"event": "new"}"#, #"{"event": "new", "alert": [1]}"#, "{}",
            "[]", nil,
        ]
        #expect(
            try Tools.render(others.map { Tools.Render(template: template, valueJSON: $0) })
                == others.map { _ in "None" })
    }

    @Test("warnings: a long description and instruction are cut so that the event stays below 16 KiB")
    func warningEventSize() throws {
        let template = try Self.template("warning")
        var message = try #require(try Tools.alertEvent("new").object)
        var alert = try #require(message["alert"]?.object)
        let long = String(repeating: "€", count: 20_000)  // three bytes each in UTF-8
        alert["description"] = .string(long)
        alert["instruction"] = .string(long)
        alert["title"] = .string(String(repeating: "t", count: 300))
        message["alert"] = .object(alert)
        let rendered = try Tools.render([
            Tools.Render(template: template, valueJSON: JSONValue.object(message).serialized())
        ])
        let event = try JSONParser.parse(rendered.first ?? "")
        #expect(event["description"]?.string?.count == 2000 && event["instruction"]?.string?.count == 2000)
        #expect(event.utf8Bytes.count < 16384, "\(event.utf8Bytes.count) bytes")
    }

    @Test("carbon monoxide is announced in mg/m³, our µg/m³ divided by 1000")
    func carbonMonoxide() throws {
        let payload = HomeAssistantDiscoveryTests.payload(airQuality: true)
        let template = try #require(payload["cmps"]?["carbon_monoxide"]?["value_template"]?.string)
        let rendered = try Tools.render([
            Tools.Render(template: template, valueJSON: #"{"current": {"carbon_monoxide": 215.0}}"#),
            Tools.Render(template: template, valueJSON: #"{"current": null}"#),
        ])
        #expect(rendered == ["0.215", "None"])
    }

    @Test("a centimetre configuration is announced in mm/h, ten times the value")
    func centimetres() throws {
        let units = UnitSettings(
            temperature: .celsius, windSpeed: .kilometresPerHour, pressure: .hectopascal, precipitation: .centimetres,
            distance: .kilometres)
        let configuration = Tools.configuration(units: units)
        let payload = Discovery.payload(
            for: configuration.locations[0], provider: "open-meteo", configuration: configuration)
        let template = try #require(payload["cmps"]?["precipitation_intensity"]?["value_template"]?.string)
        let rendered = try Tools.render([
            Tools.Render(template: template, valueJSON: #"{"precipitation": 0.12}"#),
            Tools.Render(template: template, valueJSON: #"{"precipitation": null}"#),
        ])
        #expect(rendered == ["1.2", "None"])
    }
}

/// The template weather's forecast sensors and weather templates rendered by Jinja2.
@Suite(
    "Home Assistant template weather rendering", .enabled(if: HomeAssistantTestTools.hasJinja, "needs python3-jinja2"))
struct HomeAssistantForecastRenderingTests {
    typealias Tools = HomeAssistantTestTools

    static func document() throws -> JSONValue {
        let configuration = Tools.configuration(locations: ["nyc"])
        return try Tools.parseYAML(try TemplateWeather.yaml(locationID: "nyc", configuration: configuration).get())
    }

    static func sensor(_ document: JSONValue, topicSuffix: String) throws -> JSONValue {
        try #require(
            document["mqtt"]?["sensor"]?.array?.first { $0["state_topic"]?.string?.hasSuffix(topicSuffix) == true })
    }

    /// The `forecast` list a json_attributes_template renders for `payload`.
    static func forecast(_ sensor: JSONValue, payload: String?) throws -> [JSONValue] {
        let template = try #require(sensor["json_attributes_template"]?.string)
        let rendered = try Tools.render([Tools.Render(template: template, valueJSON: payload)])
        let attributes = try JSONParser.parse(rendered.first ?? "")
        return try #require(attributes["forecast"]?.array)
    }

    static func checkShape(_ items: [JSONValue]) {
        for item in items {
            let object = item.object ?? JSONObject()
            for key in object.keys {
                #expect(HomeAssistantTemplateTests.forecastKeys.contains(key), "\(key) is not a forecast key")
            }
            #expect(object["datetime"]?.string?.isEmpty == false)
            #expect(!object.members.contains { $0.value.isNull }, "null values are left out")
        }
    }

    @Test("the daily forecast is in Home Assistant's forecast shape, one item per day")
    func daily() throws {
        let golden = try Tools.golden()
        let days = try #require(golden["daily"]?["days"]?.array)
        let items = try Self.forecast(
            try Self.sensor(try Self.document(), topicSuffix: "/daily"), payload: golden["daily"]?.serialized())
        #expect(items.count == days.count)
        Self.checkShape(items)
        for (item, day) in zip(items, days) {
            // Local noon of the day, with the day's offset: the right date in every time zone.
            #expect(item["datetime"]?.string == (day["date"]?.string ?? "") + "T12:00:00-05:00")
            #expect(item["temperature"] == day["temperature_max"])
            #expect(item["templow"] == day["temperature_min"])
            #expect(item["condition"] == day["condition"])
        }
    }

    @Test("the hourly forecast is in Home Assistant's forecast shape; precipitation is the amount per interval")
    func hourly() throws {
        let golden = try Tools.golden()
        let hours = try #require(golden["hourly"]?["hours"]?.array)
        let document = try Self.document()
        let sensor = try Self.sensor(document, topicSuffix: "/hourly")
        let parts = (document["mqtt"]?["sensor"]?.array ?? []).filter {
            $0["state_topic"]?.string?.hasSuffix("/hourly") == true
        }
        var items: [JSONValue] = []
        for part in parts { items += try Self.forecast(part, payload: golden["hourly"]?.serialized()) }
        #expect(items.count == hours.count)
        Self.checkShape(items)
        #expect(items.first?["datetime"] == hours.first?["time"])
        #expect(items.first?["is_daytime"] == hours.first?["is_day"])
        let threeHourly =
            #"{"interval_minutes": 180, "hours": [{"time": "2026-02-06T12:00:00+01:00", "precipitation": 0.5, "condition": "rainy"}]}"#
        let scaled = try Self.forecast(sensor, payload: threeHourly)
        #expect(scaled.first?["precipitation"] == 1.5)
    }

    @Test(
        "missing or malformed forecast payloads give an empty forecast, not an error",
        arguments: [
            nil, "{}", "[]", #"{"days": null, "hours": null}"#, #"{"days": "x", "hours": 3}"#,
            #"{"days": [null, 1], "hours": [{}]}"#,
        ])
    func malformed(payload: String?) throws {
        let document = try Self.document()
        for suffix in ["/daily", "/hourly"] {
            #expect(try Self.forecast(try Self.sensor(document, topicSuffix: suffix), payload: payload) == [])
        }
    }

    @Test("the weather templates read the MQTT sensors' states and attributes")
    func weatherTemplates() throws {
        let golden = try Tools.golden()
        let document = try Self.document()
        let weather = try #require(document["template"]?[0]?["weather"]?[0]?.object)
        let current = "sensor.weather2mqtt_nyc_current"
        let daily = "sensor.weather2mqtt_nyc_daily_forecast"
        let forecast = #"{"forecast": [{"datetime": "2026-02-06T12:00:00-05:00", "temperature": -0.2}]}"#
        func render(_ key: String, state: String = "cloudy") throws -> String {
            try Tools.render([
                Tools.Render(
                    template: weather[key]?.string ?? "", states: [current: state],
                    attributesJSON: [current: golden["current"]?.serialized() ?? "{}", daily: forecast])
            ]).first ?? ""
        }
        #expect(try render("condition_template") == "cloudy")
        #expect(try render("temperature_template") == "-1.4")
        #expect(try render("humidity_template") == "60")
        #expect(try render("wind_bearing_template") == "138")
        #expect(try render("pressure_template") == "None")
        #expect(try render("attribution_template") == "Weather data by Open-Meteo.com (CC BY 4.0)")
        #expect(try render("availability") == "True")
        #expect(try render("availability", state: "unavailable") == "False")
        #expect(try render("forecast_daily_template").contains("2026-02-06T12:00:00-05:00"))
    }
}
