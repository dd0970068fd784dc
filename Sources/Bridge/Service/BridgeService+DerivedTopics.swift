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
        let waiting = MetNoNowcastFeed.serves(location, provider: builder.provider)
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
}

extension Refresher {
    /// Why a provider's answer has no nowcast: said plainly in the payload.
    static func noNowcastReason(provider: String) -> String {
        ProviderDescriptor.named(provider)?.noNowcastReason ?? "the \(provider) answer carried no minutely block"
    }
}
