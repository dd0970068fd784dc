import Configuration
import FoundationEssentials
import Providers
import WeatherModel
import WireContract

extension StateStore {
    func alertsPath(_ id: String) -> String { directory + "/alerts-" + id + ".json" }

    /// The alerts last announced for a location (empty when none or damaged).
    func loadAlerts(location id: String) -> [Alert] {
        guard let bytes = StateFiles.read(alertsPath(id)), let json = try? JSONParser.parse(bytes) else { return [] }
        return (json["alerts"]?.array ?? []).compactMap(Alert.init(json:))
    }

    func saveAlerts(location id: String, _ alerts: [Alert]) {
        let value: JSONValue = ["alerts": .array(alerts.map { .object($0.json(in: .utc)) })]
        _ = StateFiles.write(alertsPath(id), value.utf8Bytes)
    }
}

/// Warnings: merged from the location's sources and its forecast provider, published in the
/// retained alerts list, and their changes as `alerts/event` messages — announced at most
/// once: the announced set is saved before its events are sent, so a restart repeats nothing.
extension BridgeService {
    /// Fetches and merges the alerts of the refreshed locations, then publishes the events
    /// and the retained list of each.
    func refreshAlerts(_ locations: [LocationSettings]) async {
        let sources =
            alertSources
            ?? AlertSources(configuration: configuration, transport: refresher.transport, log: log, budget: ledger)
        alertSources = sources
        for location in locations {
            let state = states[location.id]
            let announced = announcedAlerts[location.id] ?? store.loadAlerts(location: location.id)
            announcedAlerts[location.id] = announced
            // One Call 4.0 alert calls are reserved in the openweathermap budget (`ledger`).
            let merged = await sources.alerts(
                for: location, forecast: state?.forecast?.alerts, alertIDs: state?.forecast?.alertIDs,
                provider: state?.provider, announced: announced, now: clock.now())
            mergedAlerts[location.id] = merged
            publishAlertEvents(location, current: merged)
            // Only the alerts list depends on the merge (the readings went out with the refresh).
            publish(location, [.alerts])
        }
    }

    /// Diffs against the announced set (read from `state_dir` the first time), saves the new
    /// set, then sends the events.
    func publishAlertEvents(_ location: LocationSettings, current: [Alert]) {
        let now = clock.now()
        let previous = announcedAlerts[location.id] ?? store.loadAlerts(location: location.id)
        let events = AlertEvents.diff(previous: previous, current: current, now: now)
        let remembered = AlertEvents.remembered(current, now: now)
        if !events.isEmpty || remembered != previous { store.saveAlerts(location: location.id, remembered) }
        announcedAlerts[location.id] = remembered
        guard !events.isEmpty else { return }
        let zone = Refresher.zone(for: location, forecast: states[location.id]?.forecast)
        let info = LocationInfo(
            id: location.id, name: location.name, latitude: location.latitude, longitude: location.longitude,
            timezone: location.timezone ?? states[location.id]?.forecast?.timezone ?? zone.identifier)
        for event in events {
            let payload = AlertEvents.payload(event, location: info, zone: zone, at: now)
            log.info(
                "warning \(event.change.rawValue): \(event.alert.title)",
                ["location": location.id, "alert": event.alert.id])
            send(publisher.message(topics.alertEvent(location.id), payload.utf8Bytes, retain: false))
        }
    }

    /// The alerts a location's retained list shows: the merged list where one was made, else
    /// (before the first refresh after a start) what was last announced, as saved; nil: the
    /// provider's own.
    func alertsShown(_ location: LocationSettings) -> [Alert]? {
        if mergedAlerts[location.id] == nil, announcedAlerts[location.id] == nil {
            announcedAlerts[location.id] = store.loadAlerts(location: location.id)
        }
        return mergedAlerts[location.id] ?? announcedAlerts[location.id].flatMap { $0.isEmpty ? nil : $0 }
    }
}
