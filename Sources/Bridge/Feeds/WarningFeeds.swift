import Configuration
import FoundationEssentials
import ProviderFacts
import Providers

/// The warning sources of every location (`alerts:`, else the default for its coordinates), each a
/// `WarningFeed`, asked after each forecast refresh of the location through `AlertSources`, which
/// executes and keeps each source's last good alerts. Which sources a refresh asks is decided
/// here (what each costs a day is its feed's `requestsPerDay`); each One Call 4.0 call is reserved
/// in the openweathermap budget right before it goes out (`AlertSources`, `BudgetLedger.reserve`).
public enum WarningFeeds {
    /// The budget One Call 4.0 alert ids and details count in.
    static let openWeatherMap = ProviderDescriptor.openWeatherMap.name

    /// The feeds a refresh of `location` asks, in its order: its sources (`alerts:`), plus the
    /// openweathermap source where its forecast (One Call 4.0, from `provider`) listed alert ids;
    /// less a source whose alerts came with the forecast already (the NWS forecast's own, One Call
    /// 3.0's whole alerts).
    public static func asked(_ location: LocationSettings, provider: String?, alertIDs: [String]?) -> [WarningFeed] {
        var sources = location.warningSources.compactMap(WarningSource.init(rawValue:))
        let oneCall = WarningSource.openweathermap
        if provider == oneCall.rawValue, alertIDs != nil, !sources.contains(oneCall) { sources.append(oneCall) }
        return sources.filter { source in
            source.rawValue != provider || !(source == .nws || (source == oneCall && alertIDs == nil))
        }.map(WarningFeed.init)
    }

    /// Whether a location's warning sources ask One Call 4.0 for its alert ids (one `/current` a
    /// refresh): it lists openweathermap under `alerts:` and its forecast comes from elsewhere.
    /// Each new alert's text is one more call (`/alert/{id}`, asked once per id), not counted ahead.
    public static func asksOneCall4AlertIDs(_ location: LocationSettings) -> Bool {
        location.providers.first != ProviderDescriptor.openWeatherMap.name
            && location.warningSources.contains(WarningSource.openweathermap.rawValue)
    }
}
