import Configuration
import FoundationEssentials
import Providers
import StationListeners
import Stations
import WeatherModel

/// The user's stations (`stations:`, docs/STATIONS.md) as decisions: each message handed to its
/// station's feed (`StationFeed`), the timer's look (a field aged past `max_age`, a poll or a
/// broadcast request due), which rain to write, the lines said once. A plain value — an event
/// in, actions out — that `BridgeService` keeps and executes: it receives (`StationInput`),
/// asks, writes and publishes, and decides nothing about stations itself.
struct StationRunner {
    /// What the service does for the runner.
    enum Action: Equatable {
        /// Publish the station's status and state topics.
        case publishStation(String)
        /// Publish the `current` of each of these locations (a station they name changed).
        case publishCurrent([String])
        /// Write the station's rain to `state_dir`; tell `rainSaved` or `rainNotSaved`.
        case saveRain(String, RainAccumulator, at: Date)
        case log(LogLine)
    }

    /// A request the timer makes on the LAN (never counted in a provider's budget).
    struct Request: Equatable {
        enum Purpose: Equatable {
            /// A polled station's reading.
            case poll
            /// A WeatherLink Live's UDP broadcast (a good answer needs nothing more).
            case broadcast
        }

        var station: String
        var url: String
        var purpose: Purpose
    }

    /// The timer's period, seconds: a silent station falls back within `max_age` plus this.
    static let tick: Double = 5
    /// Lines logged once (a stranger, a message that is no station's); at most this many.
    static let loggedLimit = 256

    /// Every configured station, in configuration order.
    let feeds: [StationFeed]
    /// Each location that names a station, with the stations it names, in configuration order.
    private let locations: [(id: String, stations: [String])]
    private(set) var states: [String: StationState] = [:]
    private var saved: [String: StationRainStore.Saved] = [:]
    private var logged: Set<String> = []
    /// The timer's previous look (`StationFeed.expires` is asked for the time since).
    private var lastTick: Date
    /// When each polled station was last asked.
    private var lastPoll: [String: Date] = [:]
    /// When each WeatherLink Live was last asked for its UDP broadcast.
    private var lastBroadcast: [String: Date] = [:]

    /// `feeds`: the stations' (`BridgeFeeds.stations`); `rain`: each one's rain as last saved
    /// (`StationRainStore.load`).
    init(configuration: BridgeConfiguration, feeds: [StationFeed], now: Date, rain: (String) -> RainAccumulator?) {
        self.feeds = feeds
        locations = configuration.locations.filter { !$0.stations.isEmpty }.map { ($0.id, $0.stations.map(\.id)) }
        lastTick = now
        for feed in feeds {
            let restored = rain(feed.settings.id) ?? RainAccumulator()
            states[feed.settings.id] = StationState(rain: restored)
            saved[feed.settings.id] = .init(revision: restored.revision, day: restored.day, at: nil)
        }
    }

    func feed(_ id: String) -> StationFeed? { feeds.first { $0.settings.id == id } }

    /// The stations `location` names, as its `current` lays them over the provider's reading:
    /// each one's state, `max_age` and the fields it may supply (a station not configured: none).
    func sources(for location: LocationSettings) -> [StationSource] {
        location.stations.compactMap { reference -> StationSource? in
            guard let feed = feed(reference.id) else { return nil }
            return StationSource(
                id: reference.id, state: states[reference.id] ?? StationState(), maxAge: feed.maxAge,
                fields: reference.fields)
        }
    }

    /// The locations that name any of `ids`, in configuration order.
    func locations(naming ids: [String]) -> [String] {
        locations.filter { $0.stations.contains(where: ids.contains) }.map(\.id)
    }

    // MARK: - Messages

    /// Hands `push` (from `input`, for the stations `ids`) to each station in turn; each that
    /// takes it is published (and its rain written when due), then the locations that name
    /// them. What no station takes is said once per sender or problem (a station of another
    /// user on the LAN, garbage), its key masked. `zone`: a station's rain day.
    mutating func deliver(_ push: FeedPush, to ids: [String], input: String, zone: (String) -> ZoneInfo) -> [Action] {
        var actions: [Action] = []
        var problem: String?
        var stranger: String?
        var taken: [String] = []
        for id in ids {
            guard let feed = feed(id) else { continue }
            let update = feed.apply(push, to: states[id] ?? StationState(), for: zone(id), now: push.receivedAt)
            guard update.taken else {
                problem = problem ?? update.problem
                stranger = stranger ?? update.stranger
                continue
            }
            taken.append(id)
            states[id] = update.state
            actions += rainDue(id, now: push.receivedAt)
            actions.append(.publishStation(id))
        }
        if !taken.isEmpty {
            let named = locations(naming: ids)
            return named.isEmpty ? actions : actions + [.publishCurrent(named)]
        }
        let station = ids.joined(separator: ", ")
        let from = LogMask.text(input)
        if let stranger {
            if firstTime("stranger \(input) \(stranger)") {
                let line = "ignoring \(stranger) on \(from): not station \(station) (its match)"
                actions.append(.log(LogLine(.info, line)))
            }
        } else if let problem, firstTime("problem \(input) \(problem.prefix(60))") {
            let line = "a message for station \(station) from \(from) cannot be read: \(problem)"
            actions.append(.log(LogLine(.warning, line)))
        }
        return actions
    }

