import FoundationEssentials
import WeatherModel
import WireContract

/// The values of one reading (the current one or an hour), in canonical units:
/// °C, km/h, hPa, mm (per hour for `precipitation`), km. `nil` where the payload has `null`.
public struct WeatherValues: Sendable, Equatable {
    /// The instant the values are valid for.
    public var time: Date?
    public var condition: Condition?
    public var summary: String?
    public var isDay: Bool?
    public var temperature: Double?
    public var apparentTemperature: Double?
    public var dewPoint: Double?
    /// Percent 0–100.
    public var humidity: Double?
    public var cloudCoverage: Double?
    public var precipitationProbability: Double?
    /// Sea-level pressure, hPa.
    public var pressure: Double?
    /// km/h.
    public var windSpeed: Double?
    public var windGust: Double?
    /// Degrees the wind comes from, 0–359.
    public var windBearing: Double?
    /// 16-point compass text for the bearing.
    public var windDirection: String?
    /// Intensity, mm/h.
    public var precipitation: Double?
    public var precipitationType: PrecipitationType?
    public var uvIndex: Double?
    /// km.
    public var visibility: Double?

    public init() {}

    /// Reads a reading object written in `units`.
    init(_ reader: FieldReader, units: UnitSettings) throws(PayloadError) {
        time = try reader.date("time")
        condition = try reader.choice("condition", Condition.self)
        summary = try reader.string("summary")
        isDay = try reader.bool("is_day")
        temperature = try reader.number("temperature", in: -1000...1000).map(units.temperature.toCelsius)
        apparentTemperature = try reader.number("apparent_temperature", in: -1000...1000).map(
            units.temperature.toCelsius)
        dewPoint = try reader.number("dew_point", in: -1000...1000).map(units.temperature.toCelsius)
        humidity = try reader.number("humidity", in: 0...100)
        cloudCoverage = try reader.number("cloud_coverage", in: 0...100)
        precipitationProbability = try reader.number("precipitation_probability", in: 0...100)
        pressure = try reader.number("pressure", in: 0...1e5).map(units.pressure.toHectopascal)
        windSpeed = try reader.number("wind_speed", in: 0...1e4).map(units.windSpeed.toKilometresPerHour)
        windGust = try reader.number("wind_gust", in: 0...1e4).map(units.windSpeed.toKilometresPerHour)
        windBearing = try reader.number("wind_bearing", in: 0...360)
        windDirection = try reader.string("wind_direction")
        if windDirection == nil, let windBearing { windDirection = Compass.point(for: windBearing) }
        precipitation = try reader.number("precipitation", in: 0...1e5).map(units.precipitation.toMillimetres)
        precipitationType = try reader.choice("precipitation_type", PrecipitationType.self)
        uvIndex = try reader.number("uv_index", in: 0...100)
        visibility = try reader.number("visibility", in: 0...1e6).map(units.distance.toKilometres)
    }
}

/// The current reading, with today's sunrise and sunset.
public struct CurrentConditions: Sendable, Equatable {
    public var values: WeatherValues
    public var sunrise: Date?
    public var sunset: Date?

    public init(values: WeatherValues, sunrise: Date? = nil, sunset: Date? = nil) {
        self.values = values
        self.sunrise = sunrise
        self.sunset = sunset
    }
}

/// One entry of the next hours.
public struct HourForecast: Sendable, Equatable {
    /// `Now` for the hour that contains now, else the local start time (`17:00`).
    public var label: String
    /// Start of the hour.
    public var time: Date
    /// Local wall-clock start of the hour in the location's zone.
    public var local: CivilDateTime
    public var values: WeatherValues
}

