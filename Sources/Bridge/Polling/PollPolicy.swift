import FoundationEssentials
import ProviderFacts

/// Pure scheduling rules: when a location is due again, how long to back off after a
/// failure. Values in, values out; randomness comes in as a parameter so tests can pin it.
public enum PollPolicy {
    /// The shortest interval the bridge will poll a provider at, whatever the configuration says.
    /// (`ProviderDescriptor.minimumInterval`; 60 s for an unknown name).
    public static func minimumInterval(provider: String) -> Double {
        ProviderDescriptor.named(provider)?.minimumInterval ?? 60
    }

    /// When to poll after a good answer: the later of the location's interval and the
    /// answer's own freshness, plus up to 5 % jitter (`random` in 0..<1) so that many
    /// bridges (and many locations) do not all ask at the same second.
    public static func nextPoll(after fetchedAt: Date, interval: Double, lifetime: Double?, random: Double) -> Date {
        let wait = max(interval, lifetime ?? 0)
        return fetchedAt.addingTimeInterval(wait + wait * 0.05 * random)
    }

    /// Exponential backoff after `failures` consecutive failures (1 = the first): 1 min,
    /// 2, 4, … capped at 1 h, with ±20 % jitter; a provider's `Retry-After` wins when longer.
    public static func backoff(failures: Int, retryAfter: Double?, random: Double) -> Double {
        let exponent = min(max(failures - 1, 0), 10)
        var delay = min(3600, 60 * Double(1 << exponent))
        delay *= 0.8 + 0.4 * random
        if let retryAfter { delay = max(delay, retryAfter) }
        return delay
    }
}
