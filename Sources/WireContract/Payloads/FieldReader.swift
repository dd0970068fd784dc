import FoundationEssentials
import WeatherModel

/// Typed, checked access to one JSON object of a payload. A missing key or `null` reads as
/// `nil`; a value of the wrong type is a `PayloadError` naming the topic and the field path.
public struct FieldReader {
    public let topic: String
    /// Where this object sits in the payload (`current`, `hourly.hours.3`), for messages.
    public let path: String
    public let object: JSONObject
    /// Zone for timestamps written without an offset.
    public var zone: ZoneInfo = .utc

    public init(topic: String, path: String, value: JSONValue, zone: ZoneInfo = .utc) throws(PayloadError) {
        guard case .object(let object) = value else {
            throw PayloadError(topic: topic, problem: "\(path): expected an object, got \(value.typeName)")
        }
        self.topic = topic
        self.path = path
        self.object = object
        self.zone = zone
    }

    public func fail(_ key: String, _ message: String) -> PayloadError {
        PayloadError(topic: topic, problem: "\(path).\(key): \(message)")
    }

    private func present(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    public func number(_ key: String) throws(PayloadError) -> Double? {
        guard let value = present(key) else { return nil }
        guard case .number(let number) = value else { throw fail(key, "expected a number, got \(value.typeName)") }
        return number
    }

    /// A number within `range`.
    public func number(_ key: String, in range: ClosedRange<Double>) throws(PayloadError) -> Double? {
        guard let value = try number(key) else { return nil }
        guard range.contains(value) else {
            throw fail(
                key,
                "\(JSONValue.format(value)) is outside \(JSONValue.format(range.lowerBound))…\(JSONValue.format(range.upperBound))"
            )
        }
        return value
    }

    public func string(_ key: String) throws(PayloadError) -> String? {
        guard let value = present(key) else { return nil }
        guard case .string(let text) = value else { throw fail(key, "expected a string, got \(value.typeName)") }
        return text
    }

    public func requiredString(_ key: String) throws(PayloadError) -> String {
        guard let text = try string(key) else { throw fail(key, "missing") }
        return text
    }

    public func bool(_ key: String) throws(PayloadError) -> Bool? {
        guard let value = present(key) else { return nil }
        guard case .bool(let flag) = value else { throw fail(key, "expected true or false, got \(value.typeName)") }
        return flag
    }

    /// An ISO 8601 timestamp.
    public func date(_ key: String) throws(PayloadError) -> Date? {
        guard let text = try string(key) else { return nil }
        guard let date = ISO8601.date(text, zone: zone) else {
            throw fail(key, "'\(text.prefix(40))' is not an ISO 8601 time")
        }
        return date
    }

    public func reader(_ key: String) throws(PayloadError) -> FieldReader? {
        guard let value = present(key) else { return nil }
        return try FieldReader(topic: topic, path: path + "." + key, value: value, zone: zone)
    }

    public func array(_ key: String) throws(PayloadError) -> [JSONValue]? {
        guard let value = present(key) else { return nil }
        guard case .array(let items) = value else { throw fail(key, "expected an array, got \(value.typeName)") }
        return items
    }

    /// The elements of an array of objects, each as a reader.
    public func readers(_ key: String) throws(PayloadError) -> [FieldReader] {
        guard let items = try array(key) else { return [] }
        var readers: [FieldReader] = []
        readers.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            readers.append(try FieldReader(topic: topic, path: "\(path).\(key).\(index)", value: item, zone: zone))
        }
        return readers
    }

    /// A value from a closed vocabulary (`condition`, `severity`, …).
    public func choice<T: RawRepresentable>(_ key: String, _ type: T.Type) throws(PayloadError) -> T?
    where T.RawValue == String, T: CaseIterable {
        guard let text = try string(key) else { return nil }
        guard let value = T(rawValue: text) else {
            let valid = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw fail(key, "'\(text.prefix(40))' is not one of \(valid)")
        }
        return value
    }
}
