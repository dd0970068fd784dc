/// A POSIX TZ rule string such as `CET-1CEST,M3.5.0,M10.5.0/3`: the footer of a TZif file,
/// which says what happens after its last listed transition.
struct PosixRule: Sendable, Equatable {
    /// Standard offset, seconds east of UTC.
    var standard: Int
    /// Daylight saving offset and its start and end rules, if any.
    var daylight: Int?
    var start: TransitionRule?
    var end: TransitionRule?

    enum TransitionDay: Sendable, Equatable {
        /// `Mm.w.d`: day `d` (0 = Sunday) of week `w` (5 = last) of month `m`.
        case monthWeekDay(month: Int, week: Int, weekday: Int)
        /// `Jn`: day 1…365, February 29 never counted.
        case julianNoLeap(Int)
        /// `n`: day 0…365, February 29 counted.
        case zeroBased(Int)
    }

    struct TransitionRule: Sendable, Equatable {
        var day: TransitionDay
        /// Seconds after local midnight (may be negative or over 24 h).
        var time: Int
    }

    init?(_ text: String) {
        var scanner = RuleScanner(Array(text.utf8))
        guard scanner.skipName(), let std = scanner.offset() else { return nil }
        standard = -std
        if scanner.atEnd { return }
        guard scanner.skipName() else { return nil }
        if let dst = scanner.offset() { daylight = -dst } else { daylight = standard + 3600 }
        guard scanner.take(UInt8(ascii: ",")), let start = scanner.rule(), scanner.take(UInt8(ascii: ",")),
            let end = scanner.rule()
        else {
            // A daylight name without rules: treat as no DST (never seen in tzdata footers).
            daylight = nil
            return
        }
        self.start = start
        self.end = end
    }

    func offset(atUnix time: Int64) -> Int {
        guard let daylight, let start, let end else { return standard }
        let year = CivilDateTime(secondsAsIfUTC: time + Int64(standard)).date.year
        let begins = instant(of: start, year: year, offset: standard)
        let ends = instant(of: end, year: year, offset: daylight)
        let inDaylight = begins < ends ? (time >= begins && time < ends) : (time < ends || time >= begins)
        return inDaylight ? daylight : standard
    }

    /// The UTC instant a rule names in `year`, given the local offset in force before it.
    private func instant(of rule: TransitionRule, year: Int, offset: Int) -> Int64 {
        let day: CivilDate
        switch rule.day {
        case .monthWeekDay(let month, let week, let weekday):
            let first = CivilDate(year: year, month: month, day: 1)
            var date = first.adding(days: (weekday - first.weekday + 7) % 7 + (week - 1) * 7)
            while date.month != month { date = date.adding(days: -7) }
            day = date
        case .julianNoLeap(let n):
            let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            let jan1 = CivilDate(year: year, month: 1, day: 1)
            day = jan1.adding(days: n - 1 + (isLeap && n >= 60 ? 1 : 0))
        case .zeroBased(let n):
            day = CivilDate(year: year, month: 1, day: 1).adding(days: n)
        }
        return Int64(day.daysSinceEpoch) * 86400 + Int64(rule.time) - Int64(offset)
    }
}

private struct RuleScanner {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position >= bytes.count }

    mutating func take(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// A zone abbreviation: `CET` or `<+0530>`.
    mutating func skipName() -> Bool {
        if take(UInt8(ascii: "<")) {
            while position < bytes.count, bytes[position] != UInt8(ascii: ">") { position += 1 }
            return take(UInt8(ascii: ">"))
        }
        let start = position
        while position < bytes.count,
            (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[position] & 0xDF)
        {
            position += 1
        }
        return position - start >= 3
    }

    mutating func number() -> Int? {
        let start = position
        var value = 0
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
            position += 1
        }
        return position > start ? value : nil
    }

    /// `[+-]hh[:mm[:ss]]` in seconds (POSIX sign: west of UTC is positive).
    mutating func offset() -> Int? {
        var sign = 1
        if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
        guard let hours = number() else { return nil }
        var seconds = hours * 3600
        if take(UInt8(ascii: ":")) {
            guard let minutes = number() else { return nil }
            seconds += minutes * 60
            if take(UInt8(ascii: ":")) {
                guard let secs = number() else { return nil }
                seconds += secs
            }
        }
        return sign * seconds
    }

    mutating func rule() -> PosixRule.TransitionRule? {
        let day: PosixRule.TransitionDay
        if take(UInt8(ascii: "M")) {
            guard let month = number(), take(UInt8(ascii: ".")), let week = number(),
                take(UInt8(ascii: ".")), let weekday = number(), (1...12).contains(month),
                (1...5).contains(week), (0...6).contains(weekday)
            else { return nil }
            day = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else if take(UInt8(ascii: "J")) {
            guard let n = number(), (1...365).contains(n) else { return nil }
            day = .julianNoLeap(n)
        } else {
            guard let n = number(), (0...365).contains(n) else { return nil }
            day = .zeroBased(n)
        }
        var time = 7200
        if take(UInt8(ascii: "/")) {
            guard let value = offset() else { return nil }
            time = value
        }
        return PosixRule.TransitionRule(day: day, time: time)
    }
}
