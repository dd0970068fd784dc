import WeatherModel
import WireContract

/// A dotted path into one location's payloads (`Topic` is `LocationTopic`) or one station's
/// (`StationTopic`), as `weatherview get` takes it: `current.temperature`,
/// `daily.days.0.temperature_max`, `status.state`, `state.fields.temperature.value`. The first
/// segment names the topic (SPEC §3), the rest are object keys and array indices.
public struct PayloadPath<Topic>: Sendable, Equatable, CustomStringConvertible
where Topic: RawRepresentable<String> & CaseIterable & Sendable & Equatable {
    public var topic: Topic
    public var segments: [String]

    /// Parses `text`; the error names the path and what is wrong with it.
    public init(_ text: String) throws(PayloadPathError) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, !first.isEmpty, let topic = Topic(rawValue: first) else {
            let valid = Topic.allCases.map(\.rawValue).joined(separator: ", ")
            throw PayloadPathError(path: text, message: "it must start with one of \(valid)")
        }
        guard !parts.dropFirst().contains(where: \.isEmpty) else {
            throw PayloadPathError(path: text, message: "it has an empty segment")
        }
        self.topic = topic
        segments = Array(parts.dropFirst())
    }

    public var description: String { ([topic.rawValue] + segments).joined(separator: ".") }

    /// The value at this path in `payload` (the topic's whole JSON document).
    public func value(in payload: JSONValue) throws(PayloadPathError) -> JSONValue {
        var value = payload
        var walked = topic.rawValue
        for segment in segments {
            switch value {
            case .object(let object):
                guard let member = object[segment] else {
                    throw PayloadPathError(path: description, message: "\(walked) has no member '\(segment)'")
                }
                value = member
            case .array(let items):
                guard let index = Int(segment), index >= 0 else {
                    throw PayloadPathError(
                        path: description, message: "\(walked) is an array; '\(segment)' is not an index")
                }
                guard index < items.count else {
                    throw PayloadPathError(
                        path: description, message: "\(walked) has \(items.count) entries; there is no entry \(index)")
                }
                value = items[index]
            default:
                throw PayloadPathError(
                    path: description, message: "\(walked) is \(value.typeName), not an object or array")
            }
            walked += "." + segment
        }
        return value
    }
}

extension JSONValue {
    /// The value as a script wants it (`weatherview get`): numbers as JSON numbers, strings raw,
    /// `true`/`false`, `null`, objects and arrays as compact JSON.
    public var plainText: String {
        switch self {
        case .string(let text): text
        default: serialized()
        }
    }
}

/// A `get` path that names nothing in the payload (exit 64).
public struct PayloadPathError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String

    public var description: String { "no value at path '\(path)': \(message)" }
}
