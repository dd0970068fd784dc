/// A location's MeteoAlarm region: `meteoalarm: { country: germany, region: DE343 }`.
public struct MeteoAlarmRegion: Sendable, Equatable {
    /// The country as MeteoAlarm's feed names spell it (`germany`, `bosnia-herzegovina`).
    public var country: String
    /// An `EMMA_ID` code (`DE343`) or an area name (`Erzgebirgskreis`) from the feed.
    public var region: String

    public init(country: String, region: String) {
        self.country = country
        self.region = region
    }
}

/// `providers.brightsky`, `providers.metalerts`, `providers.meteoalarm`.
public struct AlertSourceSettings: Sendable, Equatable {
    public var baseURL: String
    /// MeteoAlarm only: `json` (the API feed, default) or `atom` (the legacy feed).
    public var format: String

    public init(baseURL: String, format: String = "json") {
        self.baseURL = baseURL
        self.format = format
    }
}
