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
