import Configuration
import FoundationEssentials
import HTTPClient
import Providers
import WeatherModel
import WireContract

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
        // Its requests are counted against the budgets, not saved: `fetch` is not the service.
        let budget = BudgetLedger(limits: BudgetLimits(configuration: configuration), store: nil, now: now)
        let sources = AlertSources(
            configuration: configuration, transport: setup.refresher.transport, log: setup.log, budget: budget)
        for location in locations {
            let state = LocationState(nextPoll: now)
            let outcome = await setup.refresher.refresh(location, state: state, budget: budget, now: now)
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
