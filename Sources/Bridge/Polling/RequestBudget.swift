import FoundationEssentials
import ProviderFacts
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
    /// (`ProviderDescriptor.dailyBudget(api:)`; 1000 for an unknown name).
    public static func defaultBudget(provider: String, api: String? = nil) -> Int {
        ProviderDescriptor.named(provider)?.dailyBudget(api: api) ?? 1000
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

    /// Whether `calls` more requests keep `provider` within `limit` today: the one budget check
    /// every feed's decision makes (the limit is `PollingRules.dailyBudget`).
    public func allows(_ provider: String, calls: Int, limit: Int) -> Bool { usedToday(provider) + calls <= limit }

    /// The requests `provider` may still have today.
    public func remaining(_ provider: String, limit: Int) -> Int { max(0, limit - usedToday(provider)) }

    public mutating func spend(_ provider: String, calls: Int, now: Date) {
        roll(to: now)
        used[provider, default: 0] += calls
    }
}
