import WireContract

/// `mqtt.flat_topics`: which payloads also get one plain value per topic (SPEC §3).
///
/// `true` (the default) is `current` alone, `false` none; a mapping opts in per kind:
/// `current`, `outlook`, `nowcast`, `air_quality` (true or false) and `hourly`, `daily` (how many
/// entries from the first: 0 for none, at most `forecast.hours` / `forecast.days`).
public struct FlatTopicSettings: Sendable, Equatable {
    public var current: Bool
    public var outlook: Bool
    public var nowcast: Bool
    public var airQuality: Bool
    /// Entries of `hourly` published flat, from `hours[0]`.
    public var hourly: Int
    /// Entries of `daily` published flat, from `days[0]`.
    public var daily: Int

    public init(
        current: Bool = true, outlook: Bool = false, nowcast: Bool = false, airQuality: Bool = false,
        hourly: Int = 0, daily: Int = 0
    ) {
        self.current = current
        self.outlook = outlook
        self.nowcast = nowcast
        self.airQuality = airQuality
        self.hourly = hourly
        self.daily = daily
    }

    /// `flat_topics: false`.
    public static let off = FlatTopicSettings(current: false)

    /// How many flat entries (`hourly`, `daily`) or whether flat fields (1, 0: the others) `kind` gets.
    public func entries(_ kind: LocationTopic) -> Int {
        switch kind {
        case .current: current ? 1 : 0
        case .outlook: outlook ? 1 : 0
        case .nowcast: nowcast ? 1 : 0
        case .airQuality: airQuality ? 1 : 0
        case .hourly: hourly
        case .daily: daily
        case .alerts, .status: 0
        }
    }
}

/// `flat_topics: true` / `false` as written in the file (and in tests).
extension FlatTopicSettings: ExpressibleByBooleanLiteral {
    public init(booleanLiteral on: Bool) {
        self = on ? FlatTopicSettings() : .off
    }
}
