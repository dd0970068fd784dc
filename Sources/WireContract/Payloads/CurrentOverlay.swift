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

    /// The fields of `current` that carry a source in `sources` when non-null, in SPEC §4 order.
    public static let sourcedFields = [
        "condition", "summary", "temperature", "apparent_temperature", "dew_point", "humidity", "cloud_coverage",
        "precipitation_probability", "pressure", "wind_speed", "wind_gust", "wind_bearing", "wind_direction",
        "precipitation", "precipitation_type", "uv_index", "visibility",
    ]

    /// The source of a value station `id` supplied: `station:<id>`.
    public static func stationSource(_ id: String) -> String { stationSourcePrefix + id }

    /// The station a source names (`roof` for `station:roof`), `nil` for a provider's name.
    public static func station(inSource source: String) -> String? {
        guard source.hasPrefix(stationSourcePrefix) else { return nil }
        let id = String(source.dropFirst(stationSourcePrefix.count))
        return id.isEmpty ? nil : id
    }

    private static let stationSourcePrefix = "station:"

    public init(reading: Reading, sources: [(field: String, source: String)], rainToday: Double?) {
        self.reading = reading
        self.sources = sources
        self.rainToday = rainToday
    }
}
