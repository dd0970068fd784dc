import Configuration
import FoundationEssentials
import ProviderFacts
import Providers
import WeatherModel
import WireContract

/// MET Norway's Nowcast 2.0 (5-minute radar steps) for every location met-no serves inside its
/// area, once per `cadence` (its own update cadence), counted in the met-no budget. A 422 (outside the
/// area) says so in the payload; other failures are logged and keep the last nowcast.
public struct MetNoNowcastFeed: AskedFeed {
    /// How often it is asked: the radar composite is renewed every 5 minutes.
    public static let cadence = Cadence(seconds: 300)

    /// `providers.met-no.base_url`, else MET Norway's.
    let baseURL: String
    /// `weather2mqtt/<version> (<contact>)`: MET Norway's terms ask for the contact.
    let userAgent: String
    /// The provider whose budget it counts in (met-no's forecasts count there too).
    static let provider = ProviderDescriptor.metNo.name

    public init(configuration: BridgeConfiguration) {
        baseURL = configuration.provider(Self.provider)?.baseURL ?? MetNo.defaultBaseURL
        userAgent = BridgeVersion.userAgent(contact: configuration.contact)
    }

    /// Whether the location's nowcast comes from this feed: met-no serves it, inside the area.
    public static func serves(_ location: LocationSettings, provider: String?) -> Bool {
        provider == ProviderDescriptor.metNo.name
            && MetNo.nowcastCovers(latitude: location.latitude, longitude: location.longitude)
    }

    public func decide(_ location: LocationSettings, state: LocationState, now: Date) -> FeedAction {
        guard Self.serves(location, provider: state.provider) else { return .skip(until: nil, log: nil) }
        if let wait = Self.cadence.wait(since: state.nowcastFetchedAt, now: now) { return wait }
        return .ask(provider: Self.provider, calls: 1)
    }

    public func ask(
        _ location: LocationSettings, state: LocationState, budget: BudgetLedger, now: Date,
        transport: any ProviderTransport
    ) async -> ProviderAnswer {
        let request = MetNo.nowcastRequest(
            baseURL: baseURL, latitude: location.latitude, longitude: location.longitude, userAgent: userAgent)
        return await transport.answer(request)
    }

    public func apply(_ answer: ProviderAnswer, to state: LocationState, for location: LocationSettings, now: Date)
        -> FeedUpdate
    {
        var state = state
        state.nowcastFetchedAt = now
        var logs: [LogLine] = []
        do throws(ProviderError) {
            let response = try answer.get()
            if response.status == 422 {
                state.nowcast = .unavailable(
                    source: "met-no nowcast", reason: "the location is outside MET Norway's Nowcast area")
            } else {
                try ResponseCheck.requireSuccess(response, provider: "met-no nowcast")
                state.nowcast = try MetNo.decodeNowcast(response.body)
            }
        } catch {
            logs.append(LogLine(.warning, "met.no nowcast failed: \(error.description)", ["location": location.id]))
        }
        return FeedUpdate(state: state, publish: [.nowcast, .outlook, .airQuality], logs: logs)
    }

    /// One request every `cadence` for a location met-no serves in the area (as primary).
    public func requestsPerDay(_ location: LocationSettings) -> [String: Int] {
        guard Self.serves(location, provider: location.providers.first) else { return [:] }
        return [Self.provider: Self.cadence.requestsPerDay]
    }
}
