import Configuration
import FoundationEssentials
import Providers
import WeatherModel
import WireContract

/// Asks a location's providers for a forecast — the primary first, then the fallbacks in
/// order — and turns the answer into payloads. Shared by `run` and `fetch`.
public struct Refresher: Sendable {
    public let configuration: BridgeConfiguration
    public let providers: [String: any WeatherProvider]
    public let transport: any ProviderTransport

    public init(
        configuration: BridgeConfiguration, providers: [String: any WeatherProvider],
        transport: any ProviderTransport
    ) {
        self.configuration = configuration
        self.providers = providers
        self.transport = transport
    }

    /// Builds every provider the configuration uses.
    public static func makeProviders(
        _ configuration: BridgeConfiguration, pointsCache: (any NWSPointsCache)?
    ) throws(ProviderError) -> [String: any WeatherProvider] {
        var result: [String: any WeatherProvider] = [:]
        let used = Set(configuration.locations.flatMap(\.providers))
        for name in used.sorted() {
            let settings = configuration.provider(name)
            result[name] = try ProviderCatalog.make(
                name: name, baseURL: settings?.baseURL ?? KnownProvider(rawValue: name)?.defaultBaseURL ?? "",
                apiKey: settings?.apiKey, api: settings?.api,
                userAgent: BridgeVersion.userAgent(contact: configuration.contact), contact: configuration.contact,
                pointsCache: pointsCache)
            if var owm = result[name] as? OpenWeatherMap {
                // One Call 4.0 pages as far as the payloads reach: the budget counts those calls.
                owm.forecastHours = configuration.forecastHours
                owm.forecastDays = configuration.forecastDays
                result[name] = owm
            }
        }
        return result
    }

    /// The outcome of one refresh.
    public enum Outcome: Sendable {
        /// A new forecast from `provider`; `earlier` holds the errors of the providers tried
        /// before it (a fallback served).
        case fresh(provider: String, result: ProviderResult, earlier: [(provider: String, error: ProviderError)])
        /// The provider answered 304: the last forecast stands, with renewed freshness.
        case notModified(provider: String, freshness: Freshness)
        /// No provider could serve; the errors in the order they were tried.
        case failed([(provider: String, error: ProviderError)])
        /// The refresh was cancelled (the bridge is shutting down): not the provider's fault, so
        /// no failure is counted, no error kept and no backoff started.
        case cancelled
    }

    /// Tries each provider of `location` in order, passing over those that asked us to wait
    /// (`ForecastFeed.passOver`) and those `budget` refuses (asked right before each request).
    public func refresh(
        _ location: LocationSettings, state: LocationState, budget: BudgetLedger, now: Date
    ) async -> Outcome {
        var errors: [(provider: String, error: ProviderError)] = []
        for name in location.providers {
            if Task.isCancelled { return .cancelled }
            guard let provider = providers[name] else { continue }
            if let reason = ForecastFeed.passOver(name, state: state, now: now) {
                errors.append((name, reason))
                continue
            }
            let query = ProviderQuery(
                latitude: location.latitude, longitude: location.longitude, timezone: location.timezone,
                validators: state.provider == name && state.forecast != nil ? state.validators[name] : nil,
                days: configuration.forecastDays, hours: configuration.forecastHours, elevation: location.elevation,
                language: location.language ?? configuration.language)
            if case .refused(let limit) = budget.reserve(name, calls: provider.callsPerFetch, now: now) {
                errors.append((name, ForecastFeed.overBudget(limit: limit)))
                continue
            }
            do {
                var result = try await provider.fetch(query, transport: transport)
                let expiresAt = PollingRules.expiresAt(
                    fetchedAt: now, location: location, lifetime: result.freshness.lifetime)
                result.forecast.keepHours(
                    from: now,
                    until: PollingRules.hoursKept(
                        until: expiresAt, location: location, hourLimit: configuration.forecastHours,
                        intervalMinutes: result.forecast.intervalMinutes))
                return .fresh(provider: name, result: result, earlier: errors)
            } catch {
                // A shutdown during the request says nothing about the provider.
                if Task.isCancelled { return .cancelled }
                if case .notModified(let freshness) = error, state.provider == name, state.forecast != nil {
                    return .notModified(provider: name, freshness: freshness)
                }
                errors.append((name, error))
            }
        }
        return .failed(errors)
    }

    /// The zone a location's payloads are written in: configured, else reported, else UTC.
    public static func zone(for location: LocationSettings, forecast: Forecast?) -> ZoneInfo {
        if let name = location.timezone, let zone = ZoneCache.zone(name) { return zone }
        if let name = forecast?.timezone, let zone = ZoneCache.zone(name) { return zone }
        return .utc
    }

    /// The four reading payloads of a location's last forecast, as of `now`.
    public func payloads(for location: LocationSettings, state: LocationState, now: Date) -> ReadingPayloads? {
        guard let forecast = state.forecast, let builder = readingBuilder(for: location, state: state) else {
            return nil
        }
        return builder.payloads(for: forecast, now: now)
    }

    /// The builder of the reading payloads, in the location's language; nil before the first answer.
    func readingBuilder(for location: LocationSettings, state: LocationState) -> PayloadBuilder? {
        guard let provider = state.provider, var builder = builder(for: location, state: state) else { return nil }
        builder.language = location.language ?? configuration.language
        builder.providerWrites = ProviderCatalog.answersIn(builder.language, provider: provider)
        return builder
    }

    /// The payload builder for a location's last forecast (English; `payloads` sets the
    /// language), or nil before the first answer.
    func builder(for location: LocationSettings, state: LocationState) -> PayloadBuilder? {
        guard let forecast = state.forecast, let provider = state.provider, let fetchedAt = state.fetchedAt,
            let expiresAt = state.expiresAt
        else { return nil }
        let zone = Self.zone(for: location, forecast: forecast)
        let info = LocationInfo(
            id: location.id, name: location.name, latitude: location.latitude, longitude: location.longitude,
            timezone: location.timezone ?? forecast.timezone ?? zone.identifier)
        return PayloadBuilder(
            location: info, zone: zone, provider: provider, attribution: ProviderCatalog.attribution(for: provider),
            fetchedAt: fetchedAt, expiresAt: expiresAt, units: configuration.units,
            hourLimit: configuration.forecastHours, dayLimit: configuration.forecastDays)
    }
}
