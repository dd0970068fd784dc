import FoundationEssentials

/// One set of values valid at one instant: the current reading or an hourly entry.
///
/// Values are in the canonical units (°C, km/h, hPa, mm, mm/h, km, percent 0–100);
/// `nil` is "the provider did not say".
public struct Reading: Sendable, Equatable {
    public var time: Date
    public var condition: Condition?
    public var summary: String?
    public var providerCode: String?
    public var isDay: Bool?
    public var temperature: Double?
    public var apparentTemperature: Double?
    public var dewPoint: Double?
    public var humidity: Double?
    public var cloudCoverage: Double?
    public var precipitationProbability: Double?
    /// Sea-level pressure, hPa.
    public var pressure: Double?
    public var windSpeed: Double?
    public var windGust: Double?
    /// Degrees, the direction the wind comes from.
    public var windBearing: Double?
    /// Intensity, mm/h.
    public var precipitation: Double?
    public var precipitationType: PrecipitationType?
    public var uvIndex: Double?
    /// Visibility, km.
    public var visibility: Double?

    public init(time: Date) { self.time = time }
}

/// One local calendar day of the location.
public struct Day: Sendable, Equatable {
    public var date: CivilDate
    public var condition: Condition?
    public var summary: String?
    public var providerCode: String?
    public var temperatureMax: Double?
    public var temperatureMin: Double?
    public var apparentTemperatureMax: Double?
    public var apparentTemperatureMin: Double?
    /// Sum, mm.
    public var precipitation: Double?
    public var precipitationProbability: Double?
    public var precipitationType: PrecipitationType?
    /// Maximum, km/h.
    public var windSpeed: Double?
    /// Maximum, km/h.
    public var windGust: Double?
    public var windBearing: Double?
    public var humidity: Double?
    public var pressure: Double?
    /// Maximum.
    public var uvIndex: Double?
    public var sunrise: Date?
    public var sunset: Date?
    /// 0 new … 0.5 full … 1.
    public var moonPhase: Double?

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

    public init(
        current: Reading, sunrise: Date? = nil, sunset: Date? = nil, hours: [Reading] = [],
        intervalMinutes: Int = 60, days: [Day] = [], alerts: [Alert]? = nil, timezone: String? = nil
    ) {
        self.current = current
        self.sunrise = sunrise
        self.sunset = sunset
        self.hours = hours
        self.intervalMinutes = intervalMinutes
        self.days = days
        self.alerts = alerts
        self.timezone = timezone
    }
}
