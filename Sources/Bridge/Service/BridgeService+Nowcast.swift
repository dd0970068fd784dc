import Configuration
import FoundationEssentials
import Providers
import WeatherModel
import WireContract

/// Publishing the nowcast, the outlook and air quality (SPEC §4), beside the readings.
extension BridgeService {
    /// `<base>/<loc>/nowcast` and `<base>/<loc>/outlook` from the location's last answer.
    func publishNowcastAndOutlook(_ location: LocationSettings, state: LocationState) {
        guard let payloads = nowcastPayloads(location, state: state, now: clock.now()) else { return }
        retain(topics.nowcast(location.id), payloads.nowcast.utf8Bytes, rebuildable: true)
        if let outlook = payloads.outlook {
            retain(topics.outlook(location.id), outlook.utf8Bytes, rebuildable: true)
        }
        if let air = payloads.airQuality {
            retain(topics.airQuality(location.id), air.utf8Bytes, rebuildable: true)
        }
    }

    /// The nowcast, outlook and air-quality payloads of a location as of `now`.
    func nowcastPayloads(_ location: LocationSettings, state: LocationState, now: Date) -> (
        nowcast: JSONValue, outlook: JSONValue?, airQuality: JSONValue?
    )? {
        guard let builder = refresher.builder(for: location, state: state) else { return nil }
        let waiting =
            builder.provider == "met-no"
            && MetNo.nowcastCovers(latitude: location.latitude, longitude: location.longitude)
        let reason =
            waiting
            ? "MET Norway's Nowcast has not answered yet" : Refresher.noNowcastReason(provider: builder.provider)
        let nowcast = state.nowcast ?? .unavailable(source: builder.provider, reason: reason)
        let air = location.airQuality ? state.airQuality.map { builder.airQuality($0, now: now) } : nil
        return (builder.nowcast(nowcast, now: now), state.forecast.map { builder.outlook($0, now: now) }, air)
    }

    /// Asks MET Norway's Nowcast 2.0 (5-minute radar steps) for every location served by met-no
    /// inside its area, at most every 5 minutes (its own update cadence), within the met-no
    /// budget. A 422 (outside the area) says so in the payload; other failures keep the last one.
    func refreshMetNoNowcast() async {
        let now = clock.now()
        let limit =
            PollingRules.dailyBudget("met-no", configuration: configuration)
        let baseURL = configuration.provider("met-no")?.baseURL ?? MetNo.defaultBaseURL
        for location in configuration.locations {
            guard var state = states[location.id], state.provider == "met-no",
                MetNo.nowcastCovers(latitude: location.latitude, longitude: location.longitude),
                state.nowcastFetchedAt.map({ now.timeIntervalSince($0) >= 300 }) ?? true
            else { continue }
            budget.roll(to: now)
            guard budget.usedToday("met-no") + 1 <= limit else { continue }
            budget.spend("met-no", calls: 1, now: now)
            state.nowcastFetchedAt = now
            let request = MetNo.nowcastRequest(
                baseURL: baseURL, latitude: location.latitude, longitude: location.longitude,
                userAgent: BridgeVersion.userAgent(contact: configuration.contact))
            do {
                let response = try await refresher.transport.send(request)
                if response.status == 422 {
                    state.nowcast = .unavailable(
                        source: "met-no nowcast", reason: "the location is outside MET Norway's Nowcast area")
                } else {
                    try ResponseCheck.requireSuccess(response, provider: "met-no nowcast")
                    state.nowcast = try MetNo.decodeNowcast(response.body)
                }
            } catch {
                log.warning("met.no nowcast failed: \(error.description)", ["location": location.id])
            }
            states[location.id] = state
            changed.insert(location.id)
            publishNowcastAndOutlook(location, state: state)
        }
        persistChanged()
    }

    /// Asks Open-Meteo's Air Quality API for every `air_quality: true` location whose last
    /// answer is an hour old (its data is hourly), within the open-meteo budget. A failure is
    /// logged and changes nothing else: the weather readings are neither blocked nor marked stale.
    func refreshAirQuality() async {
        let now = clock.now()
        let due = configuration.locations.filter { location in
            location.airQuality
                && (states[location.id]?.airQualityFetchedAt.map { now.timeIntervalSince($0) >= 3600 } ?? true)
        }
        guard !due.isEmpty else { return }
        let client = OpenMeteoAirQuality(
            baseURL: configuration.provider("open-meteo")?.airQualityURL ?? OpenMeteoAirQuality.defaultBaseURL,
            userAgent: BridgeVersion.userAgent(contact: configuration.contact))
        let limit =
            PollingRules.dailyBudget("open-meteo", configuration: configuration)
        for location in due {
            budget.roll(to: now)
            guard budget.usedToday("open-meteo") + OpenMeteoAirQuality.callsPerFetch <= limit else {
                log.warning("air quality skipped: the open-meteo daily budget is used up", ["location": location.id])
                continue
            }
            budget.spend("open-meteo", calls: OpenMeteoAirQuality.callsPerFetch, now: now)
            let query = ProviderQuery(
                latitude: location.latitude, longitude: location.longitude, timezone: location.timezone,
                days: configuration.forecastDays, hours: configuration.forecastHours)
            var state = states[location.id] ?? LocationState(nextPoll: now)
            state.airQualityFetchedAt = now
            do {
                state.airQuality = try await client.fetch(query, transport: refresher.transport)
                log.info("air quality refreshed", ["location": location.id])
            } catch {
                log.warning("air quality failed: \(error.description)", ["location": location.id])
            }
            states[location.id] = state
            changed.insert(location.id)
            publishNowcastAndOutlook(location, state: state)
        }
        persistChanged()
    }
}

extension Refresher {
    /// Why a provider's answer has no nowcast: said plainly in the payload.
    static func noNowcastReason(provider: String) -> String {
        switch provider {
        case "nws": "the US National Weather Service gives no minute-by-minute precipitation"
        case "met-no": "MET Norway's Nowcast covers only the Nordic area"
        case "openweathermap": "this OpenWeatherMap plan (2.5 forecast) has no minutely block"
        default: "the \(provider) answer carried no minutely block"
        }
    }
}
