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

/// Warnings: merged from the location's sources and its forecast provider (`AlertSources`),
/// announced as `alerts/event` messages and published in the retained alerts list; `AlertBook`
/// decides what is announced and shown, this saves and sends.
extension LocationRunner {
    /// Fetches and merges the alerts of the refreshed locations, then publishes the events
    /// and the retained list of each.
    func refreshAlerts(_ locations: [LocationSettings], isolation: isolated (any Actor)? = #isolation) async {
        let sources =
            alertSources
            ?? AlertSources(configuration: configuration, transport: refresher.transport, log: log, budget: ledger)
        alertSources = sources
        let load = { [store] (id: String) in store.loadAlerts(location: id) }
        for location in locations {
            let state = book.states[location.id]
            let announced = alertBook.announced(location.id, load: load)
            // One Call 4.0 alert calls are reserved in the openweathermap budget (`ledger`).
            let merged = await sources.alerts(
                for: location, forecast: state?.forecast?.alerts, alertIDs: state?.forecast?.alertIDs,
                provider: state?.provider, announced: announced, now: clock.now())
            let now = clock.now()
            let announcement = alertBook.merged(merged, for: location.id, now: now, load: load)
            if let save = announcement.save { store.saveAlerts(location: location.id, save) }
            send(announcement.events, of: location, at: now)
            // Only the alerts list depends on the merge (the readings went out with the refresh).
            output(.publish(location, [.alerts]))
        }
    }

    /// Sends each event of `location` on `<base>/<loc>/alerts/event`, not retained.
    func send(_ events: [AlertEvent], of location: LocationSettings, at now: Date) {
        guard !events.isEmpty else { return }
        let zone = Refresher.zone(for: location, forecast: book.states[location.id]?.forecast)
        let info = LocationInfo(
            id: location.id, name: location.name, latitude: location.latitude, longitude: location.longitude,
            timezone: location.timezone ?? book.states[location.id]?.forecast?.timezone ?? zone.identifier)
        for event in events {
            let payload = AlertEvents.payload(event, location: info, zone: zone, at: now)
            log.info(
                "warning \(event.change.rawValue): \(event.alert.title)",
                ["location": location.id, "alert": event.alert.id])
            output(.event(topic: topics.alertEvent(location.id), payload: payload.utf8Bytes))
        }
    }

    /// The alerts a location's retained list shows (`AlertBook.shown`); nil: the provider's own.
    func alertsShown(_ location: LocationSettings) -> [Alert]? {
        alertBook.shown(location.id) { [store] in store.loadAlerts(location: $0) }
    }
}
