import FoundationEssentials
import Providers
import Stations

/// The polled station types: a WeatherLink Live's `/v1/current_conditions` and an Ecowitt
/// gateway's `get_livedata_info`, asked on the LAN through the bridge's HTTP transport (never
/// counted in a provider's budget: they are the user's own devices).
extension BridgeService {
    /// How often a polled station is asked, seconds (the WLL allows every 10 s; its ISS sends every 2.5 s).
    static let stationPollInterval: Double = 30

    /// Asks every WeatherLink Live with a `listen` for its UDP broadcast when the last request
    /// is about to run out (`StationFeed.realTimeDue`): the device broadcasts only for the
    /// `duration` asked. A failed request is asked again after `stationPollInterval`.
    func renewRealTime(now: Date) async {
        for feed in stationRuntime.feeds {
            guard let url = feed.realTimeURL else { continue }
            let id = feed.settings.id
            guard StationFeed.realTimeDue(last: stationRuntime.lastRealTime[id], now: now) else { continue }
            stationRuntime.lastRealTime[id] = now
            let problem: String
            switch await refresher.transport.answer(ProviderRequest(url: url)) {
            case .success(let response) where response.status == 200: continue
            case .success(let response): problem = "HTTP \(response.status)"
            case .failure(let error): problem = error.description
            }
            stationRuntime.lastRealTime[id] = now.addingTimeInterval(
                Self.stationPollInterval - StationFeed.realTimeRenewal)
            if stationRuntime.firstTime("real_time \(id) \(problem.prefix(60))") {
                log.warning("station \(id): cannot ask \(url) for its UDP broadcast: \(problem)")
            }
        }
    }

    /// Asks every polled station that is due and hands each answer to its feed.
    func pollStations(now: Date) async {
        for feed in stationRuntime.feeds where feed.settings.kind.transport == .polled {
            let id = feed.settings.id
            guard let url = feed.pollURL else { continue }
            if let last = stationRuntime.lastPoll[id], now.timeIntervalSince(last) < Self.stationPollInterval {
                continue
            }
            stationRuntime.lastPoll[id] = now
            let answer = await refresher.transport.answer(ProviderRequest(url: url))
            switch answer {
            case .success(let response) where response.status == 200:
                deliver(FeedPush(origin: url, payload: response.body, receivedAt: clock.now()), to: [id], input: url)
            case .success(let response):
                if stationRuntime.firstTime("poll \(id) \(response.status)") {
                    log.warning("station \(id): \(url) answered HTTP \(response.status)")
                }
            case .failure(let error):
                if stationRuntime.firstTime("poll \(id) \(error.description.prefix(60))") {
                    log.warning("station \(id): cannot ask \(url): \(error.description)")
                }
            }
        }
    }
}
