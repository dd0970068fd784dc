import Configuration
import FoundationEssentials
import ProviderFacts
import Providers

/// Every input of the bridge, the one list: the runners execute what they decide, and
/// `check`'s plan (`RequestPlan`) is the sum of their `requestsPerDay`, so the two cannot disagree.
/// A new input is a feed of its own file and one line here.
public struct BridgeFeeds: Sendable {
    public let forecast: ForecastFeed
    public let ownNowcast: OwnNowcastFeed
    public let metNoNowcast: MetNoNowcastFeed
    public let airQuality: AirQualityFeed
    /// One feed per warning source (which a refresh asks: `WarningFeeds.asked`).
    public let warnings: [WarningFeed]
    /// The user's stations, in configuration order.
    public let stations: [StationFeed]

    public init(configuration: BridgeConfiguration, providers: [String: any WeatherProvider]) {
        forecast = ForecastFeed(configuration: configuration, providers: providers)
        ownNowcast = OwnNowcastFeed(providers: providers)
        metNoNowcast = MetNoNowcastFeed(configuration: configuration)
        airQuality = AirQualityFeed(configuration: configuration)
        warnings = WarningSource.allCases.map(WarningFeed.init)
        stations = configuration.stations.map(StationFeed.init)
    }

    /// Every input, in the order the service asks them each round, then the stations.
    public var all: [any Feed] { [forecast, metNoNowcast, ownNowcast, airQuality] + warnings + stations }

    /// The requests every input makes a day, by provider, for `locations`.
    public func requestsPerDay(_ locations: [LocationSettings]) -> [String: Int] {
        var calls: [String: Int] = [:]
        for location in locations {
            for feed in all {
                calls.merge(feed.requestsPerDay(location), uniquingKeysWith: +)
            }
        }
        return calls
    }
}
