import WeatherModel

/// A location's `current` after blending: the reading, where each non-null field came from,
/// and rain today.
public struct BlendedCurrent: Sendable, Equatable {
    public var reading: Reading
    /// Payload field name → `station:<id>` or the provider's name, for every non-null field, in
    /// SPEC §4 order.
    public var sources: [(field: String, source: String)]
    /// Rain since the location's midnight, mm; `nil` when no station knows the whole day.
    public var rainToday: Double?

    public static func == (left: BlendedCurrent, right: BlendedCurrent) -> Bool {
        left.reading == right.reading && left.rainToday == right.rainToday
            && left.sources.elementsEqual(right.sources) { $0.field == $1.field && $0.source == $1.source }
    }

    /// The source of `field`, if it is non-null.
    public func source(of field: String) -> String? {
        sources.first(where: { $0.field == field })?.source
    }
}
