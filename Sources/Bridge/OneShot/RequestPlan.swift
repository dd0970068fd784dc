import Configuration
import FoundationEssentials
import ProviderFacts
import Providers
import WireContract

/// `weather2mqtt check`: requests per day per provider against each budget.
public struct RequestPlan: Sendable {
    let configuration: BridgeConfiguration
    let providers: [String: any WeatherProvider]
    /// The inputs whose requests are counted: the ones the service asks.
    let feeds: BridgeFeeds
    /// Each provider's daily budget, as the service checks it.
    let limits: BudgetLimits

    public init(configuration: BridgeConfiguration, providers: [String: any WeatherProvider]) {
        self.configuration = configuration
        self.providers = providers
        feeds = BridgeFeeds(configuration: configuration, providers: providers)
        limits = BudgetLimits(configuration: configuration)
    }

    /// Provider calls a day when every location is served by its primary provider: the sum of
    /// every feed's `requestsPerDay`.
    public var callsPerDay: [String: Int] { feeds.requestsPerDay(configuration.locations) }

    /// What `inputs` ask a day, by provider, and at how many locations.
    func perDay(_ inputs: [any Feed]) -> [String: (calls: Int, locations: Int)] {
        var result: [String: (calls: Int, locations: Int)] = [:]
        for location in configuration.locations {
            var asked: [String: Int] = [:]
            for feed in inputs { asked.merge(feed.requestsPerDay(location), uniquingKeysWith: +) }
            for (provider, calls) in asked where calls > 0 {
                let sum = result[provider] ?? (0, 0)
                result[provider] = (sum.calls + calls, sum.locations + 1)
            }
        }
        return result
    }

    /// Nowcast-only calls a day per provider (`OwnNowcastFeed`), primaries only.
    public var nowcastCallsPerDay: [String: (calls: Int, locations: Int)] { perDay([feeds.ownNowcast]) }

    public func budget(_ provider: String) -> Int { limits.limit(provider) }

    public var overBudget: Bool {
        callsPerDay.contains { $0.value > budget($0.key) }
    }

    /// `check`'s exit code: the configuration is valid (`check` exits 78 before any plan when it
    /// is not), so 0 — also when the plan is over a budget, which is a warning (the bridge runs,
    /// skips a provider once its budget is used and lets the fallback serve) and says so.
    public var exitCode: Int32 { ExitCode.success }

    /// The warning for stderr when the plan is over a budget; `nil` when it is not.
    public var overBudgetWarning: String? {
        let over = callsPerDay.filter { $0.value > budget($0.key) }.keys.sorted()
        guard !over.isEmpty else { return nil }
        return "warning: the plan asks \(over.joined(separator: ", ")) more often than its daily budget allows:"
            + " once a budget is used up that provider is skipped until the next UTC day (a fallback serves);"
            + " poll less often or raise daily_budget"
    }

    public func text() -> String {
        let verdict = overBudget ? "is valid, but the plan is over budget (see WARNING below)" : "is valid"
        var lines = ["configuration \(configuration.path) \(verdict)", ""]
        lines.append(
            "mqtt: \(configuration.mqtt.scheme)://\(configuration.mqtt.host):\(configuration.mqtt.port), base topic '\(configuration.mqtt.baseTopic)'"
        )
        lines.append("")
        lines.append("locations:")
        for location in configuration.locations {
            let interval = PollingRules.interval(of: location)
            let offer = location.providers.first.flatMap { providers[$0] }?.nowcastOffer
            let ownNowcast = NowcastRule.callsPerDay(location: location, offer: offer) > 0
            lines.append(
                "  \(location.id) (\(location.name)) \(location.latitude), \(location.longitude)"
                    + " zone \(location.timezone ?? "from provider") every \(Int(interval / 60)) min"
                    + " via \(location.providers.joined(separator: " -> "))"
                    + (ownNowcast ? ", nowcast every \((location.nowcastInterval ?? 0) / 60) min" : "")
                    + (location.airQuality ? ", air quality hourly via open-meteo" : ""))
        }
        lines.append("")
        lines.append("requests per day (primary providers; fallbacks only ask when the primary fails):")
        let calls = callsPerDay
        let forecasts = perDay([feeds.forecast])
        let nowcasts = nowcastCallsPerDay
        let airQuality = perDay([feeds.airQuality])
        let alertIDs = perDay(feeds.warnings)
        let owm = ProviderDescriptor.openWeatherMap.name
        let oneCall4Forecast = configuration.provider(owm)?.api == OpenWeatherMap.API.oneCall4.rawValue
        let warnsByOneCall4 = configuration.locations.contains {
            ($0.providers.first == owm && oneCall4Forecast) || WarningFeeds.asksOneCall4AlertIDs($0)
        }
        let names = Set(configuration.locations.flatMap(\.providers)).union(calls.keys)
        for name in names.sorted() {
            let used = calls[name] ?? 0
            let limit = budget(name)
            let perFetch = providers[name]?.callsPerFetch ?? 1
            let counted =
                perFetch > 1
                ? " (\((forecasts[name]?.calls ?? 0) / perFetch) weather requests, \(perFetch) calls each by the provider's count)"
                : ""
            let warning = used > limit ? "  WARNING: over budget, poll less often or raise daily_budget" : ""
            lines.append("  \(name): \(used) of \(limit) a day\(counted)\(warning)")
            if let nowcast = nowcasts[name] {
                lines.append(
                    "    of which nowcast-only requests: \(nowcast.calls) (\(nowcast.locations) location(s), "
                        + "nowcast_interval)")
            }
            if let air = airQuality[name] {
                lines.append(
                    "    of which air quality: \(air.calls) (\(air.locations) location(s), "
                        + "\(AirQualityFeed.cadence.requestsPerDay) requests of "
                        + "\(OpenMeteoAirQuality.callsPerFetch) calls each)")
            }
            if let ids = alertIDs[name] {
                lines.append(
                    "    of which alert ids: \(ids.calls) (\(ids.locations) location(s) with "
                        + "alerts: [openweathermap], one One Call 4.0 /current a refresh)")
            }
            if name == owm, warnsByOneCall4 {
                lines.append("    plus 1 call per new alert (One Call 4.0 /alert/{id}, asked once per id)")
            }
        }
        let configured = providers[owm]
        if let owm = (configured as? RedactingProvider)?.wrapped as? OpenWeatherMap ?? configured as? OpenWeatherMap {
            lines.append("")
            lines.append(
                "openweathermap calls per refresh (forecast: \(owm.forecastHours) hours, \(owm.forecastDays) days):")
            for api in OpenWeatherMap.API.allCases {
                var mode = owm
                mode.api = api
                let detail =
                    switch api {
                    case .oneCall: "One Call 3.0: current, hourly, daily and alerts in one"
                    case .free: "2.5 current weather + 5 day / 3 hour forecast"
                    case .oneCall4:
                        "One Call 4.0: current + "
                            + "\(OpenWeatherMap.oneCall4Pages(hours: owm.forecastHours, days: owm.forecastDays).hourly) "
                            + "hourly page(s) of 20 + "
                            + "\(OpenWeatherMap.oneCall4Pages(hours: owm.forecastHours, days: owm.forecastDays).daily) "
                            + "daily page(s) of 10"
                    }
                let using = api == owm.api ? "   <- api: \(api.rawValue) (configured)" : ""
                lines.append("  api: \(api.rawValue): \(mode.callsPerFetch) (\(detail))\(using)")
            }
        }
        for warning in configuration.warnings { lines.append("warning: \(warning)") }
        return lines.joined(separator: "\n") + "\n"
    }
}
