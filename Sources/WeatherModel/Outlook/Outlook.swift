import FoundationEssentials

/// Values automations ask for, derived from the hourly forecast in the location's own days
/// (SPEC §4 `outlook`). All in canonical units (°C, mm); `nil` where the hours do not cover them.
public struct Outlook: Sendable, Equatable {
    /// The night ahead (or the one in progress before sunrise): from sunset to the next sunrise.
    public struct Night: Sendable, Equatable {
        public var from: Date
        public var until: Date
        /// The lowest hourly temperature in the night (from now when it has begun), °C.
        public var low: Double?
        /// Whether `low` is at or below 0 °C; `nil` when `low` is.
        public var freezes: Bool? { low.map { $0 <= 0 } }
    }

    /// Rain in one local day, from the hourly forecast (today: from the hour containing now).
    public struct DayRain: Sendable, Equatable {
        public var date: CivilDate
        /// Sum of the hours' precipitation, mm; `nil` when no hour of the day has an amount.
        public var precipitation: Double?
        /// The highest hourly chance of precipitation, %.
        public var probabilityMax: Double?
        /// Hours with at least 0.1 mm (an entry of a 3-hour forecast counts 3).
        public var wetHours: Double?
    }

    public var tonight: Night?
    public var today: DayRain
    public var tomorrow: DayRain
    /// Highest and lowest hourly temperature from the hour containing now to 24 h later, °C.
    public var next24High: Double?
    public var next24Low: Double?

    /// An amount per entry of at least this (mm) counts as a wet hour.
    public static let wetAmount = 0.1

    /// Derives the values as of `now` in `zone`; sunrise and sunset come from the forecast's
    /// days where it has them, otherwise from the sun's position at the coordinates.
    public init(forecast: Forecast, zone: ZoneInfo, latitude: Double, longitude: Double, now: Date) {
        let interval = Double(max(1, forecast.intervalMinutes) * 60)
        let hours = Self.upcoming(forecast.hours, interval: interval, now: now).sorted { $0.time < $1.time }
        let todayDate = zone.localDate(now)

        func sun(_ date: CivilDate) -> (rise: Date?, set: Date?) {
            let day = forecast.days.first { $0.date == date }
            let computed = Sun.riseAndSet(on: date, latitude: latitude, longitude: longitude, zone: zone)
            return (day?.sunrise ?? computed.sunrise, day?.sunset ?? computed.sunset)
        }
        let today = sun(todayDate)
        let tomorrow = sun(todayDate.adding(days: 1))
        var night: (from: Date, until: Date)?
        if let rise = today.rise, now < rise {
            let yesterdaySet = sun(todayDate.adding(days: -1)).set
            night = (yesterdaySet ?? zone.startOfDay(todayDate), rise)
        } else if let set = today.set, let rise = tomorrow.rise {
            night = (set, rise)
        }
        tonight = night.map { night in
            let start = max(night.from, now)
            let temperatures = hours.compactMap {
                $0.time.addingTimeInterval(interval) > start && $0.time < night.until ? $0.temperature : nil
            }
            return Night(from: night.from, until: night.until, low: temperatures.min())
        }

        // Each hour's local date, worked out once for both days.
        let localDates = hours.map { zone.localDate($0.time) }
        func rain(on date: CivilDate) -> DayRain {
            var total = 0.0
            var amounts = 0
            var wet = 0
            var probabilityMax: Double?
            for index in hours.indices where localDates[index] == date {
                if let amount = hours[index].precipitation {
                    total += amount
                    amounts += 1
                    if amount >= Self.wetAmount { wet += 1 }
                }
                if let probability = hours[index].precipitationProbability,
                    probabilityMax.map({ $0 < probability }) ?? true
                {
                    probabilityMax = probability
                }
            }
            let perEntry = Double(max(1, forecast.intervalMinutes)) / 60
            return DayRain(
                date: date, precipitation: amounts == 0 ? nil : total, probabilityMax: probabilityMax,
                wetHours: amounts == 0 ? nil : Double(wet) * perEntry)
        }
        self.today = rain(on: todayDate)
        self.tomorrow = rain(on: todayDate.adding(days: 1))

        let dayAhead = now.addingTimeInterval(86400)
        let next = hours.compactMap { $0.time < dayAhead ? $0.temperature : nil }
        next24High = next.max()
        next24Low = next.min()
    }

    /// The entries not yet over at `now`, in their order: `filter`, with the room reserved once
    /// (a `Reading` is large, and growing the array copies every one several times).
    static func upcoming(_ hours: [Reading], interval: Double, now: Date) -> [Reading] {
        var result: [Reading] = []
        result.reserveCapacity(hours.count)
        for hour in hours where hour.time.addingTimeInterval(interval) > now { result.append(hour) }
        return result
    }
}
