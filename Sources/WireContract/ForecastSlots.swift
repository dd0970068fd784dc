import FoundationEssentials
import WeatherModel

/// The forecast slots of SPEC §6 (`homeassistant.forecast_slots`): fixed names for moving
/// forecast entries, as ESPHomeDesigner's dashboards read them. `day_N` is the location's day
/// N days from today, `plus_Nh` the hour starting N hours after the start of the current hour,
/// `hour_HH00` the clock hour HH:00–HH+1:00 today while it has not ended, tomorrow's once it has.
///
/// Pure: the values come from the `hourly` and `daily` payloads, a clock and the location's zone.
public struct ForecastSlots: Sendable, Equatable {
    /// `days`: `day_0` … `day_<days-1>`.
    public var days: Int
    /// `hours`: `plus_1h` … `plus_<hours>h`.
    public var hours: Int
    /// `clock_hours`: a `hour_HH00` slot for each (0–23), ascending.
    public var clockHours: [Int]

    public init(days: Int = 0, hours: Int = 0, clockHours: [Int] = []) {
        self.days = days
        self.hours = hours
        self.clockHours = clockHours
    }

    /// No slot at all (`forecast_slots` absent): nothing published, nothing announced.
    public var isEmpty: Bool { days == 0 && hours == 0 && clockHours.isEmpty }

    /// One slot.
    public enum Slot: Hashable, Sendable {
        case day(Int), plus(Int), clock(Int)
    }

    /// What a slot's value is: a temperature (a day's high or low, an hour's) or a condition.
    public enum Field: Sendable, Equatable {
        case high, low, temperature, condition

        /// The field of the `daily` entry (`days[]`) or the `hourly` one (`hours[]`).
        var payloadField: String {
            switch self {
            case .high: "temperature_max"
            case .low: "temperature_min"
            case .temperature: "temperature"
            case .condition: "condition"
            }
        }
    }

    /// One published value: a slot and its field, named `key` (`day_0_high`, `plus_3h`,
    /// `plus_3h_condition`, `hour_0700`): the last part of its topic and of its entity id.
    public struct Value: Sendable, Equatable {
        public var slot: Slot
        public var field: Field
        public var key: String
    }

    /// Every value the sizes give, in order: each day's high, low and condition, then each
    /// `plus` hour's temperature and condition, then each clock hour's.
    public var values: [Value] {
        var values: [Value] = []
        for day in 0..<days {
            for (field, name) in [(Field.high, "high"), (.low, "low"), (.condition, "condition")] {
                values.append(Value(slot: .day(day), field: field, key: "day_\(day)_\(name)"))
            }
        }
        func hourValues(_ slot: Slot, _ name: String) {
            values.append(Value(slot: slot, field: .temperature, key: name))
            values.append(Value(slot: slot, field: .condition, key: name + "_condition"))
        }
        for hour in 1...max(hours, 1) where hour <= hours { hourValues(.plus(hour), "plus_\(hour)h") }
        for hour in clockHours { hourValues(.clock(hour), "hour_" + (hour < 10 ? "0" : "") + "\(hour)00") }
        return values
    }

    /// Each value's plain text as of `now` (a number as the payload writes it, a condition as its
    /// word), or nil where the payloads have no entry for the slot or the entry has no value.
    public func texts(hourly: JSONValue?, daily: JSONValue?, now: Date, zone: ZoneInfo) -> [(
        key: String, text: String?
    )] {
        let hours = Self.hours(hourly)
        let today = zone.localDate(now)
        let hourStart = Self.nextHour(after: now, zone: zone).addingTimeInterval(-3600)
        let dayEntries = (daily?["days"]?.array ?? []).compactMap { entry -> (CivilDate, JSONValue)? in
            entry["date"]?.string.flatMap { CivilDate(iso: $0) }.map { ($0, entry) }
        }
        return values.map { value in
            let entry: JSONValue?
            switch value.slot {
            case .day(let offset):
                let date = today.adding(days: offset)
                entry = dayEntries.first(where: { $0.0 == date })?.1
            case .plus(let offset):
                let start = hourStart.addingTimeInterval(Double(offset) * 3600)
                entry = hours.first(where: { $0.start <= start && start < $0.end })?.entry
            case .clock(let hour):
                entry = hours.first(where: { $0.end > now && zone.civil($0.start).hour == hour })?.entry
            }
            return (value.key, entry?[value.field.payloadField].flatMap(FlatTopics.text))
        }
    }

    /// The next instant after `now` at which slots move: the start of the next clock hour in
    /// `zone` (a day boundary is one too). Exact across daylight-saving changes and zones whose
    /// offset is not whole hours.
    public static func nextHour(after now: Date, zone: ZoneInfo) -> Date {
        let seconds = Int64(now.timeIntervalSince1970.rounded(.down))
        let local = seconds + Int64(zone.offset(atUnix: seconds))
        let intoHour = ((local % 3600) + 3600) % 3600
        return Date(timeIntervalSince1970: Double(seconds - intoHour + 3600))
    }

    /// The `hourly` payload's entries with their start and end (`interval_minutes`, default 60).
    private static func hours(_ hourly: JSONValue?) -> [(start: Date, end: Date, entry: JSONValue)] {
        let interval = Double(hourly?["interval_minutes"]?.int ?? 60) * 60
        return (hourly?["hours"]?.array ?? []).compactMap { entry in
            guard let start = entry["time"]?.string.flatMap({ ISO8601.date($0) }) else { return nil }
            return (start, start.addingTimeInterval(interval), entry)
        }
    }
}
