/// The request budget each location's status shows: as of the location's last refresh, so one
/// location's request does not republish every status. A plain value kept by `LocationBook`.
struct QuotaShown {
    private var shown: [String: RequestBudget] = [:]

    /// Location `id` was refreshed: its next status shows the budget as it is then.
    mutating func refreshed(_ id: String) { shown[id] = nil }

    /// The budget location `id`'s status shows (`now`: the budget as it is now).
    mutating func quota(_ id: String, now: () -> RequestBudget) -> RequestBudget {
        if let quota = shown[id] { return quota }
        let quota = now()
        shown[id] = quota
        return quota
    }
}
