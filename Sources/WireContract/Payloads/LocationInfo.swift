import WeatherModel

/// A configured location as the envelope describes it.
public struct LocationInfo: Sendable, Equatable {
    /// Topic segment: `^[a-z0-9][a-z0-9_-]{0,63}$`.
    public var id: String
    public var name: String
    public var latitude: Double
    public var longitude: Double
    /// IANA zone: configured, else the one the provider reported.
    public var timezone: String?

    public init(id: String, name: String, latitude: Double, longitude: Double, timezone: String? = nil) {
        self.id = id
        self.name = name
        self.latitude = latitude
        self.longitude = longitude
        self.timezone = timezone
    }

    public var json: JSONValue {
        [
            "id": .string(id), "name": .string(name), "latitude": .number(latitude),
            "longitude": .number(longitude), "timezone": JSONValue(timezone),
        ]
    }
}
