/// A calendar date without a time zone (proleptic Gregorian), as a location's local day.
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    public var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    public init(daysSinceEpoch days: Int) {
        let z = days + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    public func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + days) }

    /// 0 = Sunday … 6 = Saturday.
    public var weekday: Int {
        let value = (daysSinceEpoch + 4) % 7
        return value < 0 ? value + 7 : value
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `YYYY-MM-DD` as UTF-8.
    func append(to bytes: inout [UInt8]) {
        appendPadded(year, 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(month, 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(day, 2, to: &bytes)
    }

    /// Reads `YYYY-MM-DD` (anything after the date is ignored).
    public init?(iso text: some StringProtocol) {
        let bytes = Array(text.utf8.prefix(10))
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = parseDigits(bytes[0..<4]), let month = parseDigits(bytes[5..<7]),
            let day = parseDigits(bytes[8..<10]), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
        // February 30th and friends are not dates.
        guard CivilDate(daysSinceEpoch: daysSinceEpoch) == self else { return nil }
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

/// A wall-clock date and time without a zone.
public struct CivilDateTime: Sendable, Hashable {
    public var date: CivilDate
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(date: CivilDate, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Seconds since the epoch if this wall-clock time were UTC.
    public var secondsAsIfUTC: Int64 {
        Int64(date.daysSinceEpoch) * 86400 + Int64(hour * 3600 + minute * 60 + second)
    }

    public init(secondsAsIfUTC seconds: Int64) {
        var days = seconds / 86400
        var rest = seconds % 86400
        if rest < 0 {
            rest += 86400
            days -= 1
        }
        self.init(
            date: CivilDate(daysSinceEpoch: Int(days)), hour: Int(rest / 3600),
            minute: Int(rest % 3600 / 60), second: Int(rest % 60))
    }
}

func pad(_ value: Int, _ width: Int) -> String {
    var bytes: [UInt8] = []
    appendPadded(value, width, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// Appends `value` in decimal with at least `width` digits (zeros in front, a sign before them).
func appendPadded(_ value: Int, _ width: Int, to bytes: inout [UInt8]) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    let magnitude = value.magnitude
    var divisor: UInt = 1
    var count = 1
    while magnitude / divisor >= 10 {
        divisor *= 10
        count += 1
    }
    if count < width { bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - count)) }
    while divisor > 0 {
        bytes.append(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
        divisor /= 10
    }
}

func parseDigits(_ bytes: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for byte in bytes {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return bytes.isEmpty ? nil : value
}
