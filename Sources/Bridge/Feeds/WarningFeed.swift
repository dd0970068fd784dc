import Configuration
import FoundationEssentials
import ProviderFacts
import Providers
import WeatherModel

/// One warning source as a feed: when it is asked after a forecast refresh of a location
/// (`WarningSource.cadence`), and what an answer or a failure leaves the location with (a failure
/// is not the end of a warning: the source's last good alerts stay). `AlertSources` executes.
public struct WarningFeed: Sendable, Equatable {
    public let source: WarningSource

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
        _ answer: Result<[Alert]?, ProviderError>, lastGood: [Alert]?, announced: [Alert], location: String
    ) -> (lastGood: [Alert]?, log: LogLine?) {
        switch answer {
        case .success(let alerts?): return (alerts, nil)
        case .success(nil): return (lastGood, nil)
        case .failure(let error):
            let line = LogLine(
                .warning, "warning source failed: \(error.description); keeping its last alerts",
                ["location": location, "source": source.rawValue])
            return (lastGood ?? announced.filter { $0.source == source.rawValue }, line)
        }
    }
}
