import FoundationEssentials
import WeatherModel

/// Turns a provider's `Forecast` into the four reading payloads of SPEC §3/§4: converted to
/// the configured units, rounded, trimmed to "now" (`hours[0]` is the hour containing now,
/// `days[0]` today in the location's zone), day/night-corrected, with every key present.
public struct PayloadBuilder: Sendable {
    public var location: LocationInfo
    public var zone: ZoneInfo
    public var provider: String
    public var attribution: String?
    public var fetchedAt: Date
    public var expiresAt: Date
    public var units: UnitSettings
    public var hourLimit: Int
    public var dayLimit: Int
    /// The language of the `summary` texts (SPEC §4: English unless one is configured).
    public var language: Language = .en
    /// Whether the provider's own texts are in `language` (it was asked in it): then its
    /// readings' summaries are kept; otherwise, in a language other than English, every
    /// summary is the bridge's own word for the condition. Day summaries in another language
    /// than English are always the bridge's (providers write those in English, or build
    /// them from English phrases).
    public var providerWrites = true

    public init(
        location: LocationInfo, zone: ZoneInfo, provider: String, attribution: String?, fetchedAt: Date,
        expiresAt: Date, units: UnitSettings, hourLimit: Int = 48, dayLimit: Int = 7
    ) {
        self.location = location
        self.zone = zone
        self.provider = provider
        self.attribution = attribution
        self.fetchedAt = fetchedAt
        self.expiresAt = expiresAt
        self.units = units
        self.hourLimit = hourLimit
        self.dayLimit = dayLimit
    }

    /// The four payloads, as of `now`.
    public func payloads(for forecast: Forecast, now: Date) -> ReadingPayloads {
        ReadingPayloads(
            current: current(forecast, now: now), hourly: hourly(forecast, now: now),
            daily: daily(forecast, now: now), alerts: alerts(forecast, now: now))
    }

    func envelope() -> JSONObject {
        // Room for the envelope and what `current` adds to it (a reading and the sun times).
        var object = JSONObject(capacity: 32)
        object.appendUnchecked("schema", .number(Double(PayloadSchema.version)))
        object.appendUnchecked("location", location.json)
        object.appendUnchecked("provider", .string(provider))
        object.appendUnchecked("attribution", JSONValue(attribution))
        object.appendUnchecked("fetched_at", .string(ISO8601.string(fetchedAt, in: zone)))
        object.appendUnchecked("expires_at", .string(ISO8601.string(expiresAt, in: zone)))
        object.appendUnchecked("units", units.json)
        return object
    }

    public func current(_ forecast: Forecast, now: Date) -> JSONValue {
        current(forecast, now: now, overlay: nil)
    }

    /// The current payload with what the user's stations lay over the provider's reading
    /// (`overlay`, given that reading): its values, `sources` and `rain_today` (SPEC §4). Without
    /// an overlay every non-null field's source is the provider and `rain_today` is `null`.
    public func current(_ forecast: Forecast, now: Date, overlay: ((Reading) -> CurrentOverlay)?) -> JSONValue {
        var object = envelope()
        let provided = currentReading(forecast, now: now)
        let laid = overlay?(provided)
        let reading = laid?.reading ?? provided
        append(reading: reading, to: &object)
        let today = zone.localDate(reading.time)
        let todayEntry = forecast.days.first { $0.date == today }
        let (sunrise, sunset) = sunTimes(
            on: today, sunrise: forecast.sunrise ?? todayEntry?.sunrise, sunset: forecast.sunset ?? todayEntry?.sunset)
        object.appendUnchecked("sunrise", JSONValue(sunrise.map { ISO8601.string($0, in: zone) }))
        object.appendUnchecked("sunset", JSONValue(sunset.map { ISO8601.string($0, in: zone) }))
        // Where each non-null field came from: a station of the user's, else the provider.
        var sources = JSONObject()
        for field in CurrentOverlay.sourcedFields where object[field].map({ $0 != .null }) ?? false {
            let station = laid?.sources.first { $0.field == field }?.source
            sources.appendUnchecked(field, .string(station ?? provider))
        }
        object.appendUnchecked("sources", .object(sources))
        object.appendUnchecked("rain_today", JSONValue(units.precipitation(laid?.rainToday)))
        return .object(object)
    }

    /// The reading to publish as current: the provider's, or, when the answer had none, the
    /// hour that contains `now` (never one already over; the first upcoming one before the
    /// series starts).
    func currentReading(_ forecast: Forecast, now: Date) -> Reading {
        guard forecast.currentIsFromSeries else { return forecast.current }
        let interval = Double(max(1, forecast.intervalMinutes) * 60)
        let upcoming = forecast.hours.filter { $0.time.timeIntervalSince(now) > -interval }
        return upcoming.min { $0.time < $1.time } ?? forecast.current
    }

