import WeatherModel

/// What a `single` frame shows, already in display units and words: the layouts draw this
/// and nothing else, so they can be tested with hand-made inputs and golden frames.
///
/// Temperatures are numbers in the display unit (the layouts round them for the big type);
/// everything else that is only printed comes as text.
public struct FrameInput: Sendable, Equatable {
    /// One hour of the chart.
    public struct Hour: Sendable, Equatable {
        /// Local hour of day, 0–23, for the axis labels.
        public var hour: Int
        public var temperature: Double?
        /// Percent, 0–100.
        public var precipitationProbability: Double?
        /// Set on the first hour of a new local day: the day's short name (`Tue`), drawn
        /// next to the midnight divider.
        public var newDay: String?

        public init(hour: Int, temperature: Double?, precipitationProbability: Double?, newDay: String? = nil) {
            self.hour = hour
            self.temperature = temperature
            self.precipitationProbability = precipitationProbability
            self.newDay = newDay
        }
    }

    /// One day of the strip.
    public struct Day: Sendable, Equatable {
        /// `Today`, `Tue`, …
        public var label: String
        public var condition: Condition?
        public var high: Double?
        public var low: Double?
        public var precipitationProbability: Double?

        public init(
            label: String, condition: Condition?, high: Double?, low: Double?, precipitationProbability: Double? = nil
        ) {
            self.label = label
            self.condition = condition
            self.high = high
            self.low = low
            self.precipitationProbability = precipitationProbability
        }
    }

    /// An alert's headline.
    public struct Alert: Sendable, Equatable {
        public var title: String
        public var severity: AlertSeverity
        /// When it applies: `until Sun 18:00`, `from 20:00 until Sun 09:00`.
        public var validity: String?
        /// The credit its source asks for (`Warnings: Deutscher Wetterdienst, via Bright Sky`).
        public var attribution: String?

        public init(title: String, severity: AlertSeverity, validity: String? = nil, attribution: String? = nil) {
            self.title = title
            self.severity = severity
            self.validity = validity
            self.attribution = attribution
        }
    }

    /// How worried the frame should look about the age of its data; the badge grows with it.
    public enum Staleness: Int, Sendable, Comparable, CaseIterable {
        /// Recent: no badge.
        case fresh
        /// An hour old or more: a small outlined badge with the age.
        case old
        /// Expired or reported stale: a filled badge.
        case stale
        /// Stale for many hours: a large filled badge across the header.
        case veryStale

        public static func < (lhs: Staleness, rhs: Staleness) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var locationName: String
    /// When the data was observed, local time of the location (`14:05`, `Fri 14:05`).
    public var observedAt: String?
    public var condition: Condition?
    public var isDay: Bool
    /// `Partly cloudy`.
    public var summary: String?
    public var temperature: Double?
    /// Whether the user's own station measured `temperature`: the frame marks it where it fits.
    public var temperatureFromStation: Bool
    public var feelsLike: Double?
    /// Today's maximum and minimum.
    public var high: Double?
    public var low: Double?
    /// `12 km/h`.
    public var windSpeed: String?
    /// `WSW`.
    public var windDirection: String?
    /// Where the wind comes from, degrees.
    public var windBearing: Double?
    /// `81%`.
    public var humidity: String?
    /// `07:42`.
    public var sunrise: String?
    public var sunset: String?
    /// From the hour that contains now, up to 24.
    public var hours: [Hour]
    /// How far into `hours[0]` now is, 0 (on the hour) to 1 (the view-model adapter
    /// rounds it down to quarters).
    public var nowFraction: Double
    /// From today.
    public var days: [Day]
    /// Most severe first.
    public var alerts: [Alert]
    public var staleness: Staleness
    /// How old the data is (`2 h old`); the stale badge says it, with `STALE` when stale.
    public var ageText: String?
    /// The provider's required credit line.
    public var attribution: String?

