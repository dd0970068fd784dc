import FoundationEssentials
import WeatherModel

extension FrameInput {
    /// Data this many seconds old, and stale, gets the largest badge.
    static let veryStaleAfter: Double = 6 * 3600

    /// What a frame shows of `model`: the current reading (falling back to the hour that
    /// contains now), today's range, the next 24 hours, up to seven days and the alerts, with
    /// times in the location's zone and values in the model's display units.
    public init(_ model: WeatherViewModel) {
        let formatter = model.formatter
        func degrees(_ celsius: Double?) -> Double? { celsius.map { formatter.temperatureValue($0) } }
        let current = model.current?.values
        let firstHour = model.hours.first?.values
        let today = model.todayForecast
        let zone = model.zone
        let language = model.language
        let words = language.messages
        func clock(_ date: Date) -> String { LocalTime.clock(date, in: zone, language: language) }

        let condition = current?.condition ?? firstHour?.condition ?? today?.condition
        let sunrise = model.current?.sunrise ?? today?.sunrise
        let sunset = model.current?.sunset ?? today?.sunset
        var isDay = current?.isDay ?? firstHour?.isDay
        if isDay == nil, let sunrise, let sunset { isDay = sunrise <= model.now && model.now < sunset }
        let bearing = current?.windBearing

        self.init(
            locationName: model.location.name.isEmpty ? model.location.id : model.location.name,
            observedAt: model.freshness.asOf.map {
                LocalTime.moment($0, in: zone, today: model.today, language: language)
            },
            condition: condition, isDay: isDay ?? true,
            summary: model.summary(current?.summary, condition),
            temperature: degrees(current?.temperature ?? firstHour?.temperature),
            feelsLike: degrees(current?.apparentTemperature), high: degrees(today?.temperatureMax),
            low: degrees(today?.temperatureMin), windSpeed: formatter.speed(current?.windSpeed),
            windDirection: current?.windDirection ?? bearing.map(Compass.point(for:)), windBearing: bearing,
            humidity: formatter.percent(current?.humidity), sunrise: sunrise.map(clock), sunset: sunset.map(clock),
            hours: Self.hours(model, degrees: degrees), nowFraction: Self.nowFraction(model),
            days: model.days.prefix(7).enumerated().map { index, day in
                Day(
                    label: index == 0 && day.date == model.today
                        ? words.todayShort : words.shortWeekdays[day.date.weekday],
                    condition: day.condition, high: degrees(day.temperatureMax), low: degrees(day.temperatureMin),
                    precipitationProbability: day.precipitationProbability)
            },
            alerts: model.alerts.map {
                Alert(
                    title: $0.title, severity: $0.severity,
                    validity: $0.validity(in: zone, now: model.now, language: language),
                    attribution: $0.attribution ?? $0.sender)
            },
            staleness: Self.staleness(model.freshness), ageText: Self.ageText(model.freshness, language: language),
            attribution: model.attribution, language: language,
            nowcast: Self.nearNowcast(model),
            airQuality: AirQualityScale.short(model),
            temperatureFromStation: current?.temperature != nil && model.stationFields["temperature"] != nil)
    }

    /// Precipitation starting within this many minutes puts the nowcast strip on the frame.
    public static let nowcastHorizon = 60

    /// The nowcast's sentence when precipitation falls or starts within `nowcastHorizon`.
    static func nearNowcast(_ model: WeatherViewModel) -> String? {
        guard model.nowcastAvailable, let minutes = model.nowcastMinutesUntilStart, minutes <= nowcastHorizon
        else { return nil }
        return model.nowcastSummary
    }

    /// The entries of the next 24 hours, marking where a new local day starts.
    private static func hours(_ model: WeatherViewModel, degrees: (Double?) -> Double?) -> [Hour] {
        guard let first = model.hours.first else { return [] }
        let end = first.time.addingTimeInterval(24 * 3600)
        var result: [Hour] = []
        var previous: CivilDate?
        for hour in model.hours where hour.time < end {
            let date = hour.local.date
            let newDay =
                previous.map { $0 != date } ?? false ? model.language.messages.shortWeekdays[date.weekday] : nil
            result.append(
                Hour(
                    hour: hour.local.hour, temperature: degrees(hour.values.temperature),
                    precipitationProbability: hour.values.precipitationProbability, newDay: newDay))
            previous = date
        }
        return result
    }

    /// How far into the first entry now is, in quarters: the now mark moves four times an
    /// hour rather than every minute, so that `--watch` does not wear the panel out redrawing
    /// a mark one pixel further on.
    private static func nowFraction(_ model: WeatherViewModel) -> Double {
        guard let first = model.hours.first, model.hourInterval > 0 else { return 0 }
        let fraction = model.now.timeIntervalSince(first.time) / Double(model.hourInterval * 60)
        guard fraction.isFinite else { return 0 }
        return (min(max(fraction, 0), 0.99) * 4).rounded(.down) / 4
    }

    static func staleness(_ freshness: Freshness) -> Staleness {
        switch freshness.level {
        case .fresh: .fresh
        case .old: .old
        case .stale: (freshness.age ?? 0) >= veryStaleAfter ? .veryStale : .stale
        }
    }

    /// `2 h old`, or nil while the data is fresh or its age unknown.
    static func ageText(_ freshness: Freshness, language: Language) -> String? {
        guard freshness.level != .fresh, let age = freshness.age, age >= 60 else { return nil }
        return Messages.fill(language.messages.old, [("age", LocalTime.duration(age, language: language))])
    }
}

extension OverviewInput {
    /// One row per model, in the order given; the header shows the newest observation time.
    public init(_ models: [WeatherViewModel]) {
        let entries = models.map { model in
            let frame = FrameInput(model)
            return Entry(
                name: frame.locationName, condition: frame.condition, isDay: frame.isDay,
                temperature: frame.temperature, high: frame.high, low: frame.low, staleness: frame.staleness,
                ageText: frame.ageText)
        }
        let newest = models.compactMap { model in model.freshness.asOf.map { (model, $0) } }.max { $0.1 < $1.1 }
        let language = models.first?.language ?? .en
        self.init(
            entries: entries,
            observedAt: newest.map { LocalTime.moment($0.1, in: $0.0.zone, today: $0.0.today, language: language) },
            language: language)
    }
}
