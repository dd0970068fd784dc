import Foundation
import Rendering
import TestSupport
import WeatherModel
import WireContract

/// Recorded payloads for the view-model and terminal tests: `Golden/terminal/inputs/<name>.json`
/// holds `{current, hourly, daily, alerts[, status]}` of one location, as the bridge publishes them.
enum ViewModelFixtures {
    static let base = "weather"

    static func document(_ name: String) -> JSONValue {
        let path = TestPaths.testsFolder + "/RenderingTests/Golden/terminal/inputs/" + name + ".json"
        guard let data = FileManager.default.contents(atPath: path), let json = try? JSONParser.parse([UInt8](data))
        else { fatalError("missing or invalid input \(path)") }
        return json
    }

    /// The payloads of `name`, optionally changed by `edit` first.
    static func payloads(_ name: String, edit: (inout JSONObject) -> Void = { _ in }) -> LocationPayloads {
        guard case .object(var document) = document(name) else { fatalError("\(name) is not an object") }
        let id = document["current"]?["location"]?["id"]?.string ?? name
        edit(&document)
        var payloads = LocationPayloads(location: id)
        for kind in LocationTopic.allCases {
            guard let json = document[kind.rawValue] else { continue }
            payloads[kind] = TopicPayload(topic: TopicNames(base: base).name(.location(id, kind)), json: json)
        }
        return payloads
    }

    static func date(_ text: String) -> Date {
        guard let date = ISO8601.date(text) else { fatalError("bad date \(text)") }
        return date
    }

    static func model(
        _ name: String, now: String, units: UnitSettings? = nil, language: Language = .en,
        edit: (inout JSONObject) -> Void = { _ in }
    ) throws -> WeatherViewModel {
        try WeatherViewModel(payloads: payloads(name, edit: edit), now: date(now), units: units, language: language)
    }
}

extension JSONObject {
    /// Sets `value` at a dotted path of object keys and array indices (`hourly.hours.0.time`).
    mutating func set(_ path: String, _ value: JSONValue) {
        var parts = path.split(separator: ".").map(String.init)
        let key = parts.removeFirst()
        guard !parts.isEmpty else {
            self[key] = value
            return
        }
        var child = self[key] ?? .object(JSONObject())
        child.set(parts, value)
        self[key] = child
    }
}

extension JSONValue {
    mutating func set(_ parts: [String], _ value: JSONValue) {
        guard let first = parts.first else {
            self = value
            return
        }
        let rest = Array(parts.dropFirst())
        switch self {
        case .object(var object):
            var child = object[first] ?? .object(JSONObject())
            child.set(rest, value)
            object[first] = child
            self = .object(object)
        case .array(var items):
            guard let index = Int(first), items.indices.contains(index) else { return }
            items[index].set(rest, value)
            self = .array(items)
        default:
            return
        }
    }
}
