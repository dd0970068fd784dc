import Configuration
import FoundationEssentials

/// The one home of the bridge's polling facts that `run`, `fetch`, `check` and the status all
/// use: how often a location is polled, when its answer expires, when it is stale, and how many
/// requests a provider may have a day. Pure: values in, values out.
public enum PollingRules {
    /// The interval a location is polled at: its configured `interval`, but never faster than
    /// any of its providers allows (a fallback may serve, and met.no and NWS ask for 10 min).
    public static func interval(of location: LocationSettings) -> Double {
        max(Double(location.interval), location.providers.map(PollPolicy.minimumInterval).max() ?? 60)
    }

    /// When an answer fetched at `fetchedAt` expires: after the poll interval, or the answer's
    /// own lifetime (`Expires`, `max-age`) when that is longer. `expires_at` of every payload.
    public static func expiresAt(fetchedAt: Date, location: LocationSettings, lifetime: Double?) -> Date {
        fetchedAt.addingTimeInterval(max(interval(of: location), lifetime ?? 0))
    }

    /// Until when a fresh answer's hours are kept (SPEC §3, "What the bridge keeps"): as far as
    /// any payload can reach while the answer is in use. That is the hourly topic's `hours` (at
    /// least the 48 h the outlook looks ahead) from the last moment the data is usable (a poll
    /// interval past `expiresAt`), plus a day for an answer the provider keeps confirming with
    /// 304s. The hours beyond (Open-Meteo answers 8 days of them) were only needed to fill the
    /// days, which the decoder did; keeping them cost 20 kB a location (BENCHMARKS.md, issue 22).
    public static func hoursKept(
        until expiresAt: Date, location: LocationSettings, hourLimit: Int, intervalMinutes: Int
    ) -> Date {
        let ahead = max(Double(hourLimit * max(1, intervalMinutes) * 60), 48 * 3600)
        return expiresAt.addingTimeInterval(interval(of: location) + ahead + 86400)
    }

    /// Until when an air-quality answer's hours are kept (SPEC §3, "What is kept of an answer"):
    /// the `air_quality` topic's `hours` (at least 48) from a day past the fetch. It is asked for
    /// again every hour, so the day covers an outage of the Air Quality API; the days were
    /// computed from every hour first (`AirQuality.keepHours`). Keeping Open-Meteo's 168 hours cost
    /// 24 kB a location (BENCHMARKS.md, issue 22).
    public static func airQualityHoursKept(fetchedAt: Date, hourLimit: Int) -> Date {
        fetchedAt.addingTimeInterval(Double(max(hourLimit, 48)) * 3600 + 86400)
    }

    /// The status `state` of a location (SPEC §3): `stale` once `now` is past `expires_at` by
    /// more than the cadence its last answer set (`Staleness`); `ok`, `error` or `waiting` otherwise.
    public static func status(_ state: LocationState, location: LocationSettings, now: Date) -> String {
        state.state(now: now)
    }

    /// Requests a day when one is made every `interval` seconds (a partial one counts).
    public static func requestsPerDay(every interval: Double) -> Int { Int((86400 / interval).rounded(.up)) }

    /// The requests a provider may have a UTC day: `daily_budget`, else the provider's default.
    public static func dailyBudget(_ provider: String, configuration: BridgeConfiguration) -> Int {
        let settings = configuration.provider(provider)
        return settings?.dailyBudget ?? RequestBudget.defaultBudget(provider: provider, api: settings?.api)
    }

    /// Seconds until the run loop looks again: at the nearest of `nextPolls` (in a minute when
    /// there is none), at least half a second from now, at most a minute or the systemd
    /// watchdog's interval (`watchdog`), whichever is shorter.
    public static func wake(nextPolls: some Sequence<Date>, watchdog: Double?, now: Date) -> Double {
        let next = nextPolls.min() ?? now.addingTimeInterval(60)
        return min(watchdog ?? 60, 60, max(0.5, next.timeIntervalSince(now)))
    }
}
