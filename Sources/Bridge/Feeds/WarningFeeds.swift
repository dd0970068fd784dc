import Configuration
import FoundationEssentials
import ProviderFacts
import Providers

/// The warning sources of every location (`alerts:`, else the default for its coordinates),
/// asked after each forecast refresh of the location through `AlertSources`, which executes and
/// keeps each source's last good alerts. When a source is asked and what it costs the budgets
/// are decided here.
public struct WarningFeeds: PlannedRequests {
    /// The openweathermap budget: One Call 4.0 alert ids and details count in it.
    let openWeatherMap: ProviderQuota

    public init(configuration: BridgeConfiguration) {
        openWeatherMap = ProviderQuota(ProviderDescriptor.openWeatherMap.name, configuration: configuration)
    }

    /// Whether `source` is asked now, after a forecast refresh of `location`, when it was last asked
    /// at `lastAsked` (for MeteoAlarm: the country's feed, shared by its locations): MetAlerts at
    /// most once per `MetAlerts.minimumInterval` a location, as its terms ask; a MeteoAlarm country
    /// feed once per the location's interval (at least a minute; then conditionally); the others
    /// with every refresh.
    public static func decide(_ source: AlertSourceName, location: LocationSettings, lastAsked: Date?, now: Date)
        -> FeedAction
    {
        let cadence: Cadence? =
            switch source {
            case .metalerts: Cadence(seconds: Double(MetAlerts.minimumInterval))
            case .meteoalarm: Cadence(seconds: max(60, Double(location.interval)))
            case .nws, .brightsky, .openweathermap: nil
            }
        if let wait = cadence?.wait(since: lastAsked, now: now) { return wait }
        return .ask(provider: source.rawValue, calls: 0)
    }

    /// Whether a location's warning sources ask One Call 4.0 for its alert ids (one `/current` a
    /// refresh): it lists openweathermap under `alerts:` and its forecast comes from elsewhere.
    /// Each new alert's text is one more call (`/alert/{id}`, asked once per id), not counted ahead.
    public static func asksOneCall4AlertIDs(_ location: LocationSettings) -> Bool {
        location.providers.first != ProviderDescriptor.openWeatherMap.name
            && AlertSources.sources(for: location).contains(AlertSourceName.openweathermap.rawValue)
    }

    /// The OpenWeatherMap calls the warning sources may make now: what its budget has left.
    public func openWeatherMapAllowance(_ budget: RequestBudget) -> Int {
        openWeatherMap.remaining(in: budget)
    }

    /// The calls they spent, to count in the budget (the provider's name and the count).
    public func spent(openWeatherMapCalls calls: Int) -> (provider: String, calls: Int) {
        (openWeatherMap.provider, calls)
    }

    /// One alert-id request per forecast refresh where `asksOneCall4AlertIDs`.
    public func requestsPerDay(_ location: LocationSettings) -> [String: Int] {
        guard Self.asksOneCall4AlertIDs(location) else { return [:] }
        return [openWeatherMap.provider: PollingRules.requestsPerDay(every: PollingRules.interval(of: location))]
    }
}
