import FoundationEssentials

/// When data counts as stale (docs/SPEC.md §3): the bridge's status `state` and weatherview's
/// "stale" badge both judge it with this one rule.
public enum Staleness {
    /// Stale once `now` is past `expiresAt` by more than `interval` seconds, the location's
    /// poll interval: until then the bridge may be fetching right now.
    public static func isStale(expiresAt: Date, interval: Double, now: Date) -> Bool {
        now.timeIntervalSince(expiresAt) > interval
    }
}
