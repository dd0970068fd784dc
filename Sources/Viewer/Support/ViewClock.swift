import FoundationEssentials
import WeatherModel

/// The viewer's clock. `WEATHER2MQTT_NOW=2026-01-15T12:00:00Z` starts it at that instant
/// (it then runs on normally), so recorded payloads show as if fresh.
struct ViewClock: Sendable {
    /// Seconds added to the system clock.
    let offset: Double

    static func fromEnvironment() throws(Failure) -> ViewClock {
        guard let text = ProcessEnvironment.value("WEATHER2MQTT_NOW"), !text.isEmpty else {
            return ViewClock(offset: 0)
        }
        guard let start = ISO8601.date(text) else {
            throw Failure.usage("WEATHER2MQTT_NOW=\(text) is not an ISO 8601 time such as 2026-01-15T12:00:00Z")
        }
        return ViewClock(offset: start.timeIntervalSince(Date()))
    }

    func now() -> Date { Date().addingTimeInterval(offset) }
}
