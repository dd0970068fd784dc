import ConfigurationCore
import HomeAssistantCore
import WireContract

/// Displays and images that left `displays:`, and what `serve` clears for them at its start (as
/// the bridge clears removed locations: `RemovedLocations`). Which ids were ours comes from
/// `serve`'s own record (``DeviceBook/published``), never from a wildcard over the broker. Pure.
enum RemovedDisplays {
    /// The ids `serve` publishes under with `displays`: each registered device it still answers
    /// (listed, or any with `unknown: default`) and each image.
    static func current(devices: [DeviceBook.Device], displays: DisplaysSettings) -> Set<String> {
        var ids = Set(displays.images.compactMap(DisplaysSettings.imageID))
        for device in devices {
            let listed = displays.device(device.mac)
            guard listed != nil || displays.unknown == .default else { continue }
            ids.insert(DisplayHealth.displayID(name: listed?.name, mac: device.mac))
        }
        return ids
    }

    /// The ids published under that no display or image has now, sorted.
    static func ids(published: Set<String>, current: Set<String>) -> [String] {
        published.subtracting(current).sorted()
    }

    /// What clearing `id` publishes (empty and retained): its Home Assistant device first, then,
    /// ``RemovalOrder/stateDelay`` later, the topics its entities read.
    static func topics(_ id: String, topics: TopicNames, prefix: String) -> (first: [String], then: [String]) {
        ([DisplayDiscovery.configTopic(prefix: prefix, display: id)], [topics.display(id), topics.displayImage(id)])
    }
}
