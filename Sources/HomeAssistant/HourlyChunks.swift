/// The hourly forecast split over several Home Assistant sensors, each holding at most
/// `hoursPerSensor` hours in its `forecast` attribute.
///
/// Home Assistant's recorder drops the attributes of any state whose attributes exceed 16 KiB
/// (`MAX_STATE_ATTRS_BYTES`, with a warning in the log). One hourly item in Home Assistant's
/// forecast shape is at most `worstItemBytes` bytes of JSON, so 24 of them stay far below
/// the limit whatever `forecast.hours` (0…384) is; the template weather joins the parts again.
public enum HourlyChunks {
    /// Hours per sensor: one day.
    public static let hoursPerSensor = 24

    /// One sensor's share: hours `start..<end` of the payload's `hours`.
    public struct Part: Sendable, Equatable {
        public var index: Int
        public var start: Int
        public var end: Int

        /// `hourly_forecast` for the first part (the entity id it always had), then
        /// `hourly_forecast_2`, `hourly_forecast_3`, …
        public var key: String { index == 0 ? "hourly_forecast" : "hourly_forecast_\(index + 1)" }

        /// `Hourly forecast`, then `Hourly forecast 2`, …
        public var name: String { index == 0 ? "Hourly forecast" : "Hourly forecast \(index + 1)" }
    }

    /// The parts for `hours` hourly entries: at least one (an empty forecast for 0 hours).
    public static func parts(hours: Int) -> [Part] {
        let count = max(1, (max(0, hours) + hoursPerSensor - 1) / hoursPerSensor)
        return (0..<count).map { Part(index: $0, start: $0 * hoursPerSensor, end: ($0 + 1) * hoursPerSensor) }
    }
}
