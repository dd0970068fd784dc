import FoundationEssentials
import WeatherModel

/// Names and clock texts for a location's wall-clock time, in a language (`Language`):
/// 12-hour clocks for English (`3:05 PM`), 24-hour ones for the others (`15:05`).
public enum LocalTime {
    /// `3:05 PM` / `15:05`.
    public static func clock(_ date: Date, in zone: ZoneInfo, language: Language) -> String {
        clock(zone.civil(date), language: language)
    }

    /// `3:05 PM` / `15:05`.
    public static func clock(_ local: CivilDateTime, language: Language) -> String {
        language.clock(hour: local.hour, minute: local.minute)
    }

    /// The start of an hourly entry: `5 PM` / `17:00` on the hour, else the full clock.
    public static func hourLabel(_ local: CivilDateTime, language: Language) -> String {
        local.minute == 0 ? language.hourLabel(local.hour) : clock(local, language: language)
    }

    /// `Sat 7 Feb`, `Sa, 7. Feb`, `2月7日(土)`.
    public static func shortDate(_ date: CivilDate, language: Language) -> String {
        language.shortDate(date)
    }

    /// The clock on `today`, `Fri 14:05` within the last week, else `2026-01-30 14:05`.
    public static func moment(_ date: Date, in zone: ZoneInfo, today: CivilDate, language: Language) -> String {
        let local = zone.civil(date)
        let days = today.daysSinceEpoch - local.date.daysSinceEpoch
        let time = clock(local, language: language)
        if days == 0 { return time }
        if (-6...6).contains(days) { return language.messages.shortWeekdays[local.date.weekday] + " " + time }
        return local.date.description + " " + time
    }

    /// A duration in words: `just now`, `12 min`, `2 h`, `3 d` (in `language`).
    public static func duration(_ seconds: Double, language: Language) -> String {
        let words = language.messages
        let seconds = max(0, seconds.isFinite ? seconds : 0)
        if seconds < 60 { return words.justNow }
        let (template, count): (String, Int) =
            if seconds < 3600 {
                (words.minutes, Int(seconds / 60))
            } else if seconds < 48 * 3600 {
                (words.hours, Int(seconds / 3600))
            } else {
                (words.days, Int(seconds / 86400))
            }
        return Messages.fill(template, [("n", String(count))])
    }
}
