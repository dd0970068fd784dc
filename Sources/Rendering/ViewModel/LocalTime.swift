import FoundationEssentials
import WeatherModel

/// English names and clock texts for a location's wall-clock time.
public enum LocalTime {
    public static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    public static let shortWeekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    public static let shortMonths = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// `14:05`.
    public static func clock(_ date: Date, in zone: ZoneInfo) -> String {
        clock(zone.civil(date))
    }

    /// `14:05`.
    public static func clock(_ local: CivilDateTime) -> String {
        two(local.hour) + ":" + two(local.minute)
    }

    /// `Sat 7 Feb`.
    public static func shortDate(_ date: CivilDate) -> String {
        shortWeekdays[date.weekday] + " " + String(date.day) + " " + shortMonths[date.month - 1]
    }

    /// `14:05` on `today`, `Fri 14:05` within the last week, else `2026-01-30 14:05`.
    public static func moment(_ date: Date, in zone: ZoneInfo, today: CivilDate) -> String {
        let local = zone.civil(date)
        let days = today.daysSinceEpoch - local.date.daysSinceEpoch
        if days == 0 { return clock(local) }
        if (-6...6).contains(days) { return shortWeekdays[local.date.weekday] + " " + clock(local) }
        return local.date.description + " " + clock(local)
    }

    /// A duration in words: `just now`, `12 min`, `2 h`, `3 d`.
    public static func duration(_ seconds: Double) -> String {
        let seconds = max(0, seconds.isFinite ? seconds : 0)
        if seconds < 60 { return "just now" }
        if seconds < 3600 { return String(Int(seconds / 60)) + " min" }
        if seconds < 48 * 3600 { return String(Int(seconds / 3600)) + " h" }
        return String(Int(seconds / 86400)) + " d"
    }

    static func two(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
}
