import FoundationEssentials

/// When data counts as stale (docs/SPEC.md §3): the bridge's status `state` and weatherview's
/// "stale" badge both judge it with this one function, from facts both have.
public enum Staleness {
    /// Stale once `now` is past `expiresAt` by more than the location's cadence as last scheduled:
    /// `expiresAt` − its last answer, the later of `fetchedAt` and `lastSuccess` (a 304 renews
    /// `expires_at` and the status' `last_success`, not `fetched_at`) — the poll interval, or the
    /// answer's own lifetime when longer. Until then the bridge may be fetching right now.
    public static func isStale(expiresAt: Date, fetchedAt: Date?, lastSuccess: Date?, now: Date) -> Bool {
        let lastAnswer = [fetchedAt, lastSuccess].compactMap { $0 }.max()
        let cadence = lastAnswer.map { max(0, expiresAt.timeIntervalSince($0)) } ?? 0
        return now.timeIntervalSince(expiresAt) > cadence
    }
}
