import Configuration
import HomeAssistant

/// Clearing what the bridge published for locations that left the configuration
/// (`RemovedLocations`).
extension BridgeService {
    /// After (re)connecting: clears every retained topic of each location that has a file in
    /// `state_dir` but is no longer configured, its Home Assistant device first (`RemovalOrder`),
    /// then deletes that file (its topics are gone, so the next start has nothing left to clear;
    /// a stop before then leaves the file, and the next start clears them).
    func clearRemovedLocations() {
        guard publisher.connected else { return }
        let removed = RemovedLocations.ids(
            stored: locations.store.storedLocationIDs(), configured: Set(configuration.locations.map(\.id)))
        inbound.connected(clearing: removed)
        for id in removed {
            send(publisher.message(Discovery.configTopic(prefix: configuration.homeAssistant.prefix, location: id), []))
            clearTopicsAfterDiscovery(of: id, forgetting: true)
        }
    }

    /// `clearTopics(of:)` once Home Assistant has let go of the location's entities
    /// (`RemovalOrder.stateDelay` after its discovery config was cleared); `forgetting` then
    /// deletes its file in `state_dir`.
    func clearTopicsAfterDiscovery(of location: String, forgetting: Bool = false) {
        Task { [weak self] in
            try? await Task.sleep(for: RemovalOrder.stateDelay)
            await self?.clearTopicsNow(of: location, forgetting: forgetting)
        }
    }

    private func clearTopicsNow(of location: String, forgetting: Bool) {
        guard publisher.connected else { return }
        clearTopics(of: location)
        if forgetting { locations.store.removeLocation(location) }
    }

    /// Clears the retained topics of `location` (no longer configured) below our base topic.
    func clearTopics(of location: String) {
        log.info(
            "clearing the retained topics of a location no longer configured; if you installed its ha-template "
                + "package (packages/weather2mqtt_\(location).yaml in Home Assistant's configuration folder), delete it",
            ["location": location])
        for topic in RemovedLocations.topics(topics, location: location) {
            send(publisher.message(topic, []))
        }
    }
}
