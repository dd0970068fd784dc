import FoundationEssentials
import WeatherModel

/// Everything the bridge knows about one station: each field's last plausible value and when
/// it arrived, the values rejected and why, batteries, signal, counts and the rain accumulator.
/// A plain value: `apply` judges one observation; nothing here does I/O.
///
/// Ages count from arrival (device clocks are often wrong). A message that carries no reading
/// (a Tempest `hub_status`) makes the station "seen" but no field fresh: a hub alive while its
/// sensor is dead does not keep old values.
public struct StationState: Sendable, Equatable {
    /// One field's accepted value.
    public struct Field: Sendable, Equatable {
        public var value: Double
        public var time: Date
        public var sensor: String
    }

    /// A rejection and when it happened.
    public struct Recent: Sendable, Equatable {
        public var rejection: Rejection
        public var time: Date
    }

    public private(set) var fields: [StationQuantity: Field] = [:]
    /// The latest rejection per field name.
    public private(set) var rejections: [String: Recent] = [:]
    public private(set) var lastSeen: Date?
    public private(set) var messages = 0
    public private(set) var rejectedCount = 0
    public private(set) var batteries: [String: Double] = [:]
    public private(set) var signal: Double?
    /// Quantities the device reports as failed (until it says otherwise).
    public private(set) var failed: Set<StationQuantity> = []
    public private(set) var precipitationStarted: Date?
    public var rain = RainAccumulator()
    /// Values that broke a step and wait for a second report.
    var pending: [StationQuantity: Field] = [:]

    /// Two reports within this many seconds are compared for a sudden step.
    public static let stepWindow: Double = 1800

    public init(rain: RainAccumulator = RainAccumulator()) { self.rain = rain }

    /// Judges `observation`, which arrived at `now`; `elevation` (metres) reduces station pressure,
    /// `zone` is the location's, for rain today.
    public mutating func apply(_ observation: StationObservation, at now: Date, elevation: Double?, zone: ZoneInfo) {
        messages += 1
        lastSeen = now
        batteries.merge(observation.batteries) { $1 }
        if let signal = observation.signal { self.signal = signal }
        if let failed = observation.failed { self.failed = failed }
        observation.rejected.forEach { record($0, at: now) }
        var values = observation.values
        if let report = observation.pressure {
            switch SeaLevelPressure.resolve(report, elevation: elevation) {
            case .success(let pressure)?: values[.pressure] = pressure
            case .failure(let rejection)?: record(rejection, at: now)
            case nil: break
            }
        }
        for quantity in values.keys.sorted() {
            guard var value = values[quantity] else { continue }
            if quantity == .windBearing, value == 360 { value = 0 }
            if let rejection = judge(quantity, value, in: values, at: now) {
                record(rejection, at: now)
            } else {
                fields[quantity] = Field(value: value, time: now, sensor: observation.sensor)
                pending[quantity] = nil
            }
        }
        if let report = observation.rain,
            let rejection = rain.apply(
                report, sensor: observation.sensor, deviceTime: observation.time, at: now, zone: zone)
        {
            record(rejection, at: now)
        }
        if observation.precipitationStarted { precipitationStarted = now }
    }

    /// `quantity`'s value if it arrived within `maxAge` seconds of `now`.
    public func fresh(_ quantity: StationQuantity, at now: Date, maxAge: Double) -> Field? {
        guard let field = fields[quantity], now.timeIntervalSince(field.time) <= maxAge else { return nil }
        return field
    }

    /// Whether the rain gauge reported within `maxAge`.
    public func rainIsFresh(at now: Date, maxAge: Double) -> Bool {
        rain.lastReport.map { now.timeIntervalSince($0) <= maxAge } ?? false
    }

    private func judge(
        _ quantity: StationQuantity, _ value: Double, in values: [StationQuantity: Double], at now: Date
    ) -> Rejection? {
        let name = quantity.rawValue
        if failed.contains(quantity) {
            return Rejection(
                field: name, value: value, rule: .sensorFailure, detail: "the device reports this sensor failed")
        }
        let envelope = quantity.envelope
        guard envelope.contains(value) else {
            return Rejection(
                field: name, value: value, rule: .envelope,
                detail: "\(value) is outside \(envelope.lowerBound)…\(envelope.upperBound)")
        }
        if quantity == .dewPoint, let temperature = values[.temperature] ?? recentTemperature(at: now),
            value > temperature + 0.5
        {
            return Rejection(
                field: name, value: value, rule: .dewPointAboveTemperature,
                detail: "dew point \(value) °C above the temperature \(temperature) °C")
        }
        return stepRejection(quantity, value, at: now)
    }

    /// The temperature of a report in the last five minutes, to judge a dew point sent apart from it.
    private func recentTemperature(at now: Date) -> Double? {
        fields[.temperature].flatMap { now.timeIntervalSince($0.time) <= 300 ? $0.value : nil }
    }

    /// A jump from the last value larger than the quantity's step is held until a second report
    /// within half a step of it confirms it.
    private func stepRejection(_ quantity: StationQuantity, _ value: Double, at now: Date) -> Rejection? {
        guard let step = quantity.step, let current = fields[quantity],
            now.timeIntervalSince(current.time) < StationState.stepWindow, abs(value - current.value) > step
        else { return nil }
        if let candidate = pending[quantity], abs(candidate.value - value) <= step / 2 { return nil }
        return Rejection(
            field: quantity.rawValue, value: value, rule: .step,
            detail: "a step from \(current.value) to \(value) not yet confirmed by a second report")
    }

    private mutating func record(_ rejection: Rejection, at now: Date) {
        rejectedCount += 1
        rejections[rejection.field] = Recent(rejection: rejection, time: now)
        if rejection.rule == .step, let quantity = StationQuantity(rawValue: rejection.field),
            let value = rejection.value
        {
            pending[quantity] = Field(value: value, time: now, sensor: "")
        }
    }
}
