import Foundation
import TestSupport
import Testing
import WeatherModel
import WireContract

/// The test validator must fail when it should, or the payload checks prove nothing.
@Suite("SchemaValidator")
struct SchemaValidatorTests {
    /// A valid payload of each kind, from `PayloadBuilder`.
    static let payloads: ReadingPayloads = {
        let now = instant("2026-01-15T13:45:00Z")
        return Forecasts.builder(Forecasts.adelaide, now: now).payloads(
            for: Forecasts.complete(Forecasts.adelaide, now: now), now: now)
    }()

    /// `value` with the member at `path` replaced by `new` (removed when `new` is nil).
    static func replacing(_ value: JSONValue, at path: ArraySlice<String>, with new: JSONValue?) -> JSONValue {
        guard let key = path.first else { return new ?? value }
        switch value {
        case .object(var object):
            if path.count == 1 {
                object[key] = new
            } else if let member = object[key] {
                object[key] = replacing(member, at: path.dropFirst(), with: new)
            }
            return .object(object)
        case .array(var items):
            guard let index = Int(key), items.indices.contains(index) else { return value }
            items[index] = replacing(items[index], at: path.dropFirst(), with: new)
            return .array(items)
        default:
            return value
        }
    }

    struct Mutation: Sendable, CustomTestStringConvertible {
        var schema: String
        var path: [String]
        var value: JSONValue?
        var pointer: String
        var testDescription: String {
            "\(schema) \(path.joined(separator: ".")) = \(value?.serialized() ?? "(removed)")"
        }

        init(_ schema: String, _ path: [String], _ value: JSONValue?, _ pointer: String) {
            self.schema = schema
            self.path = path
            self.value = value
            self.pointer = pointer
        }
    }

    @Test("the payloads it is shown are valid to begin with")
    func validPayloads() throws {
        let validator = try SchemaValidator.repository()
        let payloads = Self.payloads
        #expect(validator.validate(payloads.current.serialized(), against: "current") == [])
        #expect(validator.validate(payloads.hourly.serialized(), against: "hourly.json") == [])
        #expect(validator.validate(payloads.daily.prettyPrinted(), against: "daily") == [])
        #expect(validator.validate(payloads.alerts.serialized(), against: "alerts") == [])
        #expect(payloads.alerts["alerts"]?.array?.isEmpty == false)
    }

