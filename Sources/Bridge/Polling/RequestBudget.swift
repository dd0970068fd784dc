import FoundationEssentials
import WeatherModel

/// Requests per provider per UTC day, against each provider's daily budget.
public struct RequestBudget: Sendable, Equatable {
    /// The UTC day the counters are for.
    public var day: CivilDate
    public var used: [String: Int]

    public init(day: CivilDate, used: [String: Int] = [:]) {
        self.day = day
        self.used = used
    }

    /// Default budgets: the provider's free tier with a margin.
    public static func defaultBudget(provider: String, api: String? = nil) -> Int {
        switch provider {
        case "open-meteo": 8000  // 10,000 calls a day for non-commercial use
        case "openweathermap": api == "free" ? 50_000 : 900  // One Call 3.0 and 4.0: 1,000 free calls a day
        case "pirate-weather": 300  // 10,000 a month
        case "met-no": 10_000  // no fixed quota; 20 requests/s per application is the hard limit
        case "nws": 10_000  // no published quota
        default: 1000
        }
    }

    /// Starts a new day's counters when the UTC day has changed.
    public mutating func roll(to now: Date) {
        let today = ZoneInfo.utc.localDate(now)
        if today != day {
            day = today
            used = [:]
        }
    }

    public func usedToday(_ provider: String) -> Int { used[provider] ?? 0 }

    public mutating func spend(_ provider: String, calls: Int, now: Date) {
        roll(to: now)
        used[provider, default: 0] += calls
    }
}
