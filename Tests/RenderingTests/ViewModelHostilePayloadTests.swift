import Foundation
import Rendering
import Testing
import WeatherModel
import WireContract

/// Payloads from other publishers can be anything; each problem is a `PayloadError`
/// naming the topic and what is wrong, never a crash.
@Suite("View model: hostile payloads")
struct ViewModelHostilePayloadTests {
    typealias F = ViewModelFixtures
    let topic = "weather/munich/current"

    func decodeError(_ bytes: [UInt8]) -> PayloadError? {
        do {
            _ = try PayloadDecoder().object(topic: topic, bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("over 1 MiB is refused before parsing")
    func tooLarge() throws {
        let bytes = Array("{\"a\":\"".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20) + Array("\"}".utf8)
        let error = try #require(decodeError(bytes))
        #expect(error.topic == topic)
        #expect(error.problem.contains("larger than the limit"))
    }

    @Test("deep nesting is refused")
    func deepNesting() throws {
        let bytes = Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        let error = try #require(decodeError(bytes))
        #expect(error.problem.contains("nested deeper"))
    }

    @Test(
        "non-UTF-8, empty, not JSON, not an object",
        arguments: [
            ([0xFF, 0xFE, 0x7B, 0x7D] as [UInt8], "not valid UTF-8"),
            ([], "empty payload"),
            (Array("online".utf8), "not valid JSON"),
            (Array("[1,2]".utf8), "expected a JSON object"),
            (Array("{\"a\":1} x".utf8), "not valid JSON"),
        ])
    func malformed(bytes: [UInt8], expected: String) throws {
        let error = try #require(decodeError(bytes))
        #expect(error.problem.contains(expected), "\(error)")
    }

    func modelError(_ edit: (inout JSONObject) -> Void) -> PayloadError? {
        do {
            _ = try F.model("munich-full", now: "2026-02-07T16:20:00+01:00", edit: edit)
            return nil
        } catch let error as PayloadError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test(
        "wrong types and values name the topic and the field",
        arguments: [
            (
                "current.temperature", JSONValue.string("warm"), "weather/munich/current",
                "current.temperature: expected a number, got a string"
            ),
            (
                "current.condition", JSONValue.string("sunnyish"), "weather/munich/current",
                "current.condition: 'sunnyish' is not one of"
            ),
            ("current.humidity", 140, "weather/munich/current", "current.humidity: 140 is outside 0…100"),
            (
                "current.time", "yesterday", "weather/munich/current",
                "current.time: 'yesterday' is not an ISO 8601 time"
            ),
            ("current.schema", 2, "weather/munich/current", "current.schema: version 2 is not supported"),
            ("current.units.temperature", "°R", "weather/munich/current", "current.units.temperature: unknown unit"),
            ("current.location.id", "paris", "weather/munich/current", "does not match the topic's location 'munich'"),
            (
                "hourly.hours", ["not an object"], "weather/munich/hourly",
                "hourly.hours.0: expected an object, got a string"
            ),
            ("hourly.hours", 7, "weather/munich/hourly", "hourly.hours: expected an array, got a number"),
            (
                "daily.days.2.date", "Monday", "weather/munich/daily",
                "daily.days.2.date: 'Monday' is not a YYYY-MM-DD date"
            ),
            ("alerts.alerts.0.severity", "apocalyptic", "weather/munich/alerts", "alerts.alerts.0.severity"),
            ("status.state", "fine", "weather/munich/status", "status.state: 'fine' is not one of"),
            ("status.last_error", "oops", "weather/munich/status", "status.last_error: expected an object"),
        ] as [(String, JSONValue, String, String)])
    func schemaErrors(path: String, value: JSONValue, topic: String, expected: String) throws {
        let error = try #require(modelError { $0.set(path, value) })
        #expect(error.topic == topic)
        #expect(error.problem.contains(expected), "\(error)")
    }

    @Test("missing envelope parts are errors")
    func missingEnvelope() throws {
        for key in ["schema", "units", "location"] {
            let error = try #require(
                modelError {
                    $0["current"] = $0["current"].map { value in
                        guard case .object(var object) = value else { return value }
                        object[key] = nil
                        return .object(object)
                    }
                })
            #expect(error.problem.contains("current.\(key): missing"), "\(error)")
        }
    }

    @Test("extreme numbers and hostile text render without trapping or escape bytes")
    func extremes() throws {
        let model = try F.model("munich-full", now: "2026-02-07T16:20:00+01:00") { document in
            document.set("current.temperature", 999.9)
            document.set("current.wind_speed", 9999)
            document.set("current.pressure", 99999)
            document.set("current.location.name", "\u{1B}[31mEvil\u{1B}[0m\u{07}\nName")
            document.set("current.summary", .string(String(repeating: "🌧️", count: 200)))
            document.set("hourly.hours.0.summary", "\u{9B}2J")
            document.set("alerts.alerts.0.title", "\u{1B}]0;pwned\u{07}")
        }
        for glyphs in GlyphSet.allCases {
            let text = TerminalRenderer(options: TerminalOptions(glyphs: glyphs)).render(model)
            #expect(!text.utf8.contains(0x1B))
            #expect(!text.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x07 })
            #expect(text.contains("Evil"))
        }
    }

    /// Random damage to a real payload: every variant either builds and renders or is a
    /// `PayloadError`; nothing traps.
    @Test("randomly damaged payloads never crash", arguments: 0..<40)
    func fuzz(seed: Int) throws {
        var generator = SplitMix(seed: UInt64(seed))
        let replacements: [JSONValue] = [
            .null, true, -1e308, 1e308, -0.0, 0.5, 9999999, -273.15, "", "x", "2026-13-45T99:99:99Z", [], [[]],
            .object(JSONObject()), "\u{1B}", 360, -1,
        ]
        var payloads = F.payloads("munich-full")
        for _ in 0..<6 {
            let kind = LocationTopic.allCases[Int(generator.next() % UInt64(LocationTopic.allCases.count))]
            guard var payload = payloads[kind] else { continue }
            payload.json.damage(using: &generator, replacements: replacements)
            payloads[kind] = payload
        }
        do {
            let model = try WeatherViewModel(payloads: payloads, now: F.date("2026-02-07T16:20:00+01:00"))
            let text = TerminalRenderer(options: TerminalOptions(glyphs: .unicode, color: true, bothUnits: true))
                .render(model)
            #expect(!text.isEmpty)
            _ = try StatusLineTemplate("{temp} {glyph} {wind} {max} {age}").render(model, glyphs: .nerd)
        } catch is PayloadError {
            // Refused with a message: fine.
        }
    }
}

/// A small deterministic generator for the fuzz test.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension JSONValue {
    /// Replaces one randomly chosen value somewhere inside with one of `replacements`.
    mutating func damage(using generator: inout SplitMix, replacements: [JSONValue]) {
        switch self {
        case .object(var object) where object.count > 0 && generator.next() % 4 != 0:
            let key = object.keys[Int(generator.next() % UInt64(object.count))]
            var child = object[key]!
            child.damage(using: &generator, replacements: replacements)
            object[key] = child
            self = .object(object)
        case .array(var items) where !items.isEmpty && generator.next() % 4 != 0:
            let index = Int(generator.next() % UInt64(items.count))
            items[index].damage(using: &generator, replacements: replacements)
            self = .array(items)
        default:
            self = replacements[Int(generator.next() % UInt64(replacements.count))]
        }
    }
}
