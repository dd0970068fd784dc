import WeatherModel

/// What the user's weather stations lay over a location's current reading (SPEC §4
/// "Stations"): the blended reading, where each non-null field came from, and rain today.
public struct CurrentOverlay: Sendable {
    /// The reading to publish: the provider's with the stations' fresh values.
    public var reading: Reading
    /// Payload field name → `station:<id>` or the provider's name, for every non-null field.
    public var sources: [(field: String, source: String)]
    /// Rain since the location's midnight, mm; `nil` when no station knows the whole day.
    public var rainToday: Double?

    public init(reading: Reading, sources: [(field: String, source: String)], rainToday: Double?) {
        self.reading = reading
        self.sources = sources
        self.rainToday = rainToday
    }
}
