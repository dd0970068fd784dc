import FoundationEssentials

/// A `Double?` stored in 8 bytes: `nil` is one NaN bit pattern no arithmetic produces.
///
/// A plain `Double?` takes 9 bytes and, between other fields, 16; a forecast keeps ~15 of
/// them for every hour of a week per location. Every other value, other NaNs included, reads
/// back exactly as stored, and `==` compares the optionals (so a NaN is unequal to itself, as before).
@propertyWrapper
public struct OptionalDouble: Sendable, Equatable {
    /// A quiet NaN with a payload of its own: the marker of `nil`.
    static let none = Double(nan: 0x6E_696C, signaling: false)

    private var bits: Double

    public init(wrappedValue: Double?) { bits = wrappedValue ?? Self.none }

    public var wrappedValue: Double? {
        get { bits.bitPattern == Self.none.bitPattern ? nil : bits }
        set { bits = newValue ?? Self.none }
    }

    public static func == (left: OptionalDouble, right: OptionalDouble) -> Bool {
        left.wrappedValue == right.wrappedValue
    }
}

/// A `Date?` stored in 8 bytes, the same way as `OptionalDouble`.
@propertyWrapper
public struct OptionalDate: Sendable, Equatable {
    private var seconds: OptionalDouble

    public init(wrappedValue: Date?) {
        seconds = OptionalDouble(wrappedValue: wrappedValue?.timeIntervalSinceReferenceDate)
    }

    public var wrappedValue: Date? {
        get { seconds.wrappedValue.map(Date.init(timeIntervalSinceReferenceDate:)) }
        set { seconds = OptionalDouble(wrappedValue: newValue?.timeIntervalSinceReferenceDate) }
    }
}

extension Array {
    /// The same elements in a buffer of their count: what is kept for long (a forecast per
    /// location) should not carry the up-to-twice capacity that appending one by one leaves.
    var withoutSlack: [Element] {
        guard capacity > count + count / 16 else { return self }
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: self)
        }
    }
}
