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

    /// The one budget check (`BudgetLedger.reserve` asks it right before every request): counts
    /// `calls` of `provider` at `now` when they keep it within `limit` today, else counts nothing.
    /// `saved` is what `budget.json` holds for today: when the counted calls pass it, the file
    /// must first hold `saveAhead` (a lease of `leaseStep(limit)` calls, never past `limit`), so a
    /// kill can forfeit at most a lease of the day's calls and never lets the day pass `limit`.
    public mutating func reserve(_ provider: String, calls: Int, limit: Int, saved: RequestBudget, now: Date)
        -> BudgetDecision
    {
        // Forward only: a round's requests carry the time it started, which may be the day before
        // one that has already begun for the counts.
        if ZoneInfo.utc.localDate(now) > day { roll(to: now) }
        let after = usedToday(provider) + max(calls, 0)
        guard after <= limit else { return .refused(limit: limit) }
        used[provider] = after
        let covered = saved.day == day ? saved.usedToday(provider) : 0
        guard after > covered else { return .granted(saveAhead: nil) }
        return .granted(saveAhead: min(limit, after + Self.leaseStep(limit) - 1))
    }

    /// The calls a save of `budget.json` covers ahead: a 64th of the day's budget, so the file is
    /// written at most 64 times a day per provider for it (an SD card's writes) and a kill
    /// forfeits at most that share of the day.
    public static func leaseStep(_ limit: Int) -> Int { max(1, (limit + 63) / 64) }
}

/// What the budget says to one request.
public enum BudgetDecision: Sendable, Equatable {
    /// Counted. `saveAhead`: the count `budget.json` must hold for the provider before the
    /// request goes out (`nil` when the file already covers it).
    case granted(saveAhead: Int?)
    /// Not asked: the request would take the provider past its daily `limit`.
    case refused(limit: Int)

    public var granted: Bool {
        if case .granted = self { return true }
        return false
    }
}
