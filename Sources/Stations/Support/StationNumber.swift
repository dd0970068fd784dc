import WeatherModel

/// Numbers as stations send them: plain, quoted, or with a unit inside (`"65%"`, `"947.4 hPa"`).
/// The "no value" markers are missing, never 0: empty text, `null`, `--`, `----.-`, `-9999`
/// (and `-9999.0`, `-999.9`), `NaN`, `N/A`.
public enum StationNumber {
    /// The number in `text`, `nil` for a missing marker or anything that is not a number.
    public static func parse(_ text: String) -> Double? {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, !trimmed.allSatisfy({ $0 == "-" || $0 == "." }) else { return nil }
        guard let value = Double(trimmed), value.isFinite else { return nil }
        return isMissingMarker(value) ? nil : value
    }

    /// A JSON value: a number, or a string holding one; `null` and markers are `nil`.
    public static func parse(_ value: JSONValue?) -> Double? {
        switch value {
        case .number(let number)?: return number.isFinite && !isMissingMarker(number) ? number : nil
        case .string(let text)?: return parse(text)
        default: return nil
        }
    }

    /// The number at the start of `text` and the unit after it: `"0.071 kPa"` → (0.071, "kPa"),
    /// `"65%"` → (65, "%"), `"-14.2"` → (-14.2, "").
    public static func withUnit(_ text: String) -> (value: Double, unit: String)? {
        let trimmed = text.trimmingSpaces
        let numberEnd =
            trimmed.firstIndex(where: { !($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") }) ?? trimmed.endIndex
        guard let value = parse(String(trimmed[..<numberEnd])) else { return nil }
        return (value, String(trimmed[numberEnd...]).trimmingSpaces)
    }

    static func isMissingMarker(_ value: Double) -> Bool {
        value <= -9999 || value == -999.9 || value == -999
    }
}

extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
