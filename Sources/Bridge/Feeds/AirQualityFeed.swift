import Configuration
import FoundationEssentials
import ProviderFacts
import Providers
import WeatherModel
import WireContract

/// Open-Meteo's Air Quality API for every `air_quality: true` location, once per `cadence` (its
/// data is hourly), counted in the open-meteo budget. A failure is logged and changes nothing else:
/// the weather readings are neither blocked nor marked stale.
public struct AirQualityFeed: AskedFeed {
    /// How often it is asked: the data is hourly.
    public static let cadence = Cadence(seconds: 3600)

    /// The provider whose budget it counts in (open-meteo's forecasts count there too).
    static let provider = ProviderDescriptor.openMeteo.name
    /// At `providers.open-meteo.air_quality_url`, else Open-Meteo's.
    let client: OpenMeteoAirQuality
    /// `forecast_days` and `forecast_hours`: the days asked for and the hours kept.
    let days: Int
    let hours: Int

    public init(configuration: BridgeConfiguration) {
        client = OpenMeteoAirQuality(
            baseURL: configuration.provider(Self.provider)?.airQualityURL ?? OpenMeteoAirQuality.defaultBaseURL,
            userAgent: BridgeVersion.userAgent(contact: configuration.contact))
        days = configuration.forecastDays
        hours = configuration.forecastHours
    }

    public func decide(_ location: LocationSettings, state: LocationState, now: Date) -> FeedAction {
        guard location.airQuality else { return .skip(until: nil, log: nil) }
        if let wait = Self.cadence.wait(since: state.airQualityFetchedAt, now: now) { return wait }
        return .ask(provider: Self.provider, calls: OpenMeteoAirQuality.callsPerFetch)
    }

    public func overBudget(_ location: LocationSettings) -> LogLine? {
        LogLine(.warning, "air quality skipped: the open-meteo daily budget is used up", ["location": location.id])
    }

    public func ask(
        _ location: LocationSettings, state: LocationState, budget: BudgetLedger, now: Date,
        transport: any ProviderTransport
    ) async -> ProviderAnswer {
        let query = ProviderQuery(
            latitude: location.latitude, longitude: location.longitude, timezone: location.timezone, days: days,
            hours: hours)
        return await transport.answer(client.request(for: query))
    }

    public func apply(_ answer: ProviderAnswer, to state: LocationState, for location: LocationSettings, now: Date)
        -> FeedUpdate
    {
        var state = state
        state.airQualityFetchedAt = now
        let line: LogLine
        do throws(ProviderError) {
            let response = try answer.get()
            try ResponseCheck.requireSuccess(response, provider: "open-meteo air-quality")
            var air = try OpenMeteoAirQuality.decode(response.body)
            air.keepHours(
                from: now, until: PollingRules.airQualityHoursKept(fetchedAt: now, hourLimit: hours),
                zone: Refresher.zone(for: location, forecast: state.forecast))
            state.airQuality = air
            line = LogLine(.info, "air quality refreshed", ["location": location.id])
        } catch {
            line = LogLine(.warning, "air quality failed: \(error.description)", ["location": location.id])
        }
        return FeedUpdate(state: state, publish: [.airQuality], logs: [line])
    }

    /// One request every `cadence` for an `air_quality: true` location.
    public func requestsPerDay(_ location: LocationSettings) -> [String: Int] {
        guard location.airQuality else { return [:] }
        return [Self.provider: Self.cadence.requestsPerDay * OpenMeteoAirQuality.callsPerFetch]
    }
}
