import FoundationEssentials
import Providers
import WeatherModel
import WireContract

/// What the bridge knows about one location: the last good answer, when it came, when to ask
/// again, and what went wrong since.
public struct LocationState: Sendable, Equatable {
    public var forecast: Forecast?
    /// The last answer's nowcast, if it carried one (not saved across restarts: it is short-lived).
    public var nowcast: Nowcast?
    /// When MET Norway's Nowcast was last asked for (met-no locations in its area).
    public var nowcastFetchedAt: Date?
    /// The last air-quality answer and when it was asked for (`air_quality: true` locations).
    public var airQuality: AirQuality?
    public var airQualityFetchedAt: Date?
    /// The provider that served `forecast`.
    public var provider: String?
    public var fetchedAt: Date?
    public var expiresAt: Date?
    public var lastSuccess: Date?
    public var lastAttempt: Date?
    public var nextPoll: Date
    public var consecutiveFailures = 0
    public var lastError: LastError?
    /// Validators of the last good answer, per provider.
    public var validators: [String: HTTPValidators] = [:]
    /// Providers that asked us to wait (Retry-After, backoff): not before this instant.
    public var notBefore: [String: Date] = [:]

    public init(nextPoll: Date) { self.nextPoll = nextPoll }

    public struct LastError: Sendable, Equatable {
        public var at: Date
        public var provider: String
        public var message: String
        public var httpStatus: Int?
    }

    /// `ok`, `stale`, `error` or `waiting` (SPEC §3 status).
    public func state(now: Date) -> String {
        guard forecast != nil, let expiresAt else {
            return consecutiveFailures > 0 ? "error" : "waiting"
        }
        if Staleness.isStale(expiresAt: expiresAt, fetchedAt: fetchedAt, lastSuccess: lastSuccess, now: now) {
            return "stale"
        }
        return "ok"
    }
}
