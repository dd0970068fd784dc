import Configuration
import FoundationEssentials
import HTTPClient
import Providers
import WeatherModel
import WireContract

/// Everything a command needs, built from the configuration file and the environment:
/// the validated configuration, the clock, the logger and the providers.
public struct BridgeSetup: Sendable {
    public let configuration: BridgeConfiguration
    public let clock: BridgeClock
    public let log: Log
    public let refresher: Refresher

    /// Why a command could not start, with the exit code of SPEC §7.
    public struct Failure: Error, CustomStringConvertible {
        public var message: String
        public var exitCode: Int32
        public var description: String { message }
    }

    /// The configuration path: `--config`, else `WEATHER2MQTT_CONFIG`, else the system file.
    public static func configPath(_ option: String?) -> String {
        option ?? ProcessEnvironment.value("WEATHER2MQTT_CONFIG") ?? "/etc/weather2mqtt/config.yaml"
    }

    public static func load(configPath option: String?) throws(Failure) -> BridgeSetup {
        let path = configPath(option)
        let configuration: BridgeConfiguration
        do {
            configuration = try ConfigurationLoader.load(path: path)
        } catch {
            throw Failure(message: "configuration error: \(error.description)", exitCode: ExitCode.configuration)
        }
        // Before anything is logged: every line, topic and error message is redacted from here on.
        Secrets.register(
            [configuration.mqtt.password] + configuration.providers.values.map(\.apiKey) + configuration.secrets)
        let log = Log(level: configuration.logLevel)
        for warning in configuration.warnings { log.warning(warning) }
        let clock: BridgeClock
        switch BridgeClock.fromEnvironment() {
        case .success(let value): clock = value
        case .failure(let error): throw Failure(message: error.message, exitCode: ExitCode.usage)
        }
        let providers: [String: any WeatherProvider]
        do {
            providers = try Refresher.makeProviders(
                configuration, pointsCache: StateFileCache(directory: configuration.stateDirectory)
            ).mapValues { RedactingProvider($0) }
        } catch {
            throw Failure(message: "configuration error: \(error.description)", exitCode: ExitCode.configuration)
        }
        let refresher = Refresher(
            configuration: configuration, providers: providers, transport: HTTPTransport(clock: clock))
        return BridgeSetup(configuration: configuration, clock: clock, log: log, refresher: refresher)
    }
}

/// A provider whose errors pass through `Secrets.redact` before anyone sees them: decoders
/// quote values of the answer in their messages ("unknown units `…`"), and a hostile or
/// confused answer may hold the key, which must not reach `state_dir`, a topic or a log.
struct RedactingProvider: WeatherProvider {
    let wrapped: any WeatherProvider

    init(_ wrapped: any WeatherProvider) { self.wrapped = wrapped }

    var name: String { wrapped.name }
    var attribution: String? { wrapped.attribution }
    var callsPerFetch: Int { wrapped.callsPerFetch }

    var nowcastOffer: NowcastOffer? { wrapped.nowcastOffer }

    func fetch(_ query: ProviderQuery, transport: any ProviderTransport) async throws(ProviderError) -> ProviderResult {
        do {
            return try await wrapped.fetch(query, transport: transport)
        } catch {
            throw Self.redacted(error)
        }
    }

    func fetchNowcast(_ query: ProviderQuery, transport: any ProviderTransport) async throws(ProviderError)
        -> Nowcast?
    {
        do {
            return try await wrapped.fetchNowcast(query, transport: transport)
        } catch {
            throw Self.redacted(error)
        }
    }

    static func redacted(_ error: ProviderError) -> ProviderError {
        switch error {
        case .notModified: error
        case .unauthorized(let message): .unauthorized(Secrets.redact(message))
        case .rateLimited(let message, let retryAfter): .rateLimited(Secrets.redact(message), retryAfter: retryAfter)
        case .http(let status, let message, let retryAfter):
            .http(status: status, message: Secrets.redact(message), retryAfter: retryAfter)
        case .invalidResponse(let message): .invalidResponse(Secrets.redact(message))
        case .unreachable(let message): .unreachable(Secrets.redact(message))
        }
    }
}