    // MARK: - The timer

    /// Every `tick`: the stations whose fields aged past `max_age` since the last look (published
    /// again, with their locations' `current`, now from the provider), and the requests due —
    /// each WeatherLink Live's broadcast about to run out (`StationFeed.realTimeDue`), then each
    /// polled station not asked for `StationFeed.pollCadence`.
    mutating func tick(now: Date) -> (actions: [Action], requests: [Request]) {
        let last = lastTick
        lastTick = now
        var actions: [Action] = []
        for feed in feeds {
            let id = feed.settings.id
            guard let state = states[id], feed.expires(state, after: last, upTo: now) else { continue }
            actions.append(.publishStation(id))
            let named = locations(naming: [id])
            if !named.isEmpty { actions.append(.publishCurrent(named)) }
        }
        var requests: [Request] = []
        for feed in feeds {
            guard let url = feed.realTimeURL, StationFeed.realTimeDue(last: lastBroadcast[feed.settings.id], now: now)
            else { continue }
            lastBroadcast[feed.settings.id] = now
            requests.append(Request(station: feed.settings.id, url: url, purpose: .broadcast))
        }
        for feed in feeds where feed.settings.kind.transport == .polled {
            let id = feed.settings.id
            guard let url = feed.pollURL else { continue }
            if StationFeed.pollCadence.wait(since: lastPoll[id], now: now) != nil { continue }
            lastPoll[id] = now
            requests.append(Request(station: id, url: url, purpose: .poll))
        }
        return (actions, requests)
    }

    /// The answer to a request `tick(now: asked)` made. A poll's good answer is the station's
    /// message (`deliver`); a refused or failed poll is said once per status or problem. A failed
    /// broadcast request is asked again after `StationFeed.pollCadence`, said once per problem.
    mutating func answered(
        _ request: Request, _ answer: Result<ProviderResponse, ProviderError>, asked: Date, at now: Date,
        zone: (String) -> ZoneInfo
    ) -> [Action] {
        let id = request.station
        let url = request.url
        let problem: String
        switch answer {
        case .success(let response) where response.status == 200:
            guard request.purpose == .poll else { return [] }
            let push = FeedPush(origin: url, payload: response.body, receivedAt: now)
            return deliver(push, to: [id], input: url, zone: zone)
        case .success(let response):
            problem = "HTTP \(response.status)"
            if request.purpose == .poll {
                guard firstTime("poll \(id) \(response.status)") else { return [] }
                return [.log(LogLine(.warning, "station \(id): \(url) answered HTTP \(response.status)"))]
            }
        case .failure(let error):
            problem = error.description
            if request.purpose == .poll {
                guard firstTime("poll \(id) \(problem.prefix(60))") else { return [] }
                return [.log(LogLine(.warning, "station \(id): cannot ask \(url): \(problem)"))]
            }
        }
        lastBroadcast[id] = asked.addingTimeInterval(StationFeed.pollCadence.seconds - StationFeed.realTimeRenewal)
        guard firstTime("real_time \(id) \(problem.prefix(60))") else { return [] }
        return [.log(LogLine(.warning, "station \(id): cannot ask \(url) for its UDP broadcast: \(problem)"))]
    }

    // MARK: - Rain in state_dir

    /// The rain of every station to write now (`force`: every change, at shutdown; else what
    /// the spacing held back).
    func rainDue(now: Date, force: Bool) -> [Action] {
        feeds.flatMap { rainDue($0.settings.id, now: now, force: force) }
    }

    private func rainDue(_ id: String, now: Date, force: Bool = false) -> [Action] {
        guard let rain = states[id]?.rain, let saved = saved[id],
            StationRainStore.due(rain, saved: saved, now: now, force: force)
        else { return [] }
        return [.saveRain(id, rain, at: now)]
    }

    /// A `saveRain` was written.
    mutating func rainSaved(_ id: String, _ rain: RainAccumulator, at now: Date) {
        saved[id] = .init(revision: rain.revision, day: rain.day, at: now)
    }

    /// A `saveRain` could not be written in `directory`: said once.
    mutating func rainNotSaved(_ id: String, directory: String) -> [Action] {
        guard firstTime("rain write \(id)") else { return [] }
        return [.log(LogLine(.error, "cannot write station \(id)'s rain to state_dir (\(directory))"))]
    }

    /// `true` the first time `key` is seen (then the line is logged), until the limit.
    private mutating func firstTime(_ key: String) -> Bool {
        guard logged.count < Self.loggedLimit else { return false }
        return logged.insert(key).inserted
    }
}
