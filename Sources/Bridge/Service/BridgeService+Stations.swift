import Configuration
import FoundationEssentials
import HomeAssistant
import MQTTClient
import Providers
import StationListeners
import Stations
import WeatherModel
import WireContract

/// The user's own stations (`stations:`, docs/STATIONS.md): the listeners and subscriptions
/// that receive, handing each message to its station's feed (`StationFeed`), the station
/// topics, the blended `current` of the locations that name a station, and the station timer
/// that publishes a fall-back when a station goes quiet.
extension BridgeService {
    /// The station timer's period, seconds: a silent station falls back within `max_age` plus this.
    static let stationTick: Double = 5

    /// Opens one HTTP listener per distinct `listen` of the pushed types and one UDP listener
    /// per `listen` of the broadcast types, and starts the station timer. Nothing is opened
    /// without such stations. Returns an exit code when a listener cannot be opened.
    func startStations() -> Int32? {
        let feeds = stationRuntime.feeds
        guard !feeds.isEmpty else { return nil }
        var groups: [(address: String, ids: [String], http: Bool)] = []
        for feed in feeds {
            guard let listen = feed.settings.listen, feed.settings.kind.facts.listens else { continue }
            let http = feed.settings.kind.transport == .httpPush
            let key = listen.description
            if let index = groups.firstIndex(where: { $0.address == key && $0.http == http }) {
                groups[index].ids.append(feed.settings.id)
            } else {
                groups.append((key, [feed.settings.id], http))
            }
        }
        for group in groups {
            do {
                let address = try StationListeners.ListenAddress(parsing: group.address)
                if group.http {
                    try openPushListener(address, ids: group.ids)
                } else {
                    try openDatagramListener(address, ids: group.ids)
                }
                log.info(
                    "listening for station \(group.ids.joined(separator: ", ")) on \(group.http ? "http" : "udp") \(group.address)"
                )
            } catch {
                log.error(
                    "cannot listen for station \(group.ids.joined(separator: ", ")): \(error.description)")
                return ExitCode.unavailable
            }
        }
        let tick = Self.stationTick
        stationRuntime.tasks.append(
            Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: .milliseconds(Int(tick * 1000)))
                    await self?.stationTimer()
                }
            })
        publishAllStations()
        announceStations()
        return nil
    }

    /// The Home Assistant device of every station (with discovery on), retained.
    func announceStations() {
        guard configuration.homeAssistant.discovery else { return }
        let prefix = configuration.homeAssistant.prefix
        for station in configuration.stations {
            let payload = StationDiscovery.payload(for: station, configuration: configuration)
            retain(StationDiscovery.configTopic(prefix: prefix, station: station.id), payload.utf8Bytes)
        }
    }

    private func openPushListener(_ address: StationListeners.ListenAddress, ids: [String]) throws(ListenerError) {
        let listener = try PushListener(PushListener.Settings(address: address))
        stationRuntime.pushListeners.append(listener)
        let events = listener.events
        stationRuntime.tasks.append(
            Task { [weak self] in
                for await event in events {
                    switch event {
                    case .request(let request): await self?.receive(request, for: ids)
                    case .notice(let notice): self?.log.warning(notice.message)
                    }
                }
            })
    }

    private func openDatagramListener(_ address: StationListeners.ListenAddress, ids: [String]) throws(ListenerError) {
        let listener = try DatagramListener(.init(address: address))
        stationRuntime.datagramListeners.append(listener)
        let events = listener.events
        stationRuntime.tasks.append(
            Task { [weak self] in
                for await event in events {
                    switch event {
                    case .datagram(let datagram): await self?.receive(datagram, for: ids)
                    case .notice(let notice): self?.log.warning(notice.message)
                    }
                }
            })
    }

    /// Stops every listener and the timer, and saves every station's rain that changed.
    func stopStations() {
        stationRuntime.pushListeners.forEach { $0.stop() }
        stationRuntime.datagramListeners.forEach { $0.stop() }
        stationRuntime.tasks.forEach { $0.cancel() }
        saveStationRain(force: true)
    }

    // MARK: - Receiving

    func receive(_ request: PushRequest, for ids: [String]) {
        // The query (Ambient, Wunderground) and the form (Ecowitt) are read as one form.
        var bytes = Array(request.query.utf8)
        if !request.body.isEmpty {
            if !bytes.isEmpty { bytes.append(UInt8(ascii: "&")) }
            bytes += request.body
        }
        let push = FeedPush(origin: request.path, payload: bytes, receivedAt: clock.now())
        let candidates = ids.filter { stationRuntime.feed($0)?.takes(path: request.path) ?? false }
        deliver(push, to: candidates, input: "http \(request.source)")
    }

    func receive(_ datagram: Datagram, for ids: [String]) {
        let push = FeedPush(origin: datagram.source, payload: datagram.bytes, receivedAt: clock.now())
        deliver(push, to: ids, input: "udp \(datagram.source)")
    }

    /// Hands `push` to each station in `ids` in turn; every station that takes it publishes.
    /// What no station takes is logged once per sender or problem (a station of another user
    /// on the LAN, garbage), its key masked.
    func deliver(_ push: FeedPush, to ids: [String], input: String) {
        var problem: String?
        var stranger: String?
        var taken = false
        for id in ids {
            guard let feed = stationRuntime.feed(id) else { continue }
            let update = feed.apply(push, to: stationRuntime.states[id] ?? StationState(), zone: stationZone(id))
            guard update.taken else {
                problem = problem ?? update.problem
                stranger = stranger ?? update.stranger
                continue
            }
            taken = true
            stationRuntime.states[id] = update.state
            saveStationRain(id, now: push.receivedAt)
            publishStation(id)
        }
        if taken {
            for location in configuration.locations where location.stations.contains(where: { ids.contains($0.id) }) {
                publish(location, [.current])
            }
            return
        }
        let station = ids.joined(separator: ", ")
        if let stranger {
            if stationRuntime.firstTime("stranger \(input) \(stranger)") {
                log.info("ignoring \(stranger) on \(LogMask.text(input)): not station \(station) (its match)")
            }
        } else if let problem, stationRuntime.firstTime("problem \(input) \(problem.prefix(60))") {
            log.warning("a message for station \(station) from \(LogMask.text(input)) cannot be read: \(problem)")
        }
    }

    // MARK: - Timer

    /// Every `stationTick`: publishes the stations whose fields aged past `max_age` since the
    /// last look (and their locations' `current`, now from the provider), polls the polled
    /// types when due, and writes rain the spacing held back.
    func stationTimer() async {
        let now = clock.now()
        let last = stationRuntime.lastTick
        stationRuntime.lastTick = now
        for feed in stationRuntime.feeds {
            let id = feed.settings.id
            guard let state = stationRuntime.states[id], feed.expires(state, after: last, upTo: now) else { continue }
            publishStation(id)
            for location in configuration.locations where location.stations.contains(where: { $0.id == id }) {
                publish(location, [.current])
            }
        }
        await renewRealTime(now: now)
        await pollStations(now: now)
        saveStationRain(force: false)
    }

    // MARK: - Publishing

    /// The status and state topics of every station (at start: `never`, or restored rain).
    func publishAllStations() {
        for feed in stationRuntime.feeds { publishStation(feed.settings.id) }
    }

    func publishStation(_ id: String) {
        guard let feed = stationRuntime.feed(id), let state = stationRuntime.states[id] else { return }
        let now = clock.now()
        let zone = stationZone(id)
        let status = StationPayload.status(id: id, state: state, maxAge: feed.maxAge, at: now, zone: zone)
        retain(topics.station(id, .status), status.utf8Bytes)
        let payload = StationPayload.state(id: id, state: state, at: now, zone: zone, units: configuration.units)
        retain(topics.station(id, .state), payload.utf8Bytes)
    }

    /// The stations a location names, as its `current` lays them over the provider's reading.
    func stationSources(_ location: LocationSettings) -> [StationSource] {
        location.stations.compactMap { reference -> StationSource? in
            guard let feed = stationRuntime.feed(reference.id) else { return nil }
            return StationSource(
                id: reference.id, state: stationRuntime.states[reference.id] ?? StationState(), maxAge: feed.maxAge,
                fields: reference.fields)
        }
    }

    /// The time zone of the first location that names station `id` (its rain day), else UTC.
    func stationZone(_ id: String) -> ZoneInfo {
        guard let location = configuration.locations.first(where: { $0.stations.contains { $0.id == id } }) else {
            return .utc
        }
        return Refresher.zone(for: location, forecast: states[location.id]?.forecast)
    }

    // MARK: - Rain in state_dir

    func saveStationRain(force: Bool) {
        for feed in stationRuntime.feeds { saveStationRain(feed.settings.id, now: clock.now(), force: force) }
    }

    func saveStationRain(_ id: String, now: Date, force: Bool = false) {
        guard let rain = stationRuntime.states[id]?.rain, let saved = stationRuntime.saved[id],
            StationRainStore.due(rain, saved: saved, now: now, force: force)
        else { return }
        if stationRainStore.save(id, rain) {
            stationRuntime.saved[id] = .init(revision: rain.revision, day: rain.day, at: now)
        } else if stationRuntime.firstTime("rain write \(id)") {
            log.error("cannot write station \(id)'s rain to state_dir (\(stationRainStore.directory))")
        }
    }
}
