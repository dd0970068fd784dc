import Configuration
import FoundationEssentials
import ProviderFacts
import Providers
import Stations
import WeatherModel
import WireContract

/// Every payload of one location as of one instant, from one builder: what `Publisher` sends
/// for a location, and what a reconnect or a correction builds again. Adding a payload kind is
/// a case of `LocationTopic` and its line in `payload(_:)` (and, when it can be built again
/// from the state, in `rebuildable`).
struct LocationPayloads {
    /// The builder of the location's last answer, in its language (one zone lookup).
    let builder: PayloadBuilder
    let forecast: Forecast
    let state: LocationState
    let now: Date
    /// The stations the location names, laid over the provider's `current` (`CurrentBlend`);
    /// nil when it names none.
    var stations: [StationSource]? = nil
    /// The merged warnings shown instead of the forecast's own (nil: the forecast's).
    var alerts: [Alert]? = nil
    /// Why the location has no nowcast yet (said when `state.nowcast` is nil).
    var noNowcastReason: String? = nil

    /// The kinds a location's readings publish, in this order (`status` goes on its own).
    static let readings: [LocationTopic] = [.current, .hourly, .daily, .alerts, .nowcast, .outlook, .airQuality]

    /// Whether a kind is held as a hash and built again from the state when it is sent again
    /// (the large ones); the others are kept as bytes.
    static func rebuildable(_ kind: LocationTopic) -> Bool {
        switch kind {
        case .hourly, .daily, .nowcast, .outlook, .airQuality: true
        case .current, .alerts, .status: false
        }
    }

    /// The payload of `kind`; nil for one the location has none of (air quality not asked for)
    /// and for `status`, which is not built from the readings.
    func payload(_ kind: LocationTopic) -> JSONValue? {
        switch kind {
        case .current: current()
        case .hourly: builder.hourly(forecast, now: now)
        case .daily: builder.daily(forecast, now: now)
        case .alerts: alertsPayload()
        case .nowcast:
            builder.nowcast(
                state.nowcast ?? .unavailable(source: builder.provider, reason: noNowcastReason ?? ""), now: now)
        case .outlook: builder.outlook(forecast, now: now)
        case .airQuality: state.airQuality.map { builder.airQuality($0, now: now) }
        case .status: nil
        }
    }

    private func current() -> JSONValue {
        guard let stations else { return builder.current(forecast, now: now, overlay: nil) }
        return builder.current(forecast, now: now) { [builder, stations, now] provided in
            let blended = CurrentBlend.blend(
                provider: provided, providerName: builder.provider, stations: stations, at: now, zone: builder.zone)
            return CurrentOverlay(reading: blended.reading, sources: blended.sources, rainToday: blended.rainToday)
        }
    }

    private func alertsPayload() -> JSONValue {
        guard let alerts else { return builder.alerts(forecast, now: now) }
        var shown = forecast
        shown.alerts = alerts
        return builder.alerts(shown, now: now)
    }

    /// Why a location has no nowcast yet, said plainly in the payload: MET Norway's Nowcast not
    /// answered yet, the provider's own nowcast request off or not answered yet (`ownOnly`: its
    /// nowcast comes only on its own, One Call 4.0's /timeline/1min), or the provider has none.
    static func noNowcastReason(_ location: LocationSettings, provider: String, ownOnly: Bool) -> String {
        if MetNoNowcastFeed.serves(location, provider: provider) {
            "MET Norway's Nowcast has not answered yet"
        } else if ownOnly {
            location.nowcastInterval == nil
                ? "nowcast_interval: false turns off the \(provider) nowcast request"
                : "the \(provider) nowcast request has not answered yet"
        } else {
            ProviderDescriptor.named(provider)?.noNowcastReason ?? "the \(provider) answer carried no minutely block"
        }
    }
}
