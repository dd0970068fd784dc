import Foundation
import TestSupport
import WeatherModel

/// An instant written `2026-03-29T01:00:00Z`, read by Foundation's own formatter so that the
/// tests do not check `ISO8601` with itself.
func instant(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    guard let date = formatter.date(from: text) else { fatalError("bad test instant \(text)") }
    return date
}

/// A zone the tests rely on; the tz database is a dependency of the product (Debian `tzdata`).
func zone(_ identifier: String) -> ZoneInfo {
    guard let zone = ZoneInfo(identifier: identifier) else { fatalError("no zone \(identifier) in the tz database") }
    return zone
}
