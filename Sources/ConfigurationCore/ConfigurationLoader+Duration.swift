extension ConfigurationLoader {
    /// Seconds in a duration: `90s`, `15m`, `2h`, `1d`, combinations from the largest unit down
    /// (`1h30m`, `1d12h`), or a bare number of seconds. `nil` for anything else, negative values
    /// and durations over 366 days.
    public static func parseDuration(_ text: String) -> Int? {
        let scalars = Array(text.unicodeScalars)
        guard !scalars.isEmpty, scalars.count <= 32 else { return nil }
        if scalars.allSatisfy({ ("0"..."9").contains($0) }) {
            guard let seconds = Int(text), seconds <= maximumDuration else { return nil }
            return seconds
        }
        let units: [(Unicode.Scalar, Int)] = [("d", 86400), ("h", 3600), ("m", 60), ("s", 1)]
        var total = 0
        var nextUnit = 0
        var index = 0
        while index < scalars.count {
            var number = 0
            let start = index
            while index < scalars.count, ("0"..."9").contains(scalars[index]) {
                number = number * 10 + Int(scalars[index].value - 0x30)
                guard number <= maximumDuration else { return nil }
                index += 1
            }
            guard index > start, index < scalars.count,
                let unit = units[nextUnit...].firstIndex(where: { $0.0 == scalars[index] })
            else { return nil }
            total += number * units[unit].1
            guard total <= maximumDuration else { return nil }
            nextUnit = unit + 1
            index += 1
        }
        return total
    }

    /// 366 days: longer than any interval makes sense, short enough for nanosecond arithmetic.
    package static let maximumDuration = 366 * 86400
}