    /// A day's sunrise and the sunset that follows it: the provider's when they make such a
    /// pair on that local day, else computed (NOAA); both `nil` in polar day and night.
    func sunTimes(on date: CivilDate, sunrise: Date?, sunset: Date?) -> (sunrise: Date?, sunset: Date?) {
        func plausible(_ rise: Date?, _ set: Date?) -> Bool {
            guard let rise, let set, zone.localDate(rise) == date else { return false }
            let length = set.timeIntervalSince(rise)
            return length > 0 && length < 86400 - 60
        }
        if plausible(sunrise, sunset) { return (sunrise, sunset) }
        let computed = Sun.riseAndSet(on: date, latitude: location.latitude, longitude: location.longitude, zone: zone)
        guard let computedRise = computed.sunrise else { return (nil, nil) }
        let rise = sunrise.flatMap { zone.localDate($0) == date ? $0 : nil } ?? computedRise
        if plausible(rise, sunset) { return (rise, sunset) }
        if plausible(rise, computed.sunset) { return (rise, computed.sunset) }
        return (computedRise, computed.sunset)
    }

    public func hourly(_ forecast: Forecast, now: Date) -> JSONValue {
        var object = envelope()
        object.appendUnchecked("interval_minutes", .number(Double(forecast.intervalMinutes)))
        let interval = Double(max(1, forecast.intervalMinutes) * 60)
        var later: [Reading] = []
        later.reserveCapacity(forecast.hours.count)
        for hour in forecast.hours where hour.time.timeIntervalSince1970 + interval > now.timeIntervalSince1970 {
            later.append(hour)
        }
        let upcoming = later.sorted { $0.time < $1.time }.prefix(max(0, hourLimit))
        object.appendUnchecked(
            "hours",
            .array(
                upcoming.map { reading in
                    var entry = JSONObject(capacity: 24)
                    append(reading: reading, to: &entry)
                    return .object(entry)
                }))
        return .object(object)
    }

    public func daily(_ forecast: Forecast, now: Date) -> JSONValue {
        var object = envelope()
        let today = zone.localDate(now)
        let days = DayBuilder.distinctDays(forecast.days.filter { $0.date >= today }).prefix(max(0, dayLimit))
        object.appendUnchecked("days", .array(days.map { .object(dayObject($0)) }))
        return .object(object)
    }

    public func alerts(_ forecast: Forecast, now: Date) -> JSONValue {
        var object = envelope()
        let active = (forecast.alerts ?? []).filter { alert in
            alert.expires.map { $0 > now } ?? true
        }
        object.appendUnchecked(
            "alerts",
            .array(active.map { .object($0.json(in: zone)) }))
        return .object(object)
    }

    private func append(reading: Reading, to object: inout JSONObject) {
        let isDay =
            reading.isDay ?? Sun.isDay(at: reading.time, latitude: location.latitude, longitude: location.longitude)
        let condition = reading.knownOrDerivedCondition?.adjusted(isDay: isDay)
        object.appendUnchecked("time", .string(ISO8601.string(reading.time, in: zone)))
        object.appendUnchecked("condition", JSONValue(condition?.rawValue))
        object.appendUnchecked("summary", JSONValue(summary(reading.summary, condition, keepProvider: providerWrites)))
        object.appendUnchecked("provider_code", JSONValue(reading.providerCode))
        object.appendUnchecked("is_day", .bool(isDay))
        object.appendUnchecked("temperature", JSONValue(units.temperature(reading.temperature)))
        object.appendUnchecked("apparent_temperature", JSONValue(units.temperature(reading.apparentTemperature)))
        object.appendUnchecked("dew_point", JSONValue(units.temperature(reading.dewPoint)))
        object.appendUnchecked("humidity", JSONValue(percent(reading.humidity)))
        object.appendUnchecked("cloud_coverage", JSONValue(percent(reading.cloudCoverage)))
        object.appendUnchecked("precipitation_probability", JSONValue(percent(reading.precipitationProbability)))
        object.appendUnchecked("pressure", JSONValue(units.pressure(reading.pressure)))
        object.appendUnchecked("wind_speed", JSONValue(units.speed(reading.windSpeed.map { max(0, $0) })))
        object.appendUnchecked("wind_gust", JSONValue(units.speed(reading.windGust.map { max(0, $0) })))
        object.appendUnchecked("wind_bearing", JSONValue(reading.windBearing.map(Compass.normalised)))
        object.appendUnchecked(
            "wind_direction", JSONValue(reading.windBearing.map { Compass.point(for: Compass.normalised($0)) }))
        object.appendUnchecked(
            "precipitation", JSONValue(units.precipitation(reading.precipitation.map { max(0, $0) })))
        object.appendUnchecked(
            "precipitation_type",
            JSONValue(
                PayloadBuilder.falling(
                    type: reading.precipitationType, amount: units.precipitation(reading.precipitation),
                    condition: condition)?.rawValue))
        object.appendUnchecked("uv_index", JSONValue(reading.uvIndex.map { rounded(max(0, $0), decimals: 1) }))
        object.appendUnchecked("visibility", JSONValue(units.distance(reading.visibility)))
    }

