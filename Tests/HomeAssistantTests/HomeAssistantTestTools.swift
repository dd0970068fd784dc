import Configuration
import Foundation
import TestSupport
import WeatherModel

/// Configurations and outside checkers for the Home Assistant tests.
enum HomeAssistantTestTools {
    /// A configuration with the given units, base topic and location ids.
    static func configuration(
        units: UnitSettings = .metric, base: String = "weather", locations: [String] = ["home"], qos: Int = 1,
        airQuality: Bool = false
    ) -> BridgeConfiguration {
        BridgeConfiguration(
            mqtt: MQTTSettings(baseTopic: base, qos: qos), units: units,
            locations: locations.map {
                var location = LocationSettings(id: $0, name: "Place \($0)", latitude: 52.52, longitude: 13.405)
                location.airQuality = airQuality
                return location
            })
    }

    /// Every combination of the units a configuration can name.
    static var everyUnitCombination: [UnitSettings] {
        var all: [UnitSettings] = []
        for temperature in TemperatureUnit.allCases {
            for speed in SpeedUnit.allCases {
                for pressure in PressureUnit.allCases {
                    for precipitation in PrecipitationUnit.allCases {
                        for distance in DistanceUnit.allCases {
                            all.append(
                                UnitSettings(
                                    temperature: temperature, windSpeed: speed, pressure: pressure,
                                    precipitation: precipitation, distance: distance))
                        }
                    }
                }
            }
        }
        return all
    }

    /// The recorded New York payloads (`current`, `hourly`, `daily`, `alerts`), metric, with
    /// the Trondheim nowcast (rain in 44 minutes) as `nowcast`, the Brno air quality as
    /// `air_quality` and a `new` Portland flood watch as `event` (`alerts/event`).
    static func golden() throws -> JSONValue {
        func load(_ path: String) throws -> JSONValue {
            try JSONParser.parse(try Data(contentsOf: URL(fileURLWithPath: TestPaths.testsFolder + path)))
        }
        var golden = try load("/ProvidersTests/Golden/open-meteo/newyork.json").object ?? JSONObject()
        golden["nowcast"] = try load("/ProvidersTests/Golden/nowcast/met-no-trondheim.json")
        golden["air_quality"] = try load("/ProvidersTests/Golden/air-quality/brno.json")
        golden["event"] = try alertEvent("new")
        return .object(golden)
    }

    /// The recorded Portland alerts (one NWS flood watch, `severe`).
    static func portlandAlerts() throws -> JSONValue {
        try JSONParser.parse(
            try Data(
                contentsOf: URL(
                    fileURLWithPath: TestPaths.testsFolder + "/ProvidersTests/Golden/warnings/alerts_active_zone.json"))
        )
    }

    /// An `alerts/event` message (`alert-event.json`) for the Portland flood watch.
    static func alertEvent(_ event: String) throws -> JSONValue {
        let alerts = try portlandAlerts()
        return [
            "schema": alerts["schema"] ?? 1, "location": alerts["location"] ?? .null, "event": .string(event),
            "at": "2019-12-20T14:00:00-08:00", "alert": alerts["alerts"]?[0] ?? .null,
        ]
    }

    /// Runs `python3 -c script` with `input` on stdin and returns stdout (`Python.run`).
    static func python(_ script: String, input: String) throws -> String { try Python.run(script, input: input) }

    /// `text` parsed by PyYAML's `safe_load`, as JSON; throws when it is not valid YAML.
    static func parseYAML(_ text: String) throws -> JSONValue { try JSONParser.parse(try Python.yamlAsJSON(text)) }

    /// Whether Jinja2 is there to render templates as Home Assistant would.
    static let hasJinja: Bool = (try? python("import jinja2", input: "")) != nil

    /// One template to render: `value_json` (absent: not JSON), and for template-weather
    /// templates the `states` and attributes of the entities they read.
    struct Render: Encodable {
        var template: String
        var valueJSON: String?
        var states: [String: String] = [:]
        var attributesJSON: [String: String] = [:]
    }

    /// Renders with Jinja2's immutable sandbox, Home Assistant's template environment, with
    /// `states`, `state_attr` and `is_state` standing in for Home Assistant's. A template error
    /// renders as `ERROR: …`.
    static func render(_ jobs: [Render]) throws -> [String] {
        let script = """
            import json, sys
            from jinja2.sandbox import ImmutableSandboxedEnvironment
            env = ImmutableSandboxedEnvironment()
            out = []
            for job in json.load(sys.stdin):
                states = job.get('states', {})
                attributes = {k: json.loads(v) for k, v in job.get('attributesJSON', {}).items()}
                env.globals['states'] = lambda e: states.get(e, 'unknown')
                env.globals['state_attr'] = lambda e, a: (attributes.get(e) or {}).get(a)
                env.globals['is_state'] = lambda e, s: states.get(e, 'unknown') == s
                context = {} if job.get('valueJSON') is None else {'value_json': json.loads(job['valueJSON'])}
                try:
                    out.append(env.from_string(job['template']).render(**context))
                except Exception as error:
                    out.append('ERROR: ' + repr(error))
            print(json.dumps(out))
            """
        let input = String(decoding: try JSONEncoder().encode(jobs), as: UTF8.self)
        let output = try JSONParser.parse(try python(script, input: input))
        return (output.array ?? []).map { $0.string ?? "" }
    }
}
