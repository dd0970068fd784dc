import Configuration
import FoundationEssentials
import StationListeners
import Stations

/// What the service holds for the configured stations: each one's feed and state, what was
/// last saved of its rain, the lines already logged once, and the listeners it opened.
struct StationRuntime {
    /// Every configured station, in configuration order.
    let feeds: [StationFeed]
    var states: [String: StationState] = [:]
    var saved: [String: StationRainStore.Saved] = [:]
    /// Lines logged once (a stranger, a message that is no station's); at most `loggedLimit`.
    var logged: Set<String> = []
    static let loggedLimit = 256
    var pushListeners: [PushListener] = []
    var datagramListeners: [DatagramListener] = []
    var tasks: [Task<Void, Never>] = []
    /// The station timer's previous look (`StationFeed.expires` is asked for the time since).
    var lastTick: Date
    /// When each polled station was last asked.
    var lastPoll: [String: Date] = [:]
    /// When each WeatherLink Live was last asked for its UDP broadcast (`renewRealTime`).
    var lastRealTime: [String: Date] = [:]

    init(configuration: BridgeConfiguration, store: StationRainStore, now: Date) {
        feeds = configuration.stations.map(StationFeed.init)
        lastTick = now
        for feed in feeds {
            let rain = store.load(feed.settings.id) ?? RainAccumulator()
            states[feed.settings.id] = StationState(rain: rain)
            saved[feed.settings.id] = .init(revision: rain.revision, day: rain.day, at: nil)
        }
    }

    func feed(_ id: String) -> StationFeed? { feeds.first { $0.settings.id == id } }

    /// `true` the first time `key` is seen (then the line is logged), until the limit.
    mutating func firstTime(_ key: String) -> Bool {
        guard logged.count < Self.loggedLimit else { return false }
        return logged.insert(key).inserted
    }
}
