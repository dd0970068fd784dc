import FoundationEssentials

extension Alert {
    /// Active at `now`: not yet expired (an alert without an end is active until it leaves
    /// its source).
    public func isActive(at now: Date) -> Bool { expires.map { $0 > now } ?? true }
}

extension AlertSeverity {
    /// `extreme` 4 … `minor` 1, `unknown` 0: for "the highest active severity".
    public var rank: Int {
        switch self {
        case .extreme: 4
        case .severe: 3
        case .moderate: 2
        case .minor: 1
        case .unknown: 0
        }
    }
}
