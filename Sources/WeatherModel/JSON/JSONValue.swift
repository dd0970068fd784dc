/// A JSON document as a plain value. Objects keep their key order, so payloads are written
/// in the order SPEC §4 lists their fields, and `null` keys stay present.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The member `key` of an object, or `nil` for anything else.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element `index` of an array, or `nil`.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    public var double: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// A number, or a string that holds one (some providers quote their numbers).
    public var lenientDouble: Double? {
        switch self {
        case .number(let value): return value
        case .string(let text): return Double(text)
        default: return nil
        }
    }

    public var int: Int? {
        guard let value = lenientDouble, value.isFinite, value == value.rounded(),
            abs(value) < 9e15
        else { return nil }
        return Int(value)
    }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var bool: Bool? {
        switch self {
        case .bool(let value): return value
        case .number(let value): return value != 0
        default: return nil
        }
    }

    public var array: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var object: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

/// An ordered JSON object: members keep the order they were added or parsed in.
public struct JSONObject: Sendable, Equatable, Sequence {
    /// One key and its value. A struct, not a tuple: arrays of tuples are copied and destroyed
    /// through generic tuple metadata, ten times slower.
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue
    }

    public private(set) var members: [Member] = []

    public init() {}

    /// An empty object with room for `capacity` members: builders that know how many they add
    /// grow the storage once instead of five or six times.
    public init(capacity: Int) { members.reserveCapacity(capacity) }

    /// The members in order; a repeated key keeps its first position and its last value.
    public init(_ members: [(String, JSONValue)]) {
        // Payload and state objects have up to ~25 distinct keys: one hash per key finds
        // repeats faster than comparing every key with every earlier one.
        if members.count > 8 {
            var seen = Set<String>(minimumCapacity: members.count)
            if members.allSatisfy({ seen.insert($0.0).inserted }) {
                self.members = members.map { Member(key: $0.0, value: $0.1) }
                return
            }
        }
        for (key, value) in members { self[key] = value }
    }

    public var keys: [String] { members.map(\.key) }
    public var count: Int { members.count }

    public subscript(key: String) -> JSONValue? {
        get { members.first(where: { $0.key == key })?.value }
        set {
            if let index = members.firstIndex(where: { $0.key == key }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append(Member(key: key, value: newValue))
            }
        }
    }

    /// Adds a member without looking for an existing one: for callers that know the key is
    /// new (the parser after its own check, payload builders writing fixed keys).
    public mutating func appendUnchecked(_ key: String, _ value: JSONValue) {
        members.append(Member(key: key, value: value))
    }

    public func makeIterator() -> Iterator { Iterator(base: members.makeIterator()) }

    /// The members in order, as `(key, value)` pairs.
    public struct Iterator: IteratorProtocol {
        var base: IndexingIterator<[Member]>

        public mutating func next() -> (key: String, value: JSONValue)? {
            base.next().map { ($0.key, $0.value) }
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}

extension JSONValue {
    /// `.number` for a value, `.null` for `nil`.
    public init(_ value: Double?) { self = value.map { .number($0) } ?? .null }
    /// `.string` for a value, `.null` for `nil`.
    public init(_ value: String?) { self = value.map { .string($0) } ?? .null }
    /// `.bool` for a value, `.null` for `nil`.
    public init(_ value: Bool?) { self = value.map { .bool($0) } ?? .null }
    /// `.number` for a value, `.null` for `nil`.
    public init(_ value: Int?) { self = value.map { .number(Double($0)) } ?? .null }
}
