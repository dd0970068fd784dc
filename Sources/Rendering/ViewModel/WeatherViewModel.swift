import FoundationEssentials
import WeatherModel
import WireContract

/// Everything a view shows about one location, from its retained payloads and a `now`.
///
/// Pure and shared by the terminal view and the e-ink renderer: values are held in
/// canonical units (°C, km/h, hPa, mm, km) and turned into text by `formatter`, in the
/// display `units`. Hours that are over and days that are past are dropped against `now`,
/// so a view stays right even when no new message arrives.
public struct WeatherViewModel: Sendable {
    public var location: LocationInfo
    public var zone: ZoneInfo
    public var now: Date
    /// The location's calendar day at `now`.
    public var today: CivilDate
    /// The units to display in: the `--units` choice, else those the payloads declare.
    public var units: UnitSettings
    public var provider: String?
    public var attribution: String?
    public var current: CurrentConditions?
    /// The fields of `current` a station of the user's supplied (`current.sources`): field name →
    /// its source (`station:roof`); empty without a station.
    public var stationFields: [String: String]
    /// The status of the stations in `stationFields` whose status arrived, by station id.
    public var stations: [String: StationReport]
    /// From the hour that contains now (labelled `Now`) on.
    public var hours: [HourForecast]
    /// Minutes between hourly entries.
    public var hourInterval: Int
    /// From today (labelled `Today`) on.
    public var days: [DayForecast]
    /// Alerts that have not expired, most severe first.
    public var alerts: [WeatherAlert]
    /// Whether an alerts payload arrived (an empty list then means "none").
    public var hasAlertsPayload: Bool
    public var status: BridgeStatus?
    public var freshness: Freshness
    /// The `nowcast` payload's sentence, if it arrived ("Light rain starting in about 20 min, …").
    public var nowcastSummary: String?
    /// Whether the location has a nowcast (`available`); without one the summary says why.
    public var nowcastAvailable: Bool
    /// Minutes until the nowcast's precipitation starts (0: falling now), `nil` when none is
    /// expected within its window.
    public var nowcastMinutesUntilStart: Int?
    /// The `outlook` payload's tonight's low (canonical °C) and whether it freezes, if it arrived.
    public var tonightLow: Double?
    public var freezesTonight: Bool?
    /// The `air_quality` payload's current European and US AQI, if it arrived.
    public var europeanAQI: Double?
    public var usAQI: Double?
    /// The provider's own index (Pirate Weather's) and its scale (`us-epa`, `eccc-aqhi`, …), if any.
    public var providerIndex: Double?
    public var providerIndexScale: String?
    /// The language of every word and time the views show (`--lang`).
    public var language: Language
    /// The `air_quality` payload's current PM2.5 and PM10 (µg/m³), if it arrived.
    public var pm2_5: Double?
    public var pm10: Double?
    /// Whether an `air_quality` payload arrived.
    public var hasAirQuality: Bool

    /// Text for the values, in `units`.
    public var formatter: ValueFormatter { ValueFormatter(units: units) }

    /// Whether there is any weather to show (current, hours or days).
    public var hasWeather: Bool { current != nil || !hours.isEmpty || !days.isEmpty }

    /// The text for a condition: in English the payload's `summary` (the bridge's or the
    /// provider's words, in whatever language the bridge writes), else the condition's word in
    /// `language`, so that a display never mixes English summaries with its own words.
    public func summary(_ text: String?, _ condition: Condition?) -> String? {
        language == .en ? text ?? condition?.summary : condition?.summary(in: language) ?? text
    }

    /// The mark after a value a station of the user's supplied, on the terminal and on frames.
    public static let stationMark = "*"

    /// The stations that supplied values of `current`, each as `station:roof` with how long ago
    /// it was heard when its status arrived (`station:roof, 12 min old`); sorted.
    public var stationNotes: [String] {
        Set(stationFields.values).sorted().map { source in
            guard let id = CurrentOverlay.station(inSource: source),
                let age = stations[id]?.ageText(now: now, language: language)
            else { return source }
            return source + ", " + age
        }
    }

    /// Today's entry of `days`, if the daily payload still has it.
    public var todayForecast: DayForecast? { days.first { $0.date == today } }

