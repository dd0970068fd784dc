import Configuration

/// One provider's daily budget as a feed reads it: the provider's name and its limit
/// (`daily_budget`, else the provider's default). The requests themselves are counted by the
/// service in `RequestBudget`, for every feed alike.
public struct ProviderQuota: Sendable {
    public let provider: String
    public let limit: Int

    public init(_ provider: String, configuration: BridgeConfiguration) {
        self.provider = provider
        limit = PollingRules.dailyBudget(provider, configuration: configuration)
    }

    /// Whether `calls` more requests fit in today's `budget`.
    public func allows(_ calls: Int, in budget: RequestBudget) -> Bool {
        budget.allows(provider, calls: calls, limit: limit)
    }

    /// The requests still allowed today.
    public func remaining(in budget: RequestBudget) -> Int { budget.remaining(provider, limit: limit) }
}