/// `weather2mqtt fetch`: every location once, printed as JSON, no MQTT: the payloads `run` would
/// publish, the alerts merged from the location's warning sources included.
public struct OneShotFetch: Sendable {
    let setup: BridgeSetup

    public init(setup: BridgeSetup) { self.setup = setup }

    /// The JSON text (`{"<loc>": {"current", "hourly", "daily", "alerts"}}`) and the exit code.
    public func run(location filter: String?) async -> (String, Int32) {
        let configuration = setup.configuration
        let locations = configuration.locations.filter { filter == nil || $0.id == filter }
        if locations.isEmpty {
            setup.log.error("no location '\(filter ?? "")' in the configuration")
            return ("{}", ExitCode.noInput)
        }
        var output = JSONObject()
        var code = ExitCode.success
        let now = setup.clock.now()
        // Warnings as `run` merges them: the location's sources, One Call 4.0 alert texts.
        let sources = AlertSources(configuration: configuration, transport: setup.refresher.transport, log: setup.log)
        for location in locations {
            let state = LocationState(nextPoll: now)
            let outcome = await setup.refresher.refresh(
                location, state: state, budget: RequestBudget(day: ZoneInfo.utc.localDate(now)), now: now)
            switch outcome {
            case .fresh(let provider, let result, _):
                var filled = state
                filled.forecast = result.forecast
                filled.forecast?.alerts = await sources.alerts(
                    for: location, forecast: result.forecast.alerts, alertIDs: result.forecast.alertIDs,
                    provider: provider, announced: [], now: now)
                filled.provider = provider
                filled.fetchedAt = now
                // The same `expires_at` as `run` gives this answer (met.no: never under 10 min).
                filled.expiresAt = PollingRules.expiresAt(
                    fetchedAt: now, location: location, lifetime: result.freshness.lifetime)
                if let payloads = setup.refresher.payloads(for: location, state: filled, now: now) {
                    output[location.id] = [
                        "current": payloads.current, "hourly": payloads.hourly, "daily": payloads.daily,
                        "alerts": payloads.alerts,
                    ]
                }
            case .notModified, .cancelled:
                break
            case .failed(let errors):
                for (provider, error) in errors {
                    setup.log.error("\(location.id): \(provider): \(error.description)")
                }
                if code == ExitCode.success {
                    code = errors.first.map { ExitCode.forProviderError($0.error) } ?? ExitCode.unavailable
                }
            }
        }
        return (Secrets.redact(JSONValue.object(output).prettyPrinted()), code)
    }
}

/// `weather2mqtt check`: requests per day per provider against each budget.
public struct RequestPlan: Sendable {
    let configuration: BridgeConfiguration
    let providers: [String: any WeatherProvider]

    public init(configuration: BridgeConfiguration, providers: [String: any WeatherProvider]) {
        self.configuration = configuration
        self.providers = providers
    }

    /// Provider calls a day when every location is served by its primary provider.
    public var callsPerDay: [String: Int] {
        var calls: [String: Int] = [:]
        for location in configuration.locations {
            guard let primary = location.providers.first else { continue }
            let interval = PollingRules.interval(of: location)
            let perFetch = providers[primary]?.callsPerFetch ?? 1
            calls[primary, default: 0] += PollingRules.requestsPerDay(every: interval) * perFetch
            if Self.asksOneCall4AlertIDs(location) {
                calls["openweathermap", default: 0] += PollingRules.requestsPerDay(every: interval)
            }
            calls[primary, default: 0] += NowcastRule.callsPerDay(
                location: location, offer: providers[primary]?.nowcastOffer)
            if location.airQuality { calls["open-meteo", default: 0] += Self.airQualityCallsPerDay }
            if primary == "met-no", MetNo.nowcastCovers(latitude: location.latitude, longitude: location.longitude) {
                calls["met-no", default: 0] += Self.metNoNowcastCallsPerDay
            }
        }
        return calls
    }

