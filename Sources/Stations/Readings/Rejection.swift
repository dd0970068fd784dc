/// A value a station sent that did not reach the readings, and the rule that stopped it.
public struct Rejection: Sendable, Equatable {
    /// Why a value was rejected.
    public enum Rule: String, Sendable {
        /// Outside the quantity's physical envelope (`StationQuantity.envelope`).
        case envelope
        /// A sudden step that a second report has not (yet) confirmed.
        case step
        /// A dew point above the temperature of the same report.
        case dewPointAboveTemperature = "dew_point_above_temperature"
        /// An indoor channel, a probe or a second sensor type posing as the outdoor sensor.
        case notOutdoor = "not_outdoor"
        /// The device itself reports the sensor as failed.
        case sensorFailure = "sensor_failure"
        /// Station pressure without a configured `elevation` to reduce it to sea level.
        case noElevation = "no_elevation"
        /// A rain counter or total that moved by more than any rain can.
        case rainJump = "rain_jump"
    }

    /// The payload field name (`temperature`, `rain`, …).
    public var field: String
    /// The value as received, converted to the canonical unit where it could be.
    public var value: Double?
    public var rule: Rule
    /// Says what was wrong, for the state topic and the log.
    public var detail: String

    public init(field: String, value: Double?, rule: Rule, detail: String) {
        self.field = field
        self.value = value
        self.rule = rule
        self.detail = detail
    }
}

extension Rejection: Error {}
