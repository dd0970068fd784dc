import FoundationEssentials

/// ISO 8601 timestamps as SPEC §4 writes them: `2026-11-22T14:03:12+01:00`, in the
/// location's offset at that instant.
public enum ISO8601 {
    /// `date` in `zone`, with seconds and the zone's offset (`Z` never; `+00:00` for UTC).
    public static func string(_ date: Date, in zone: ZoneInfo) -> String {
        let unix = unixSeconds(date)
        let offset = zone.offset(atUnix: unix)
        let local = CivilDateTime(secondsAsIfUTC: unix + Int64(offset))
        // Written straight into the string's storage (no byte array first): the text of
        // `CivilDate.append`, `appendPadded` and `ZoneInfo.appendOffset`, at most 40 bytes
        // (years are clamped to ±9999 and offsets come from 32-bit seconds).
        return String(unsafeUninitializedCapacity: 64) { buffer in
            var count = 0
            func put(_ byte: UInt8) {
                buffer[count] = byte
                count += 1
            }
            func padded(_ value: Int, _ width: Int) {
                if value < 0 { put(UInt8(ascii: "-")) }
                let magnitude = value.magnitude
                var divisor: UInt = 1
                var digits = 1
                while magnitude / divisor >= 10 {
                    divisor *= 10
                    digits += 1
                }
                for _ in digits..<max(digits, width) { put(UInt8(ascii: "0")) }
                while divisor > 0 {
                    put(UInt8(ascii: "0") + UInt8(magnitude / divisor % 10))
                    divisor /= 10
                }
            }
            padded(local.date.year, 4)
            put(UInt8(ascii: "-"))
            padded(local.date.month, 2)
            put(UInt8(ascii: "-"))
            padded(local.date.day, 2)
            put(UInt8(ascii: "T"))
            padded(local.hour, 2)
            put(UInt8(ascii: ":"))
            padded(local.minute, 2)
            put(UInt8(ascii: ":"))
            padded(local.second, 2)
            put(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            padded(abs(offset) / 3600, 2)
            put(UInt8(ascii: ":"))
            padded(abs(offset) % 3600 / 60, 2)
            return count
        }
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM|±HHMM]`. A time without an offset is a
    /// wall-clock time in `zone` (UTC when none is given).
    public static func date(_ text: some StringProtocol, zone: ZoneInfo? = nil) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 16, let date = CivilDate(iso: text),
            bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " "),
            let hour = parseDigits(bytes[11..<13]), bytes[13] == UInt8(ascii: ":"),
            let minute = parseDigits(bytes[14..<16]), hour <= 24, minute < 60
        else { return nil }
        var position = 16
        var second = 0
        var fraction = 0.0
        if position + 3 <= bytes.count, bytes[position] == UInt8(ascii: ":") {
            guard let value = parseDigits(bytes[position + 1..<position + 3]), value <= 60 else { return nil }
            second = value
            position += 3
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") || bytes[position] == UInt8(ascii: ",") {
                position += 1
                var scale = 0.1
                while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                    fraction += Double(bytes[position] - UInt8(ascii: "0")) * scale
                    scale /= 10
                    position += 1
                }
            }
        }
        let local = CivilDateTime(date: date, hour: 0, minute: minute, second: second)
        let wall = local.secondsAsIfUTC + Int64(hour * 3600)
        if position == bytes.count {
            let zone = zone ?? .utc
            let instant = zone.date(CivilDateTime(secondsAsIfUTC: wall))
            return instant.addingTimeInterval(fraction)
        }
        var offset = 0
        if bytes[position] == UInt8(ascii: "Z") || bytes[position] == UInt8(ascii: "z") {
            guard position + 1 == bytes.count else { return nil }
        } else {
            guard bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") else { return nil }
            let sign = bytes[position] == UInt8(ascii: "-") ? -1 : 1
            var digits = Array(bytes[(position + 1)...])
            digits.removeAll { $0 == UInt8(ascii: ":") }
            guard digits.count == 4 || digits.count == 2, let hours = parseDigits(digits[0..<2][...]) else {
                return nil
            }
            let minutes = digits.count == 4 ? parseDigits(digits[2..<4][...]) : 0
            guard let minutes, hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        }
        return Date(timeIntervalSince1970: Double(wall - Int64(offset)) + fraction)
    }
}