    /// Whether a location's warning sources ask One Call 4.0 for its alert ids (one `/current` a
    /// refresh): it lists openweathermap under `alerts:` and its forecast comes from elsewhere.
    /// Each new alert's text is one more call (`/alert/{id}`, asked once per id), not counted ahead.
    public static func asksOneCall4AlertIDs(_ location: LocationSettings) -> Bool {
        location.providers.first != "openweathermap"
            && AlertSources.sources(for: location).contains(AlertSourceName.openweathermap.rawValue)
    }

    /// Nowcast-only calls a day per provider (`NowcastRule.callsPerDay`), primaries only.
    public var nowcastCallsPerDay: [String: (calls: Int, locations: Int)] {
        var result: [String: (calls: Int, locations: Int)] = [:]
        for location in configuration.locations {
            guard let primary = location.providers.first else { continue }
            let calls = NowcastRule.callsPerDay(location: location, offer: providers[primary]?.nowcastOffer)
            guard calls > 0 else { continue }
            let sum = result[primary] ?? (0, 0)
            result[primary] = (sum.calls + calls, sum.locations + 1)
        }
        return result
    }

    /// met.no Nowcast requests a day of one met-no location in its area: one every 5 minutes.
    public static let metNoNowcastCallsPerDay = 288

    /// Open-Meteo calls a day of one `air_quality: true` location: one request an hour.
    public static var airQualityCallsPerDay: Int { 24 * OpenMeteoAirQuality.callsPerFetch }

    public func budget(_ provider: String) -> Int {
        PollingRules.dailyBudget(provider, configuration: configuration)
    }

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
        let nowcasts = nowcastCallsPerDay
        let airQuality = configuration.locations.filter(\.airQuality).count
        let alertIDLocations = configuration.locations.filter(Self.asksOneCall4AlertIDs)
        let alertIDCalls = alertIDLocations.reduce(0) {
            $0 + PollingRules.requestsPerDay(every: PollingRules.interval(of: $1))
        }
        let oneCall4Forecast = configuration.provider("openweathermap")?.api == OpenWeatherMap.API.oneCall4.rawValue
        let warnsByOneCall4 = configuration.locations.contains {
            ($0.providers.first == "openweathermap" && oneCall4Forecast) || Self.asksOneCall4AlertIDs($0)
        }
        let names = Set(
            configuration.locations.flatMap(\.providers) + (airQuality > 0 ? ["open-meteo"] : [])
                + (alertIDLocations.isEmpty ? [] : ["openweathermap"]))
        for name in names.sorted() {
            let used = calls[name] ?? 0
            let limit = budget(name)
            let perFetch = providers[name]?.callsPerFetch ?? 1
            let airCalls = name == "open-meteo" ? airQuality * Self.airQualityCallsPerDay : 0
            let idCalls = name == "openweathermap" ? alertIDCalls : 0
            let nowcast = nowcasts[name]
            let counted =
                perFetch > 1
                ? " (\((used - airCalls - idCalls - (nowcast?.calls ?? 0)) / perFetch) weather requests, \(perFetch) calls each by the provider's count)"
                : ""
            let warning = used > limit ? "  WARNING: over budget, poll less often or raise daily_budget" : ""
            lines.append("  \(name): \(used) of \(limit) a day\(counted)\(warning)")
            if let nowcast {
                lines.append(
                    "    of which nowcast-only requests: \(nowcast.calls) (\(nowcast.locations) location(s), "
                        + "nowcast_interval)")
            }
            if name == "open-meteo", airQuality > 0 {
                lines.append(
                    "    of which air quality: \(airCalls) (\(airQuality) location(s), "
                        + "24 requests of \(OpenMeteoAirQuality.callsPerFetch) calls each)")
            }
            if name == "openweathermap", !alertIDLocations.isEmpty {
                lines.append(
                    "    of which alert ids: \(alertIDCalls) (\(alertIDLocations.count) location(s) with "
                        + "alerts: [openweathermap], one One Call 4.0 /current a refresh)")
            }
            if name == "openweathermap", warnsByOneCall4 {
                lines.append("    plus 1 call per new alert (One Call 4.0 /alert/{id}, asked once per id)")
            }
        }
        let configured = providers["openweathermap"]
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