    @Test(
        "a missing key, a wrong type, a value out of range, a bad enum, an extra key are rejected",
        arguments: [
            // missing keys
            Mutation("current", ["humidity"], nil, "#"), Mutation("current", ["units"], nil, "#"),
            Mutation("current", ["location", "timezone"], nil, "#/location"),
            Mutation("hourly", ["hours", "2", "visibility"], nil, "#/hours/2"),
            Mutation("daily", ["days", "0", "moon_phase"], nil, "#/days/0"),
            Mutation("alerts", ["alerts", "0", "uri"], nil, "#/alerts/0"),
            // wrong types
            Mutation("current", ["temperature"], "7.4", "#/temperature"),
            Mutation("current", ["is_day"], 1, "#/is_day"),
            Mutation("current", ["is_day"], nil as JSONValue, "#/is_day"),
            Mutation("current", ["time"], .null, "#/time"),
            Mutation("current", ["schema"], true, "#/schema"),
            Mutation("current", ["provider_code"], 3, "#/provider_code"),
            Mutation("hourly", ["hours"], [:], "#/hours"),
            Mutation("hourly", ["interval_minutes"], "60", "#/interval_minutes"),
            Mutation("alerts", ["alerts", "0", "onset"], 5, "#/alerts/0/onset"),
            // out of range
            Mutation("current", ["humidity"], 101, "#/humidity"), Mutation("current", ["humidity"], 50.5, "#/humidity"),
            Mutation("current", ["cloud_coverage"], -1, "#/cloud_coverage"),
            Mutation("current", ["wind_bearing"], 360, "#/wind_bearing"),
            Mutation("current", ["uv_index"], -0.1, "#/uv_index"),
            Mutation("current", ["wind_speed"], -2, "#/wind_speed"), Mutation("current", ["pressure"], 0, "#/pressure"),
            Mutation("current", ["location", "latitude"], 91, "#/location/latitude"),
            Mutation("daily", ["days", "1", "moon_phase"], 1.5, "#/days/1/moon_phase"),
            Mutation("hourly", ["hours", "3", "humidity"], -1, "#/hours/3/humidity"),
            Mutation("hourly", ["interval_minutes"], 0, "#/interval_minutes"),
            // bad enums and constants
            Mutation("current", ["condition"], "sunny-ish", "#/condition"),
            Mutation("current", ["wind_direction"], "NORTH", "#/wind_direction"),
            Mutation("current", ["precipitation_type"], "drizzle", "#/precipitation_type"),
            Mutation("current", ["units", "temperature"], "C", "#/units/temperature"),
            Mutation("current", ["units", "pressure"], "Pa", "#/units/pressure"),
            Mutation("current", ["units", "precipitation_intensity"], "mm", "#/units/precipitation_intensity"),
            Mutation("current", ["provider"], "weather.com", "#/provider"),
            Mutation("current", ["schema"], 2, "#/schema"),
            Mutation("daily", ["days", "0", "condition"], "clear-night", "#/days/0/condition"),
            Mutation("alerts", ["alerts", "0", "severity"], "high", "#/alerts/0/severity"),
            // patterns
            Mutation("current", ["time"], "2026-02-06T16:30:00Z", "#/time"),
            Mutation("current", ["time"], "2026-02-06T16:30:00+0100", "#/time"),
            Mutation("current", ["time"], "2026-02-06T16:30:00+01:00\n", "#/time"),
            Mutation("current", ["time"], "2026-02-06T16:30+01:00", "#/time"),
            Mutation("current", ["time"], "٢٠٢٦-02-06T16:30:00+01:00", "#/time"),
            Mutation("current", ["sunrise"], "yesterday", "#/sunrise"),
            Mutation("current", ["location", "id"], "Home", "#/location/id"),
            Mutation("daily", ["days", "0", "date"], "2026-2-6", "#/days/0/date"),
            // extra keys
            Mutation("current", ["extra"], 1, "#/extra"),
            Mutation("current", ["units", "speed"], "kn", "#/units/speed"),
            Mutation("current", ["location", "elevation"], 34, "#/location/elevation"),
            Mutation("hourly", ["hours", "0", "snow_depth"], .null, "#/hours/0/snow_depth"),
            Mutation("daily", ["days", "2", "sunshine"], 3, "#/days/2/sunshine"),
            Mutation("alerts", ["alerts", "0", "tags"], [], "#/alerts/0/tags"),
            Mutation("current", ["a/b~c"], 1, "#/a~1b~0c"),
        ])
    func rejects(mutation: Mutation) throws {
        let validator = try SchemaValidator.repository()
        let payload: JSONValue =
            switch mutation.schema {
            case "current": Self.payloads.current
            case "hourly": Self.payloads.hourly
            case "daily": Self.payloads.daily
            default: Self.payloads.alerts
            }
        let changed = Self.replacing(payload, at: mutation.path[...], with: mutation.value)
        #expect(changed != payload)
        let errors = validator.validate(changed.serialized(), against: mutation.schema)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.allSatisfy { $0.hasPrefix(mutation.pointer + ": ") }, "\(errors)")
        if mutation.value == nil {
            #expect(errors.first?.contains("missing required key \"\(mutation.path.last!)\"") == true)
        }
    }

    @Test("text that is not JSON, and a schema that does not exist, are errors")
    func notJSON() throws {
        let validator = try SchemaValidator.repository()
        #expect(validator.validate("{", against: "current").first?.hasPrefix("#: not JSON") == true)
        #expect(validator.validate("{}", against: "weather").first?.contains("no schema named weather") == true)
        #expect(validator.validate("[]", against: "current") == ["#: expected object, got an array of 0"])
    }

    @Test("the folder holds the schema of every topic")
    func names() throws {
        let validator = try SchemaValidator.repository()
        #expect(
            validator.schemaNames == [
                "air_quality", "alert-event", "alerts", "bridge-info", "common", "current", "daily", "display-state",
                "hourly", "nowcast", "outlook", "station-state", "station-status", "status",
            ])
    }

    static let statusExamples = [
        #"""
        {"location":"home","state":"waiting","provider":null,"last_success":null,"last_attempt":null,
         "next_poll":"2026-11-22T14:03:12+01:00","consecutive_failures":0,"last_error":null,"quota":{},"partial":[]}
        """#,
        #"""
        {"location":"home","state":"ok","provider":"met-no","last_success":"2026-11-22T14:03:12+01:00",
         "last_attempt":"2026-11-22T14:03:12+01:00","next_poll":"2026-11-22T14:18:12+01:00",
         "consecutive_failures":0,"last_error":null,
         "quota":{"met-no":{"used_today":96,"budget":8000},"open-meteo":{"used_today":0,"budget":9000}},"partial":[]}
        """#,
        #"""
        {"location":"cabin_2","state":"error","provider":"open-meteo","last_success":"2026-11-22T10:00:00-05:00",
         "last_attempt":"2026-11-22T14:00:00-05:00","next_poll":"2026-11-22T14:08:00-05:00","consecutive_failures":3,
         "last_error":{"at":"2026-11-22T14:00:00-05:00","provider":"nws","message":"HTTP 503","http_status":503},
         "quota":{"nws":{"used_today":40,"budget":5000}},"partial":[]}
        """#,
        #"""
        {"location":"x","state":"stale","provider":"pirate-weather","last_success":"2026-11-22T10:00:00+05:30",
         "last_attempt":"2026-11-22T14:00:00+05:30","next_poll":null,"consecutive_failures":1,
         "last_error":{"at":"2026-11-22T14:00:00+05:30","provider":"pirate-weather","message":"timed out",
                       "http_status":null},
         "quota":{"pirate-weather":{"used_today":1000,"budget":1000}},"partial":[]}
        """#,
        #"""
        {"location":"home","state":"ok","provider":"open-meteo","last_success":"2026-11-22T14:03:12+01:00",
         "last_attempt":"2026-11-22T14:03:12+01:00","next_poll":"2026-11-22T14:18:12+01:00",
         "consecutive_failures":0,"last_error":null,"quota":{"open-meteo":{"used_today":1,"budget":9000}},
         "partial":["current","hourly"]}
        """#,
    ]

    @Test("status examples of every state are valid", arguments: statusExamples)
    func statusValid(text: String) throws {
        #expect(try SchemaValidator.repository().validate(text, against: "status") == [])
    }

    @Test(
        "status mistakes are rejected",
        arguments: [
            (#""state":"error""#, #""state":"fine""#, "#/state"),
            (#""consecutive_failures":3"#, #""consecutive_failures":-1"#, "#/consecutive_failures"),
            (#""consecutive_failures":3"#, #""consecutive_failures":1.5"#, "#/consecutive_failures"),
            (#""http_status":503"#, #""http_status":600"#, "#/last_error"),
            (#","http_status":503"#, "", "#/last_error"),
            (#""message":"HTTP 503","#, #""message":"HTTP 503","extra":1,"#, "#/last_error"),
            (
                #""last_success":"2026-11-22T10:00:00-05:00""#, #""last_success":"2026-11-22T15:00:00Z""#,
                "#/last_success"
            ),
            (
                #""nws":{"used_today":40,"budget":5000}"#, #""darksky":{"used_today":40,"budget":5000}"#,
                "#/quota/darksky"
            ),
            (#""used_today":40,"budget":5000"#, #""used_today":40"#, "#/quota/nws"),
            (#""used_today":40,"#, #""used_today":40,"limit":9,"#, "#/quota/nws/limit"),
            (#""location":"cabin_2""#, #""location":"Cabin""#, "#/location"),
            (#""location":"cabin_2","#, "", "#"),
        ])
    func statusInvalid(original: String, replacement: String, pointer: String) throws {
        let valid = Self.statusExamples[2]
        #expect(valid.contains(original))
        let text = valid.replacingOccurrences(of: original, with: replacement)
        let errors = try SchemaValidator.repository().validate(text, against: "status")
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix(pointer + ": ") == true, "\(errors)")
    }

    static let bridgeInfo = #"""
        {"version":"1.2.0","schema":1,"started_at":"2026-11-22T14:03:12+01:00","locations":["home","cabin_2"],
         "providers":["met-no","open-meteo"],"state_dir":{"writable":true,"error":null,"since":null}}
        """#

    @Test("bridge/info")
    func bridgeInfoSchema() throws {
        let validator = try SchemaValidator.repository()
        #expect(validator.validate(Self.bridgeInfo, against: "bridge-info") == [])
        let mistakes = [
            (#""schema":1"#, #""schema":2"#, "#/schema"),
            (#"["home","cabin_2"]"#, #"["home","home"]"#, "#/locations"),
            (#""cabin_2""#, #""Cabin 2""#, "#/locations/1"),
            (#""open-meteo""#, #""darksky""#, "#/providers/1"),
            (#""version":"1.2.0","#, "", "#"),
            (#""version":"1.2.0""#, #""version":1.2"#, "#/version"),
            (#""started_at":"2026-11-22T14:03:12+01:00""#, #""started_at":1763816592"#, "#/started_at"),
            (#"null}}"#, #"null},"uptime":5}"#, "#/uptime"),
            (#""writable":true"#, #""writable":"yes""#, "#/state_dir/writable"),
        ]
        for (original, replacement, pointer) in mistakes {
            let errors = validator.validate(
                Self.bridgeInfo.replacingOccurrences(of: original, with: replacement), against: "bridge-info")
            #expect(errors.count == 1 && errors[0].hasPrefix(pointer + ": "), "\(replacement): \(errors)")
        }
    }

    // MARK: - The validator on schemas of its own

    static func validator(_ files: [String: String]) throws -> SchemaValidator {
        let folder = TemporaryFolder()
        for (name, text) in files { _ = folder.write(name, text) }
        return try withExtendedLifetime(folder) { try SchemaValidator(schemaFolder: folder.path) }
    }

    @Test(
        "a schema with a keyword it does not support is refused, not silently half-checked",
        arguments: [
            #"{"type":"object","patternProperties":{"^x":{"type":"string"}}}"#,
            #"{"properties":{"a":{"type":"string","formatMinimum":"x"}}}"#,
            #"{"items":{"unevaluatedProperties":false}}"#,
            ##"{"$ref":"#/$defs/missing"}"##,
            ##"{"$ref":"other.json#/$defs/a"}"##,
            #"{"pattern":"("}"#,
            #"{"type":"#,
        ])
    func unsupportedSchemas(text: String) {
        #expect(throws: SchemaValidator.SchemaError.self) { try Self.validator(["a.json": text]) }
    }

    @Test("an empty folder is refused")
    func emptyFolder() {
        #expect(throws: SchemaValidator.SchemaError.self) { try Self.validator([:]) }
    }

    @Test("references into a sibling file, resolved in that file")
    func siblingReferences() throws {
        let validator = try Self.validator([
            "shared.json": ##"{"$defs":{"id":{"$ref":"#/$defs/text"},"text":{"type":"string","minLength":2}}}"##,
            "main.json": ##"{"type":"object","properties":{"id":{"$ref":"shared.json#/$defs/id"}},"required":["id"]}"##,
        ])
        #expect(validator.validate(#"{"id":"ab"}"#, against: "main") == [])
        #expect(validator.validate(#"{"id":"a"}"#, against: "main") == [#"#/id: "a" is shorter than 2 characters"#])
        #expect(validator.validate(#"{"id":7}"#, against: "main") == ["#/id: expected string, got 7"])
    }

    @Test("anyOf, oneOf, allOf, not, minItems, maxItems, const, exclusive limits")
    func combinators() throws {
        let validator = try Self.validator([
            "any.json": #"{"anyOf":[{"type":"null"},{"type":"integer","minimum":5}]}"#,
            "one.json": #"{"oneOf":[{"type":"number"},{"type":"integer"}]}"#,
            "all.json": #"{"allOf":[{"type":"number"},{"maximum":3}],"not":{"const":2}}"#,
            "list.json":
                #"{"type":"array","minItems":1,"maxItems":2,"items":{"exclusiveMinimum":0,"exclusiveMaximum":1}}"#,
        ])
        #expect(validator.validate("null", against: "any") == [])
        #expect(validator.validate("7", against: "any") == [])
        #expect(validator.validate("4", against: "any").count == 1)
        #expect(validator.validate("1.5", against: "one") == [])
        #expect(validator.validate("2", against: "one") == ["#: matches 2 oneOf options, not exactly one"])
        #expect(validator.validate("3", against: "all") == [])
        #expect(validator.validate("2", against: "all") == ["#: matches a schema it must not match"])
        #expect(validator.validate("4", against: "all") == ["#: 4 is above the maximum 3"])
        #expect(validator.validate("[0.5]", against: "list") == [])
        #expect(validator.validate("[]", against: "list") == ["#: fewer than 1 items"])
        #expect(validator.validate("[0.5,0.5,0.5]", against: "list") == ["#: more than 2 items"])
        #expect(validator.validate("[0.5,1]", against: "list") == ["#/1: 1 is not below 1"])
        #expect(validator.validate("[0]", against: "list") == ["#/0: 0 is not above 0"])
    }

    @Test("true is not 1, and 1.0 is an integer")
    func booleansAndNumbers() throws {
        let validator = try Self.validator(["a.json": #"{"enum":[1,"x",null]}"#, "i.json": #"{"type":"integer"}"#])
        #expect(validator.validate("1", against: "a") == [])
        #expect(validator.validate("1.0", against: "a") == [])
        #expect(validator.validate("true", against: "a").count == 1)
        #expect(validator.validate("false", against: "i").count == 1)
        #expect(validator.validate("1.0", against: "i") == [])
        #expect(validator.validate("1.5", against: "i").count == 1)
    }

    @Test("a $ref cycle is an error, not a hang")
    func referenceCycle() throws {
        let validator = try Self.validator([
            "a.json": ##"{"$defs":{"loop":{"$ref":"#/$defs/loop"}},"$ref":"#/$defs/loop"}"##
        ])
        #expect(validator.validate("1", against: "a").isEmpty == false)
    }

    // MARK: - The schemas themselves

    /// Every key is required, and nothing else is allowed, on every object with listed keys.
    @Test("every object schema requires all its keys and allows no others")
    func everyKeyRequired() throws {
        let validator = try SchemaValidator.repository()
        var problems: [String] = []
        func visit(_ node: Any, _ path: String) {
            if let object = node as? [String: Any] {
                if let properties = object["properties"] as? [String: Any] {
                    let required = Set(object["required"] as? [String] ?? [])
                    if required != Set(properties.keys) {
                        problems.append("\(path): required \(required.symmetricDifference(properties.keys))")
                    }
                    if object["additionalProperties"] as? Bool != false {
                        problems.append("\(path): additionalProperties")
                    }
                }
                for (key, value) in object { visit(value, path + "/" + key) }
            } else if let array = node as? [Any] {
                for (index, value) in array.enumerated() { visit(value, path + "/\(index)") }
            }
        }
        for name in validator.schemaNames { visit(validator.schemaDocument(name) as Any, name + ".json#") }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test(
        "current has exactly the envelope, the reading of common.json, sunrise/sunset, sources and rain_today; envelopes agree"
    )
    func oneSourceOfTruth() throws {
        let validator = try SchemaValidator.repository()
        func properties(_ name: String) -> [String: [String: Any]] {
            ((validator.schemaDocument(name) as? [String: Any])?["properties"] as? [String: [String: Any]]) ?? [:]
        }
        let common = try #require(validator.schemaDocument("common") as? [String: Any])
        let defs = try #require(common["$defs"] as? [String: Any])
        let reading = try #require((defs["reading"] as? [String: Any])?["properties"] as? [String: [String: Any]])
        let envelope = Set(PayloadBuilderTests.envelopeKeys)
        let current = properties("current")
        #expect(
            Set(current.keys) == envelope.union(reading.keys).union(["sunrise", "sunset", "sources", "rain_today"]))
        for (key, schema) in reading {
            let ref = schema["$ref"] as? String
            #expect((current[key]?["$ref"] as? String) == ref.map { "common.json" + $0 }, "\(key)")
            #expect((current[key]?["type"] as? String) == (schema["type"] as? String), "\(key)")
        }
        for name in ["hourly", "daily", "alerts"] {
            for key in envelope {
                #expect(properties(name)[key]?["$ref"] as? String == current[key]?["$ref"] as? String, "\(name).\(key)")
            }
        }
    }

    @Test("the schemas' vocabularies are the model's")
    func vocabularies() throws {
        let validator = try SchemaValidator.repository()
        let common = try #require(validator.schemaDocument("common") as? [String: Any])
        let defs = try #require(common["$defs"] as? [String: [String: Any]])
        func enumeration(_ schema: [String: Any]?) -> [String?] {
            (schema?["enum"] as? [Any] ?? []).map { $0 as? String }
        }
        #expect(enumeration(defs["condition"]) == Condition.allCases.map(\.rawValue) + [nil])
        #expect(
            enumeration(defs["dayCondition"]) == Condition.allCases.filter { $0 != .clearNight }.map(\.rawValue) + [nil]
        )
        #expect(enumeration(defs["precipitationType"]) == PrecipitationType.allCases.map(\.rawValue) + [nil])
        #expect(enumeration(defs["severity"]) == AlertSeverity.allCases.map(\.rawValue))
        #expect(enumeration(defs["compassPoint"]) == Compass.points + [nil])
        let units = try #require(defs["units"]?["properties"] as? [String: [String: Any]])
        #expect(enumeration(units["temperature"]) == TemperatureUnit.allCases.map(\.rawValue))
        #expect(enumeration(units["wind_speed"]) == SpeedUnit.allCases.map(\.rawValue))
        #expect(enumeration(units["pressure"]) == PressureUnit.allCases.map(\.rawValue))
        #expect(enumeration(units["precipitation"]) == PrecipitationUnit.allCases.map(\.rawValue))
        #expect(enumeration(units["precipitation_intensity"]) == PrecipitationUnit.allCases.map(\.intensity))
        #expect(enumeration(units["distance"]) == DistanceUnit.allCases.map(\.rawValue))
        #expect(defs["schemaVersion"]?["const"] as? Double == Double(PayloadSchema.version))
    }
}