    /// A payload's `summary`: the provider's text where it is in `language`, else the words
    /// of `language` for the condition (the provider's text when there is no condition).
    private func summary(_ provider: String?, _ condition: Condition?, keepProvider: Bool) -> String? {
        if keepProvider { return provider ?? condition?.summary(in: language) }
        return condition?.summary(in: language) ?? provider
    }

    private func dayObject(_ day: Day) -> JSONObject {
        var object = JSONObject(capacity: 24)
        let condition = day.knownOrDerivedCondition?.adjusted(isDay: true)
        let (sunrise, sunset) = sunTimes(on: day.date, sunrise: day.sunrise, sunset: day.sunset)
        object.appendUnchecked("date", .string(day.date.description))
        object.appendUnchecked("condition", JSONValue(condition?.rawValue))
        object.appendUnchecked("summary", JSONValue(summary(day.summary, condition, keepProvider: language == .en)))
        object.appendUnchecked("provider_code", JSONValue(day.providerCode))
        object.appendUnchecked("temperature_max", JSONValue(units.temperature(day.temperatureMax)))
        object.appendUnchecked("temperature_min", JSONValue(units.temperature(day.temperatureMin)))
        object.appendUnchecked("apparent_temperature_max", JSONValue(units.temperature(day.apparentTemperatureMax)))
        object.appendUnchecked("apparent_temperature_min", JSONValue(units.temperature(day.apparentTemperatureMin)))
        object.appendUnchecked("precipitation", JSONValue(units.precipitation(day.precipitation.map { max(0, $0) })))
        object.appendUnchecked("precipitation_probability", JSONValue(percent(day.precipitationProbability)))
        object.appendUnchecked(
            "precipitation_type",
            JSONValue(
                PayloadBuilder.falling(
                    type: day.precipitationType, amount: units.precipitation(day.precipitation), condition: condition)?
                    .rawValue))
        object.appendUnchecked("wind_speed", JSONValue(units.speed(day.windSpeed.map { max(0, $0) })))
        object.appendUnchecked("wind_gust", JSONValue(units.speed(day.windGust.map { max(0, $0) })))
        object.appendUnchecked("wind_bearing", JSONValue(day.windBearing.map(Compass.normalised)))
        object.appendUnchecked(
            "wind_direction", JSONValue(day.windBearing.map { Compass.point(for: Compass.normalised($0)) }))
        object.appendUnchecked("humidity", JSONValue(percent(day.humidity)))
        object.appendUnchecked("pressure", JSONValue(units.pressure(day.pressure)))
        object.appendUnchecked("uv_index", JSONValue(day.uvIndex.map { rounded(max(0, $0), decimals: 1) }))
        object.appendUnchecked(
            "sunrise", JSONValue(sunrise.map { ISO8601.string($0, in: zone) }))
        object.appendUnchecked(
            "sunset", JSONValue(sunset.map { ISO8601.string($0, in: zone) }))
        let noon = zone.date(CivilDateTime(date: day.date, hour: 12))
        object.appendUnchecked(
            "moon_phase", .number(day.moonPhase.map { rounded($0, decimals: 2) } ?? Moon.phase(at: noon)))
        return object
    }

    /// The precipitation type to publish: `nil` when nothing falls, whatever the provider
    /// says; where something falls but no type was given, the one the condition implies.
    static func falling(type: PrecipitationType?, amount: Double?, condition: Condition?) -> PrecipitationType? {
        let implied: PrecipitationType? =
            switch condition {
            case .rainy, .pouring, .lightningRainy: .rain
            case .snowy: .snow
            case .snowyRainy: .sleet
            case .hail: .hail
            default: nil
            }
        let falls = amount.map { $0 > 0 } ?? (implied != nil)
        guard falls else { return nil }
        return type ?? implied
    }
}

/// The payloads of one location's reading topics.
public struct ReadingPayloads: Sendable, Equatable {
    public var current: JSONValue
    public var hourly: JSONValue
    public var daily: JSONValue
    public var alerts: JSONValue

    public init(current: JSONValue, hourly: JSONValue, daily: JSONValue, alerts: JSONValue) {
        self.current = current
        self.hourly = hourly
        self.daily = daily
        self.alerts = alerts
    }
}