    /// The credit lines at the foot of the frame: the provider's, then each shown warning
    /// source's once, on the same line while they fit in `width`, else on a second one (cut
    /// short only when a single credit is wider than the frame).
    func creditLines(font: Font, width: Int) -> [String] {
        var lines: [String] = attribution.map { [$0] } ?? []
        for credit in alerts.compactMap(\.attribution)
        where !credit.isEmpty && !lines.contains(where: { $0.contains(credit) }) {
            if let last = lines.last, font.width(of: last + " · " + credit) <= width {
                lines[lines.count - 1] = last + " · " + credit
            } else {
                lines.append(credit)
            }
        }
        return lines.filter { !$0.isEmpty }.map { font.truncated($0, toWidth: width) }
    }

    /// The language of the frame's own words (`Feels like`, `as of`, hour labels).
    public var language: Language
    /// The nowcast's sentence when precipitation is near (falling or starting within
    /// ``FrameInput/nowcastHorizon`` minutes), shown as a strip under the header; `nil` otherwise.
    public var nowcast: String?
    /// `AQI 27` (European, else US), shown where it fits; `nil` without air quality.
    public var airQuality: String?

    public init(
        locationName: String, observedAt: String? = nil, condition: Condition? = nil, isDay: Bool = true,
        summary: String? = nil, temperature: Double? = nil, feelsLike: Double? = nil, high: Double? = nil,
        low: Double? = nil, windSpeed: String? = nil, windDirection: String? = nil, windBearing: Double? = nil,
        humidity: String? = nil, sunrise: String? = nil, sunset: String? = nil, hours: [Hour] = [],
        nowFraction: Double = 0, days: [Day] = [], alerts: [Alert] = [], staleness: Staleness = .fresh,
        ageText: String? = nil, attribution: String? = nil, language: Language = .en, nowcast: String? = nil,
        airQuality: String? = nil, temperatureFromStation: Bool = false
    ) {
        self.language = language
        self.locationName = locationName
        self.observedAt = observedAt
        self.condition = condition
        self.isDay = isDay
        self.summary = summary
        self.temperature = temperature
        self.temperatureFromStation = temperatureFromStation
        self.feelsLike = feelsLike
        self.high = high
        self.low = low
        self.windSpeed = windSpeed
        self.windDirection = windDirection
        self.windBearing = windBearing
        self.humidity = humidity
        self.sunrise = sunrise
        self.sunset = sunset
        self.hours = hours
        self.nowFraction = nowFraction
        self.days = days
        self.alerts = alerts
        self.staleness = staleness
        self.ageText = ageText
        self.attribution = attribution
        self.nowcast = nowcast
        self.airQuality = airQuality
    }
}

/// What an `overview` frame shows: one row per location.
public struct OverviewInput: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var condition: Condition?
        public var isDay: Bool
        public var temperature: Double?
        public var high: Double?
        public var low: Double?
        public var staleness: FrameInput.Staleness
        /// `2 h old` when not fresh.
        public var ageText: String?

        public init(
            name: String, condition: Condition?, isDay: Bool, temperature: Double?, high: Double?, low: Double?,
            staleness: FrameInput.Staleness = .fresh, ageText: String? = nil
        ) {
            self.name = name
            self.condition = condition
            self.isDay = isDay
            self.temperature = temperature
            self.high = high
            self.low = low
            self.staleness = staleness
            self.ageText = ageText
        }
    }

    public var entries: [Entry]
    /// The newest observation time among the entries, for the header.
    public var observedAt: String?
    /// The language of the frame's own words.
    public var language: Language

    public init(entries: [Entry], observedAt: String? = nil, language: Language = .en) {
        self.entries = entries
        self.observedAt = observedAt
        self.language = language
    }
}

/// How temperatures are written on a frame: whole degrees, a real minus sign, never `−0`.
enum Degrees {
    static func text(_ value: Double?) -> String {
        guard let value, value.isFinite, abs(value) < 10_000 else { return "–" }
        let whole = Int(value.rounded(.toNearestOrAwayFromZero))
        return whole < 0 ? "−\(-whole)°" : "\(whole)°"
    }
}
