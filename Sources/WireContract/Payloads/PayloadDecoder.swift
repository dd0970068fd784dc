import WeatherModel

/// Turns the bytes of a retained message into a JSON value, refusing anything a
/// well-behaved bridge would never send: more than `maxBytes`, invalid UTF-8, nesting
/// deeper than `maxDepth`, or a document that is not a JSON object.
public struct PayloadDecoder: Sendable {
    /// Largest payload accepted (1 MiB; the bridge's biggest, a 48-hour forecast, is ~30 KiB).
    public var maxBytes: Int
    /// Deepest nesting accepted (the schema needs 4 levels).
    public var maxDepth: Int

    public init(maxBytes: Int = 1 << 20, maxDepth: Int = 16) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
    }

    /// The payload as a JSON object.
    public func object(topic: String, bytes: [UInt8]) throws(PayloadError) -> JSONValue {
        let value = try json(topic: topic, bytes: bytes)
        guard case .object = value else {
            throw PayloadError(topic: topic, problem: "expected a JSON object, got \(value.typeName)")
        }
        return value
    }

    /// The payload as any JSON value.
    public func json(topic: String, bytes: [UInt8]) throws(PayloadError) -> JSONValue {
        guard bytes.count <= maxBytes else {
            throw PayloadError(
                topic: topic, problem: "payload of \(bytes.count) bytes is larger than the limit of \(maxBytes) bytes")
        }
        guard !bytes.isEmpty else { throw PayloadError(topic: topic, problem: "empty payload") }
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw PayloadError(topic: topic, problem: "payload is not valid UTF-8")
        }
        do {
            return try JSONParser(maxDepth: maxDepth).parse(bytes)
        } catch {
            throw PayloadError(topic: topic, problem: "not valid JSON: \(error.description)")
        }
    }
}

extension JSONValue {
    /// `a number`, `a string`, … for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
