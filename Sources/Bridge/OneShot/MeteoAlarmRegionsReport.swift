import Configuration
import FoundationEssentials
import Providers

/// What `weather2mqtt check` says about MeteoAlarm: for each country a location names, the
/// regions its feed has now (code and name), and whether each configured region is among them.
public enum MeteoAlarmRegionsReport {
    /// Empty when no location uses MeteoAlarm. A feed that cannot be fetched is said so, and
    /// does not fail the check (the feed may be down while the configuration is right).
    public static func text(configuration: BridgeConfiguration, transport: any ProviderTransport, log: Log) async
        -> String
    {
        let wanted = configuration.locations.compactMap { location in
            location.meteoAlarm.map { (location, $0) }
        }
        guard !wanted.isEmpty else { return "" }
        let sources = AlertSources(configuration: configuration, transport: transport, log: log)
        var text = ""
        var countries: [(String, LocationSettings)] = []
        for (location, region) in wanted where !countries.contains(where: { $0.0 == region.country }) {
            countries.append((region.country, location))
        }
        for (country, location) in countries {
            text += "\nMeteoAlarm regions with warnings now in the \(country) feed:\n"
            let regions: [MeteoAlarm.Region]
            do {
                regions = try MeteoAlarm.regions(
                    try await sources.feed(country: country, location: location, now: Date()))
            } catch {
                text += "  (the feed could not be read: \(error.description))\n"
                continue
            }
            if regions.isEmpty { text += "  (none: the feed lists only regions that have warnings right now)\n" }
            for region in regions { text += "  \(region.code)  \(region.name)\n" }
            for (location, configured) in wanted where configured.country == country {
                let matcher = MeteoAlarm.RegionMatcher(configured.region)
                let found = regions.contains { matcher.matches(code: $0.code, name: $0.name) }
                text +=
                    "  location \(location.id): region '\(configured.region)' "
                    + (found
                        ? "has warnings now\n" : "has none now (or is not a region of this feed: check its spelling)\n")
            }
        }
        return text
    }
}
