import Configuration
import FoundationEssentials
import HomeAssistant
import Providers
import Stations
import WeatherModel
import WireContract

/// The user's own stations (`stations:`, docs/STATIONS.md): `StationRunner` decides, this
/// executes — the inputs opened (`StationInput`), the timer, the requests on the LAN, the rain
/// written to `state_dir`, the station topics and the `current` of the locations that name one.
extension BridgeService {
    /// Opens the stations' LAN inputs (`ListenerStationInput`) and adds their reading and the
    /// station timer to `group`. Nothing is opened without stations. Returns an exit code when a
    /// listener cannot be opened.
    func startStations(in group: inout TaskGroup<Void>) -> Int32? {
        guard !stations.feeds.isEmpty else { return nil }
        let input: ListenerStationInput
        do {
            input = try ListenerStationInput(feeds: stations.feeds, clock: clock, log: log)
        } catch {
            log.error("cannot listen for station \(error.ids.joined(separator: ", ")): \(error.description)")
            return ExitCode.unavailable
        }
        stationInput = input
        group.addTask {
            for await event in input.events { await self.receive(event) }
        }
        let tick = StationRunner.tick
        group.addTask {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(Int(tick * 1000)))
                await self.stationTimer()
            }
        }
        // Every station's topics (at start: `never`, or restored rain).
        for feed in stations.feeds { publishStation(feed.settings.id) }
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

    /// Stops the inputs (which ends their reading), and writes every station's rain that changed.
    func stopStations() {
        stationInput?.stop()
        execute(stations.rainDue(now: clock.now(), force: true))
    }

    func receive(_ event: StationInputEvent) {
        switch event {
        case .message(let push, let ids, let input): deliver(push, to: ids, input: input)
        case .notice(let text): log.warning(text)
        }
    }

    /// Hands `push` to the stations `ids` (`StationRunner.deliver`).
    func deliver(_ push: FeedPush, to ids: [String], input: String) {
        execute(stations.deliver(push, to: ids, input: input, zone: stationZone))
    }

    /// Every `StationRunner.tick`: what the runner's look decided, then its requests one after
    /// the other, then the rain the spacing held back.
    func stationTimer() async {
        let asked = clock.now()
        let (actions, requests) = stations.tick(now: asked)
        execute(actions)
        for request in requests {
            let answer = await refresher.transport.answer(ProviderRequest(url: request.url))
            execute(stations.answered(request, answer, asked: asked, at: clock.now(), zone: stationZone))
        }
        execute(stations.rainDue(now: clock.now(), force: false))
    }

    func execute(_ actions: [StationRunner.Action]) {
        for action in actions {
            switch action {
            case .publishStation(let id):
                publishStation(id)
            case .publishCurrent(let ids):
                for location in configuration.locations where ids.contains(location.id) {
                    publish(location, [.current])
                }
            case .saveRain(let id, let rain, let at):
                if stationRainStore.save(id, rain) {
                    stations.rainSaved(id, rain, at: at)
                } else {
                    execute(stations.rainNotSaved(id, directory: stationRainStore.directory))
                }
            case .log(let line):
                log.write(line)
            }
        }
    }

    func publishStation(_ id: String) {
        guard let feed = stations.feed(id), let state = stations.states[id] else { return }
        let now = clock.now()
        let zone = stationZone(id)
        let status = StationPayload.status(id: id, state: state, maxAge: feed.maxAge, at: now, zone: zone)
        retain(topics.station(id, .status), status.utf8Bytes)
        let payload = StationPayload.state(id: id, state: state, at: now, zone: zone, units: configuration.units)
        retain(topics.station(id, .state), payload.utf8Bytes)
    }

    /// The time zone of the first location that names station `id` (its rain day), else UTC.
    func stationZone(_ id: String) -> ZoneInfo {
        guard let location = configuration.locations.first(where: { $0.stations.contains { $0.id == id } }) else {
            return .utc
        }
        return Refresher.zone(for: location, forecast: locations.book.states[location.id]?.forecast)
    }
}
