import FoundationEssentials

/// One step of a precipitation nowcast: what falls from `time` for the nowcast's step length.
public struct NowcastStep: Sendable, Equatable {
    public var time: Date
    /// Precipitation rate in mm/h; `nil` where the provider gives none (One Call 4.0 `15min`).
    @OptionalDouble public var intensity: Double? = nil
    /// Chance of precipitation, 0–100 %, where the provider gives one.
    @OptionalDouble public var probability: Double? = nil
    /// What falls, where the provider says or it can be read from its codes; `nil` when dry.
    public var type: PrecipitationType?

    public init(time: Date, intensity: Double? = nil, probability: Double? = nil, type: PrecipitationType? = nil) {
        self.time = time
        self.intensity = intensity
        self.probability = probability
        self.type = type
    }

    /// Rates below this (mm/h) are read as dry: radar and model noise, not something to act on.
    public static let wetThreshold = 0.1

    /// Whether precipitation is expected in this step: a rate of at least `wetThreshold`, or,
    /// where there is no rate, a precipitation type read from the provider's weather code.
    public var isWet: Bool {
        if let intensity { return intensity >= Self.wetThreshold }
        return type != nil
    }
}

/// Precipitation for the next one to two hours at the finest step a provider offers
/// (SPEC §4 `nowcast`). A location whose provider has none has `unavailableReason` set and no steps.
public struct Nowcast: Sendable, Equatable {
    /// Where the steps come from (`open-meteo minutely_15`, `met-no nowcast`, …).
    public var source: String
    /// Minutes between steps (1, 5 or 15).
    public var stepMinutes: Int
    public var steps: [NowcastStep]
    /// Why there is no nowcast (outside radar coverage, no minutely block), or `nil`.
    public var unavailableReason: String?

    public init(source: String, stepMinutes: Int, steps: [NowcastStep], unavailableReason: String? = nil) {
        self.source = source
        self.stepMinutes = max(1, stepMinutes)
        self.steps = steps.sorted { $0.time < $1.time }
        self.unavailableReason = unavailableReason
    }

    /// A nowcast that says plainly there is none, and why.
    public static func unavailable(source: String, reason: String) -> Nowcast {
        Nowcast(source: source, stepMinutes: 1, steps: [], unavailableReason: reason)
    }

    public var isAvailable: Bool { unavailableReason == nil && !steps.isEmpty }

    /// What a nowcast says as of `now`, over at most `horizonMinutes`, its sentence in `language`.
    public func outlook(now: Date, horizonMinutes: Int = 120, language: Language = .en) -> NowcastOutlook {
        NowcastOutlook(nowcast: self, now: now, horizonMinutes: horizonMinutes, language: language)
    }
}
