import Configuration
import ProviderFacts

/// Each provider's daily budget, read from the configuration once (`PollingRules.dailyBudget`:
/// `daily_budget`, else the provider's default): what `BudgetLedger` checks every request
/// against, what the status shows and what `check` plans with.
public struct BudgetLimits: Sendable, Equatable {
    let byProvider: [String: Int]

    /// Reads the limit of every known provider and of every one the configuration names.
    public init(configuration: BridgeConfiguration) {
        let names = Set(ProviderDescriptor.all.map(\.name)).union(configuration.providers.keys)
            .union(configuration.locations.flatMap(\.providers))
        byProvider = Dictionary(
            uniqueKeysWithValues: names.map { ($0, PollingRules.dailyBudget($0, configuration: configuration)) })
    }

    /// The requests `provider` may have a UTC day.
    public func limit(_ provider: String) -> Int {
        byProvider[provider] ?? RequestBudget.defaultBudget(provider: provider)
    }
}