/// One entry of the next days.
public struct DayForecast: Sendable, Equatable {
    /// The location's calendar day.
    public var date: CivilDate
    /// `Today`, `Tomorrow`, or the weekday (`Wednesday`).
    public var label: String
    /// `Today`, `Tmrw`, or the short weekday (`Wed`).
    public var shortLabel: String
    public var condition: Condition?
    public var summary: String?
    /// °C.
    public var temperatureMax: Double?
    public var temperatureMin: Double?
    public var apparentTemperatureMax: Double?
    public var apparentTemperatureMin: Double?
    /// Sum, mm.
    public var precipitation: Double?
    public var precipitationProbability: Double?
    public var precipitationType: PrecipitationType?
    /// Maxima, km/h.
    public var windSpeed: Double?
    public var windGust: Double?
    public var windBearing: Double?
    public var windDirection: String?
    public var humidity: Double?
    /// hPa.
    public var pressure: Double?
    public var uvIndex: Double?
    public var sunrise: Date?
    public var sunset: Date?
    /// 0 new … 0.5 full … 1.
    public var moonPhase: Double?

    init(_ reader: FieldReader, units: UnitSettings) throws(PayloadError) {
        let text = try reader.requiredString("date")
        guard let date = CivilDate(iso: text), text.utf8.count == 10 else {
            throw reader.fail("date", "'\(text.prefix(40))' is not a YYYY-MM-DD date")
        }
        self.date = date
        label = ""
        shortLabel = ""
        condition = try reader.choice("condition", Condition.self)
        summary = try reader.string("summary")
        temperatureMax = try reader.number("temperature_max", in: -1000...1000).map(units.temperature.toCelsius)
        temperatureMin = try reader.number("temperature_min", in: -1000...1000).map(units.temperature.toCelsius)
        apparentTemperatureMax = try reader.number("apparent_temperature_max", in: -1000...1000).map(
            units.temperature.toCelsius)
        apparentTemperatureMin = try reader.number("apparent_temperature_min", in: -1000...1000).map(
            units.temperature.toCelsius)
        precipitation = try reader.number("precipitation", in: 0...1e5).map(units.precipitation.toMillimetres)
        precipitationProbability = try reader.number("precipitation_probability", in: 0...100)
        precipitationType = try reader.choice("precipitation_type", PrecipitationType.self)
        windSpeed = try reader.number("wind_speed", in: 0...1e4).map(units.windSpeed.toKilometresPerHour)
        windGust = try reader.number("wind_gust", in: 0...1e4).map(units.windSpeed.toKilometresPerHour)
        windBearing = try reader.number("wind_bearing", in: 0...360)
        windDirection = try reader.string("wind_direction")
        humidity = try reader.number("humidity", in: 0...100)
        pressure = try reader.number("pressure", in: 0...1e5).map(units.pressure.toHectopascal)
        uvIndex = try reader.number("uv_index", in: 0...100)
        sunrise = try reader.date("sunrise")
        sunset = try reader.date("sunset")
        moonPhase = try reader.number("moon_phase", in: 0...1)
    }
}

/// A weather alert (SPEC §4).
public struct WeatherAlert: Sendable, Equatable {
    public var id: String?
    public var title: String
    public var severity: AlertSeverity
    public var description: String?
    public var onset: Date?
    public var expires: Date?
    public var source: String?
    public var uri: String?
    /// The issuing service (`Deutscher Wetterdienst`).
    public var sender: String?
    /// The credit the warning's source asks for (shown in the footer with the alerts).
    public var attribution: String?

    init(_ reader: FieldReader) throws(PayloadError) {
        id = try reader.string("id")
        title = try reader.string("title") ?? "Weather alert"
        severity = try reader.choice("severity", AlertSeverity.self) ?? .unknown
        description = try reader.string("description")
        onset = try reader.date("onset")
        expires = try reader.date("expires")
        source = try reader.string("source")
        uri = try reader.string("uri")
        sender = try reader.string("sender")
        attribution = try reader.string("attribution")
    }

    /// When it applies, in `zone` as seen at `now`: `until Sun 6:00 PM`, or `from 8:00 PM
    /// until Sun 9:00 AM` while it has not begun; nil without times.
    public func validity(in zone: ZoneInfo, now: Date, language: Language) -> String? {
        let words = language.messages
        let today = zone.localDate(now)
        func moment(_ date: Date) -> String { LocalTime.moment(date, in: zone, today: today, language: language) }
        var parts: [String] = []
        if let onset, onset > now { parts.append(Messages.fill(words.from, [("time", moment(onset))])) }
        if let expires { parts.append(Messages.fill(words.until, [("time", moment(expires))])) }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
