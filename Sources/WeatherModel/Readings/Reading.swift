import FoundationEssentials

/// One set of values valid at one instant: the current reading or an hourly entry.
///
/// Values are in the canonical units (°C, km/h, hPa, mm, mm/h, km, percent 0–100);
/// `nil` is "the provider did not say".
public struct Reading: Sendable, Equatable {
    // Stored without padding (a reading is kept for every hour of a week per location): the
    // 8- and 16-byte fields first, numbers as `OptionalDouble` (8 bytes, not 16), 1-byte enums last.
    public var time: Date
    public var summary: String?
    public var providerCode: String?
    @OptionalDouble public var temperature: Double? = nil
    @OptionalDouble public var apparentTemperature: Double? = nil
    @OptionalDouble public var dewPoint: Double? = nil
    @OptionalDouble public var humidity: Double? = nil
    @OptionalDouble public var cloudCoverage: Double? = nil
    @OptionalDouble public var precipitationProbability: Double? = nil
    /// Sea-level pressure, hPa.
    @OptionalDouble public var pressure: Double? = nil
    @OptionalDouble public var windSpeed: Double? = nil
    @OptionalDouble public var windGust: Double? = nil
    /// Degrees, the direction the wind comes from.
    @OptionalDouble public var windBearing: Double? = nil
    /// Intensity, mm/h.
    @OptionalDouble public var precipitation: Double? = nil
    @OptionalDouble public var uvIndex: Double? = nil
    /// Visibility, km.
    @OptionalDouble public var visibility: Double? = nil
    public var condition: Condition?
    public var isDay: Bool?
    public var precipitationType: PrecipitationType?

    public init(time: Date) { self.time = time }
}

/// One local calendar day of the location.
public struct Day: Sendable, Equatable {
    // Stored without padding, as `Reading`.
    public var date: CivilDate
    public var summary: String?
    public var providerCode: String?
    @OptionalDouble public var temperatureMax: Double? = nil
    @OptionalDouble public var temperatureMin: Double? = nil
    @OptionalDouble public var apparentTemperatureMax: Double? = nil
    @OptionalDouble public var apparentTemperatureMin: Double? = nil
    /// Sum, mm.
    @OptionalDouble public var precipitation: Double? = nil
    @OptionalDouble public var precipitationProbability: Double? = nil
    /// Maximum, km/h.
    @OptionalDouble public var windSpeed: Double? = nil
    /// Maximum, km/h.
    @OptionalDouble public var windGust: Double? = nil
    @OptionalDouble public var windBearing: Double? = nil
    @OptionalDouble public var humidity: Double? = nil
    @OptionalDouble public var pressure: Double? = nil
    /// Maximum.
    @OptionalDouble public var uvIndex: Double? = nil
    @OptionalDate public var sunrise: Date? = nil
    @OptionalDate public var sunset: Date? = nil
    /// 0 new … 0.5 full … 1.
    @OptionalDouble public var moonPhase: Double? = nil
    public var condition: Condition?
    public var precipitationType: PrecipitationType?

    public init(date: CivilDate) { self.date = date }
}

/// A weather warning.
public struct Alert: Sendable, Equatable {
    public var id: String
    public var title: String
    public var severity: AlertSeverity
    public var description: String?
    public var onset: Date?
    public var expires: Date?
    /// The warning source that delivered it (`nws`, `brightsky`, `metalerts`, `meteoalarm`,
    /// `openweathermap`, or the forecast provider's name).
    public var source: String?
    public var uri: String?
    /// The kind of hazard in the source's words (`gale`, `strong heat`, `Severe Thunderstorm Warning`).
    public var event: String?
    /// The awareness colour where the source has one: `green` `yellow` `orange` `red`.
    public var awareness: String?
    /// What to do, where the source separates it from the description.
    public var instruction: String?
    /// The issuing service (`Deutscher Wetterdienst`, `MET Norway`, `NWS Portland OR`).
    public var sender: String?
    /// The credit the source asks for.
    public var attribution: String?

    public init(
        id: String, title: String, severity: AlertSeverity, description: String? = nil,
        onset: Date? = nil, expires: Date? = nil, source: String? = nil, uri: String? = nil,
        event: String? = nil, awareness: String? = nil, instruction: String? = nil, sender: String? = nil,
        attribution: String? = nil
    ) {
        self.id = id
        self.title = title
        self.severity = severity
        self.description = description
        self.onset = onset
        self.expires = expires
        self.source = source
        self.uri = uri
        self.event = event
        self.awareness = awareness
        self.instruction = instruction
        self.sender = sender
        self.attribution = attribution
    }
}

/// Everything one provider answered for one location, normalised but not yet trimmed to
/// "now" or converted to the configured units (that happens in `PayloadBuilder`).
public struct Forecast: Sendable, Equatable {
    public var current: Reading
    /// Today's sunrise and sunset, when known.
    public var sunrise: Date?
    public var sunset: Date?
    public var hours: [Reading]
    /// Minutes between hourly entries (60, or 180 for OpenWeatherMap's free forecast).
    public var intervalMinutes: Int
    public var days: [Day]
    /// `nil` where the provider has no alerts at all.
    public var alerts: [Alert]?
    /// One Call 4.0: the ids of the alerts the answer lists (each one's text is a call of its
    /// own, made by the bridge's warning sources); `nil` for every other provider.
    public var alertIDs: [String]?
    /// The IANA time zone the provider reported, if any.
    public var timezone: String?
    /// Whether `current` is only the first entry of `hours` (the answer had no current
    /// block): the payload builder then publishes the hour that contains "now" instead.
    public var currentIsFromSeries = false
    /// What the answer lacked (a partial answer: daily values only, or one of NWS's two
    /// forecasts failed). The bridge keeps those parts from the last good answer.
    public var lacking: ForecastParts = []

    public init(
        current: Reading, sunrise: Date? = nil, sunset: Date? = nil, hours: [Reading] = [],
        intervalMinutes: Int = 60, days: [Day] = [], alerts: [Alert]? = nil, timezone: String? = nil
    ) {
        self.current = current
        self.sunrise = sunrise
        self.sunset = sunset
        self.hours = hours.withoutSlack
        self.intervalMinutes = intervalMinutes
        self.days = days.withoutSlack
        self.alerts = alerts
        self.timezone = timezone
    }
}

extension Forecast {
    /// Keeps only the hours a payload can still show: from the one containing `start` to those
    /// before `end` (without spare capacity). The days were filled from every hour when the
    /// answer was decoded, so they lose nothing.
    public mutating func keepHours(from start: Date, until end: Date) {
        let step = Double(max(1, intervalMinutes) * 60)
        hours = hours.filter { $0.time.addingTimeInterval(step) > start && $0.time < end }.withoutSlack
    }
}
