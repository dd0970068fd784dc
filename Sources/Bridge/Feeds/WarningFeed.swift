import Configuration
import FoundationEssentials
import ProviderFacts
import Providers
import WeatherModel

/// One warning source as a feed: when it is asked after a forecast refresh of a location
/// (`WarningSource.cadence`), and what an answer or a failure leaves the location with (a failure
/// is not the end of a warning: the source's last good alerts stay). `AlertSources` executes.
public struct WarningFeed: Feed, Equatable {
    public let source: WarningSource

    /// What a location holds from the source: its last good alerts (`nil`: nothing yet), and the
    /// set last announced as events (of every source).
    public struct Held: Sendable, Equatable {
        public var lastGood: [Alert]?
        public var announced: [Alert]

        public init(lastGood: [Alert]?, announced: [Alert]) {
            self.lastGood = lastGood
            self.announced = announced
        }
    }

    /// What an answer leaves: the last good alerts from now on, and a line for a failure.
    public struct Kept: Sendable, Equatable {
        public var lastGood: [Alert]?
        public var log: LogLine?
    }

    public init(_ source: WarningSource) { self.source = source }

    /// Whether the source is asked now for `location`, when it was last asked at `lastAsked` (for
    /// a shared feed: the feed's last request, by any location).
    public func decide(_ location: LocationSettings, lastAsked: Date?, now: Date) -> FeedAction {
        let cadence: Cadence? =
            switch source.cadence {
            case .everyRefresh: nil
            case .perLocation(let seconds): Cadence(seconds: Double(seconds))
            case .sharedFeed(let least): Cadence(seconds: Double(max(least, location.interval)))
            }
        if let wait = cadence?.wait(since: lastAsked, now: now) { return wait }
        return .ask(provider: source.rawValue, calls: 0)
    }

    /// What the last-asked time of a request to `url` for `location` is kept under: the feed's
    /// URL where locations share it, else the location.
    public func askedKey(_ location: LocationSettings, url: String) -> String {
        if case .sharedFeed = source.cadence { return url }
        return location.id
    }

    /// The source's last good alerts for a location after `answer` (what the location shows from
    /// it; `nil`: nothing yet): the alerts answered; when not asked this time (`nil`), the last
    /// good ones; after a failure the last good ones too, or, before the source ever answered in
    /// this process, what was last announced from it (a restart during an outage ends nothing).
    /// The failure becomes a warning line.
    public func apply(
        _ answer: Result<[Alert]?, ProviderError>, to held: Held, for location: String, now: Date
    ) -> Kept {
        switch answer {
        case .success(let alerts?): return Kept(lastGood: alerts)
        case .success(nil): return Kept(lastGood: held.lastGood)
        case .failure(let error):
            let line = LogLine(
                .warning, "warning source failed: \(error.description); keeping its last alerts",
                ["location": location, "source": source.rawValue])
            return Kept(lastGood: held.lastGood ?? held.announced.filter { $0.source == source.rawValue }, log: line)
        }
    }

    /// One Call 4.0's alert ids: one request a forecast refresh of a location that lists
    /// openweathermap under `alerts:` and is forecast by another provider
    /// (`WarningFeeds.asksOneCall4AlertIDs`; each new alert's text is one more call, not counted
    /// ahead). The other sources cost no provider's budget.
    public func requestsPerDay(_ location: LocationSettings) -> [String: Int] {
        guard source == .openweathermap, WarningFeeds.asksOneCall4AlertIDs(location) else { return [:] }
        return [WarningFeeds.openWeatherMap: PollingRules.requestsPerDay(every: PollingRules.interval(of: location))]
    }
}
