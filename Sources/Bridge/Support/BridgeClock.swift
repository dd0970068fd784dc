import FoundationEssentials
import WeatherModel

/// The bridge's clock. `WEATHER2MQTT_NOW=2026-01-15T12:00:00Z` starts it at that instant
/// (it then runs on normally), so recorded answers replay as if fresh.
public struct BridgeClock: Sendable {
    /// Seconds added to the system clock.
    public let offset: Double

    public init(offset: Double = 0) { self.offset = offset }

    /// Reads `WEATHER2MQTT_NOW`; `nil` with a message when it is set but not a timestamp.
    public static func fromEnvironment() -> Result<BridgeClock, BridgeClockError> {
        guard let text = ProcessEnvironment.value("WEATHER2MQTT_NOW"), !text.isEmpty else {
            return .success(BridgeClock())
        }
        guard let start = ISO8601.date(text) else {
            return .failure(
                BridgeClockError(
                    message: "WEATHER2MQTT_NOW=\(text) is not an ISO 8601 time such as 2026-01-15T12:00:00Z"))
        }
        return .success(BridgeClock(offset: start.timeIntervalSince(Date())))
    }

    public func now() -> Date { Date().addingTimeInterval(offset) }
}

public struct BridgeClockError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
