import Configuration

/// Clearing what the bridge published for locations that left the configuration
/// (`RemovedLocations`).
extension BridgeService {
    /// After (re)connecting: clears every retained topic of each location that has a file in
    /// `state_dir` but is no longer configured, then deletes that file (its topics are gone, so
    /// the next start has nothing left to clear).
    func clearRemovedLocations() {
        guard connected else { return }
        let removed = RemovedLocations.ids(
            stored: store.storedLocationIDs(), configured: Set(configuration.locations.map(\.id)))
        for id in removed {
            clearTopics(of: id)
            store.removeLocation(id)
        }
    }

    /// Clears the retained topics of `location` (not configured) below our base topic.
    func clearTopics(of location: String) {
        guard !configuration.locations.contains(where: { $0.id == location }) else { return }
        log.info("clearing the retained topics of a location no longer configured", ["location": location])
        for topic in RemovedLocations.topics(topics, location: location) {
            send(topic, [], retain: true)
        }
    }
}
