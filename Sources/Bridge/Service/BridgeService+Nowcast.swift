import Configuration
import FoundationEssentials
import ProviderFacts
import Providers
import WeatherModel
import WireContract

/// Publishing the nowcast, the outlook and air quality (SPEC §4), beside the readings.
extension BridgeService {
    /// `<base>/<loc>/nowcast`, `<base>/<loc>/outlook` and `<base>/<loc>/air_quality` from the
    /// location's last answers; `only` publishes just those (what one answer changed).
    func publishNowcastAndOutlook(
        _ location: LocationSettings, state: LocationState, only: [LocationTopic] = [.nowcast, .outlook, .airQuality]
    ) {
        guard let builder = derivedBuilder(location, state: state) else { return }
        let now = clock.now()
        for kind in only {
            if let payload = derivedPayload(kind, location, state: state, builder: builder, now: now) {
                retain(topics.name(.location(location.id, kind)), payload.utf8Bytes, rebuildable: true)
            }
        }
    }

    /// The builder of a location's nowcast, outlook and air-quality payloads, in its language.
    func derivedBuilder(_ location: LocationSettings, state: LocationState) -> PayloadBuilder? {
        guard var builder = refresher.builder(for: location, state: state) else { return nil }
        builder.language = location.language ?? configuration.language
        return builder
    }

    /// The `nowcast`, `outlook` or `air_quality` payload of a location as of `now`; nil for the
    /// others and when there is none (no forecast yet, air quality not asked for).
    func derivedPayload(
        _ kind: LocationTopic, _ location: LocationSettings, state: LocationState, builder: PayloadBuilder, now: Date
    ) -> JSONValue? {
        switch kind {
        case .nowcast:
            let nowcast =
                state.nowcast ?? .unavailable(source: builder.provider, reason: noNowcastReason(location, builder))
            return builder.nowcast(nowcast, now: now)
        case .outlook: return state.forecast.map { builder.outlook($0, now: now) }
        case .airQuality: return state.airQuality.map { builder.airQuality($0, now: now) }
        case .current, .hourly, .daily, .alerts, .status: return nil
        }
    }

    /// Why a location has no nowcast yet, said plainly in the payload.
    private func noNowcastReason(_ location: LocationSettings, _ builder: PayloadBuilder) -> String {
        let waiting =
            builder.provider == "met-no"
            && MetNo.nowcastCovers(latitude: location.latitude, longitude: location.longitude)
        // A provider whose nowcast comes only on its own (One Call 4.0's /timeline/1min).
        let ownOnly = refresher.providers[builder.provider]?.nowcastOffer?.inForecast == false
        return if waiting {
            "MET Norway's Nowcast has not answered yet"
        } else if ownOnly {
            location.nowcastInterval == nil
                ? "nowcast_interval: false turns off the \(builder.provider) nowcast request"
                : "the \(builder.provider) nowcast request has not answered yet"
        } else {
            Refresher.noNowcastReason(provider: builder.provider)
        }
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
        // What these requests spent is saved now, not at the next round (`run --once` has none).
        persistChanged()
        persistBudget()
    }

    /// Asks the serving provider for its nowcast alone where `NowcastRule` says so (between two
    /// forecasts of a location polled less often than `nowcast_interval`, or One Call 4.0's
    /// `/timeline/1min`), counted in its budget. A failure is logged and keeps the last nowcast:
    /// the readings are neither blocked nor marked stale.
    func refreshOwnNowcasts() async {
        let now = clock.now()
        for location in configuration.locations {
            guard var state = states[location.id] else { continue }
            let source = state.provider.flatMap { refresher.providers[$0] }
            budget.roll(to: now)
            let decision = NowcastRule.decide(
                location: location, state: state, offer: source?.nowcastOffer, now: now,
                used: state.provider.map(budget.usedToday) ?? 0,
                limit: state.provider.map { PollingRules.dailyBudget($0, configuration: configuration) } ?? 0)
            if decision == .skip(.overBudget) {
                log.debug("nowcast skipped: the daily budget is used up", ["location": location.id])
            }
            guard case .ask(let provider, let calls) = decision, let source else { continue }
            budget.spend(provider, calls: calls, now: now)
            state.nowcastFetchedAt = now
            let query = ProviderQuery(
                latitude: location.latitude, longitude: location.longitude, timezone: location.timezone)
            do {
                if let nowcast = try await source.fetchNowcast(query, transport: refresher.transport) {
                    state.nowcast = nowcast
                }
                log.debug("nowcast refreshed", ["location": location.id, "provider": provider])
            } catch {
                log.warning("nowcast failed: \(error.description)", ["location": location.id, "provider": provider])
            }
            states[location.id] = state
            changed.insert(location.id)
            publishNowcastAndOutlook(location, state: state)
        }
        // Saved now, with what these requests spent, not at the next round (`run --once` has none).
        persistChanged()
        persistBudget()
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
                var air = try await client.fetch(query, transport: refresher.transport)
                air.keepHours(
                    from: now,
                    until: PollingRules.airQualityHoursKept(fetchedAt: now, hourLimit: configuration.forecastHours),
                    zone: Refresher.zone(for: location, forecast: state.forecast))
                state.airQuality = air
                log.info("air quality refreshed", ["location": location.id])
            } catch {
                log.warning("air quality failed: \(error.description)", ["location": location.id])
            }
            states[location.id] = state
            changed.insert(location.id)
            publishNowcastAndOutlook(location, state: state, only: [.airQuality])
        }
        // What these requests spent is saved now, not at the next round (`run --once` has none).
        persistChanged()
        persistBudget()
    }
}

extension Refresher {
    /// Why a provider's answer has no nowcast: said plainly in the payload.
    static func noNowcastReason(provider: String) -> String {
        ProviderDescriptor.named(provider)?.noNowcastReason ?? "the \(provider) answer carried no minutely block"
    }
}