    /// Builds the view model; a payload that does not match SPEC §4 is a `PayloadError`
    /// naming its topic and the field.
    public init(
        payloads: LocationPayloads, now: Date, units: UnitSettings? = nil, language: Language = .en
    ) throws(PayloadError) {
        self.now = now
        self.language = language
        var envelopes: [(kind: LocationTopic, envelope: Envelope, reader: FieldReader)] = []
        for kind in [LocationTopic.current, .hourly, .daily, .alerts] {
            guard let payload = payloads[kind] else { continue }
            let reader = try FieldReader(topic: payload.topic, path: kind.rawValue, value: payload.json)
            let envelope = try Envelope(reader)
            guard envelope.location.id == payloads.location else {
                throw PayloadError(
                    topic: payload.topic,
                    problem: "\(kind.rawValue).location.id '\(envelope.location.id.prefix(64))' does not match the "
                        + "topic's location '\(payloads.location)'")
            }
            var zoned = reader
            zoned.zone = envelope.zone
            envelopes.append((kind, envelope, zoned))
        }
        let main = envelopes.first?.envelope
        location =
            main?.location ?? LocationInfo(id: payloads.location, name: payloads.location, latitude: 0, longitude: 0)
        zone = main?.zone ?? .utc
        today = zone.localDate(now)
        self.units = units ?? envelopes.first(where: { $0.kind != .alerts })?.envelope.units ?? .metric
        provider = main?.provider
        attribution = main?.attribution
        status = try payloads.status.map { (payload) throws(PayloadError) in try BridgeStatus(payload) }
        nowcastSummary =
            payloads.nowcast.flatMap { Self.nowcastSentence($0.json, now: now, language: language) }
            ?? payloads.nowcast?.json["summary"]?.string
        nowcastAvailable = payloads.nowcast?.json["available"]?.bool ?? false
        nowcastMinutesUntilStart = payloads.nowcast?.json["minutes_until_start"]?.double.map { Int($0) }
        let tonight = payloads.outlook?.json["tonight"]
        let outlookUnits = payloads.outlook?.json["units"]?["temperature"]?.string
        tonightLow = tonight?["low"]?.double.map {
            outlookUnits.flatMap(TemperatureUnit.init(parsing:))?.toCelsius($0) ?? $0
        }
        freezesTonight = tonight?["freezes"]?.bool
        europeanAQI = payloads.airQuality?.json["current"]?["european_aqi"]?.double
        usAQI = payloads.airQuality?.json["current"]?["us_aqi"]?.double
        pm2_5 = payloads.airQuality?.json["current"]?["pm2_5"]?.double
        pm10 = payloads.airQuality?.json["current"]?["pm10"]?.double
        providerIndex = payloads.airQuality?.json["current"]?["provider_index"]?.double
        providerIndexScale = payloads.airQuality?.json["provider_index_scale"]?.string
        hasAirQuality = payloads.airQuality?.json["current"]?.object != nil
        stationFields = LocationPayloads.stationFields(of: payloads.current?.json)
        var stations: [String: StationReport] = [:]
        for (id, payload) in payloads.stations { stations[id] = try StationReport(payload) }
        self.stations = stations

        current = nil
        hours = []
        hourInterval = 60
        days = []
        alerts = []
        hasAlertsPayload = false
        var currentFetched: Date?
        for (kind, envelope, reader) in envelopes {
            switch kind {
            case .current:
                current = CurrentConditions(
                    values: try WeatherValues(reader, units: envelope.units), sunrise: try reader.date("sunrise"),
                    sunset: try reader.date("sunset"))
                currentFetched = envelope.fetchedAt
            case .hourly:
                (hours, hourInterval) = try Self.hours(
                    reader, units: envelope.units, now: now, zone: zone, language: language)
            case .daily:
                days = try Self.days(reader, units: envelope.units, today: today, language: language)
            case .alerts:
                hasAlertsPayload = true
                alerts = try Self.alerts(reader, now: now)
            case .status, .nowcast, .outlook, .airQuality:
                break
            }
        }

        // The data's own time: the current reading's instant, never later than its fetch.
        var asOf: Date?
        if let current {
            asOf = [current.values.time, currentFetched].compactMap { $0 }.min()
        }
        if asOf == nil {
            asOf = envelopes.filter { $0.kind != .alerts }.compactMap(\.envelope.fetchedAt).min()
        }
        let expiresAt = envelopes.compactMap(\.envelope.expiresAt).min()
        freshness = Freshness(
            asOf: asOf, expiresAt: expiresAt, statusState: status?.state.rawValue, statusError: status?.lastError,
            now: now, zone: zone, fetchedAt: envelopes.compactMap(\.envelope.fetchedAt).min(),
            lastSuccess: status?.lastSuccess, language: language)
    }

    static func hours(
        _ reader: FieldReader, units: UnitSettings, now: Date, zone: ZoneInfo, language: Language
    ) throws(PayloadError) -> ([HourForecast], Int) {
        let interval = Int(try reader.number("interval_minutes", in: 1...1440) ?? 60)
        var result: [HourForecast] = []
        for entry in try reader.readers("hours") {
            let values = try WeatherValues(entry, units: units)
            guard let time = values.time else { throw entry.fail("time", "missing") }
            // An hour that is over is dropped even if no newer message came.
            if time.addingTimeInterval(Double(interval * 60)) <= now { continue }
            let local = zone.civil(time)
            let containsNow = time <= now
            let label =
                containsNow && result.isEmpty
                ? language.messages.now : LocalTime.hourLabel(local, language: language)
            result.append(HourForecast(label: label, time: time, local: local, values: values))
        }
        return (result, interval)
    }

    static func days(
        _ reader: FieldReader, units: UnitSettings, today: CivilDate, language: Language
    ) throws(PayloadError) -> [DayForecast] {
        let words = language.messages
        var result: [DayForecast] = []
        for entry in try reader.readers("days") {
            var day = try DayForecast(entry, units: units)
            guard day.date >= today else { continue }
            switch day.date.daysSinceEpoch - today.daysSinceEpoch {
            case 0: (day.label, day.shortLabel) = (words.today, words.todayShort)
            case 1: (day.label, day.shortLabel) = (words.tomorrow, words.tomorrowShort)
            default:
                day.label = words.weekdays[day.date.weekday]
                day.shortLabel = words.shortWeekdays[day.date.weekday]
            }
            result.append(day)
        }
        return result
    }

    static func alerts(_ reader: FieldReader, now: Date) throws(PayloadError) -> [WeatherAlert] {
        var result: [WeatherAlert] = []
        for entry in try reader.readers("alerts") {
            let alert = try WeatherAlert(entry)
            if let expires = alert.expires, expires <= now { continue }
            result.append(alert)
        }
        let order = AlertSeverity.allCases
        return result.enumerated().sorted { lhs, rhs in
            let left = order.firstIndex(of: lhs.element.severity) ?? order.count
            let right = order.firstIndex(of: rhs.element.severity) ?? order.count
            return left != right ? left < right : lhs.offset < rhs.offset
        }.map(\.element)
    }
}
