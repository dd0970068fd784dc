/// The parts of a forecast, for saying which ones an answer lacked (`Forecast.lacking`).
public struct ForecastParts: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The current conditions.
    public static let current = ForecastParts(rawValue: 1)
    /// The hourly series.
    public static let hourly = ForecastParts(rawValue: 2)
    /// The daily series.
    public static let daily = ForecastParts(rawValue: 4)

    private static let named: [(ForecastParts, String)] = [
        (.current, "current"), (.hourly, "hourly"), (.daily, "daily"),
    ]

    /// The names used in payloads (`status.partial`), in this order: `current`, `hourly`, `daily`.
    public var names: [String] { Self.named.compactMap { contains($0.0) ? $0.1 : nil } }

    /// The parts `names` names (unknown names are ignored).
    public init(names: [String]) {
        self = []
        for (part, name) in Self.named where names.contains(name) { insert(part) }
    }
}
