extension Language {
    /// A wall-clock time: `3:05 PM` on a 12-hour clock, `15:05` on a 24-hour one
    /// (`午後3:05` where the language puts the marker first).
    public func clock(hour: Int, minute: Int) -> String {
        guard usesTwelveHourClock else { return Self.two(hour) + ":" + Self.two(minute) }
        return twelveHour(hour, String(hour % 12 == 0 ? 12 : hour % 12) + ":" + Self.two(minute))
    }

    /// The start of an hour in a table or on an axis: `3 PM` on a 12-hour clock, `15:00` on a
    /// 24-hour one.
    public func hourLabel(_ hour: Int) -> String {
        guard usesTwelveHourClock else { return Self.two(hour) + ":00" }
        return twelveHour(hour, String(hour % 12 == 0 ? 12 : hour % 12))
    }

    /// An hour on a narrow chart axis: `3p`/`12a` on a 12-hour clock, `15` on a 24-hour one.
    public func axisHour(_ hour: Int) -> String {
        guard usesTwelveHourClock else { return Self.two(hour) }
        return String(hour % 12 == 0 ? 12 : hour % 12) + (hour < 12 ? "a" : "p")
    }

    /// A date in a header, in the language's order: `Sat 7 Feb`, `Sa, 7. Feb`, `2月7日(土)`.
    public func shortDate(_ date: CivilDate) -> String {
        let words = messages
        return Messages.fill(
            words.shortDate,
            [
                ("weekday", words.shortWeekdays[date.weekday]), ("day", String(date.day)),
                ("monthNumber", String(date.month)), ("month", words.shortMonths[date.month - 1]),
            ])
    }

    private func twelveHour(_ hour: Int, _ time: String) -> String {
        let words = messages
        return time + " " + (hour < 12 ? words.am : words.pm)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0" + String(value) : String(value) }
}

extension Condition {
    /// The text for the condition in `language` (`summary` is the English one).
    public func summary(in language: Language) -> String {
        language.messages.condition(self)
    }
}
