import Configuration
import FoundationEssentials
import HomeAssistant
import MQTTClient
import WeatherModel
import WireContract

/// Where each message from the broker goes, and what the bridge subscribes to on every connect:
/// its own topics (to correct other clients' writes), the broker-type stations' topics, Home
/// Assistant's birth message, and the retained device configs it may have to clear. A plain
/// value kept by `BridgeService`, which executes each route.
struct InboundRouter {
    /// What a message is to the bridge.
    enum Route: Equatable {
        /// One of the bridge's own topics (`Publisher.received`).
        case own
        /// A live reading for the broker-type stations `ids`.
        case stations([String])
        /// Home Assistant came online: discovery is sent again.
        case birth
        /// A retained device config of this bridge's for a location no longer announced: cleared,
        /// then the topics of `clearing` (the location, when it is no longer configured).
        case removeLocationDevice(clearing: String?)
        /// A retained device config of this bridge's for a station no longer announced: cleared,
        /// and with `clearTopics` (the station is no longer configured) its station topics.
        case removeStationDevice(station: String, clearTopics: Bool)
        /// Nothing to do: a retained copy of a reading, another client's device, our own echo.
        case ignore
    }

    /// A topic filter subscribed to on every connect.
    struct Subscription: Equatable {
        var filter: String
        var qos: Int
        var noLocal = false
    }

    let topics: TopicNames
    let prefix: String
    let discovery: Bool
    /// Locations whose Home Assistant devices are ours to keep (none without discovery).
    let announcedLocations: Set<String>
    let configuredLocations: Set<String>
    let configuredStations: Set<String>
    let stationFeeds: [StationFeed]
    /// Removed locations whose device config this connection already cleared: the cleanup
    /// subscription may still deliver its retained copy (a subscribe can overtake the empty
    /// publish), and a second empty config makes Home Assistant log a warning.
    private(set) var devicesCleared: Set<String> = []

    init(configuration: BridgeConfiguration, stationFeeds: [StationFeed]) {
        topics = TopicNames(base: configuration.mqtt.baseTopic)
        prefix = configuration.homeAssistant.prefix
        discovery = configuration.homeAssistant.discovery
        announcedLocations = discovery ? Set(configuration.locations.map(\.id)) : []
        configuredLocations = Set(configuration.locations.map(\.id))
        configuredStations = Set(configuration.stations.map(\.id))
        self.stationFeeds = stationFeeds
    }

    /// Every connect: Home Assistant's status (with discovery), every device config (to clean
    /// up), the bridge's own topics (without its own publications: "no local"), the stations'.
    var subscriptions: [Subscription] {
        var list: [Subscription] = []
        if discovery { list.append(Subscription(filter: Discovery.statusTopic(prefix: prefix), qos: 1)) }
        list.append(Subscription(filter: Discovery.cleanupFilter(prefix: prefix), qos: 1))
        list.append(Subscription(filter: OwnTopics.filter(base: topics.base), qos: 1, noLocal: true))
        for filter in Set(stationFeeds.flatMap(\.subscriptions)).sorted() {
            list.append(Subscription(filter: filter, qos: 0))
        }
        return list
    }

    /// A new connection clears the devices of `removed` locations itself.
    mutating func connected(clearing removed: [String]) {
        devicesCleared = Set(removed)
    }

    /// Where `message` goes. A location device is cleared once a connection.
    mutating func route(_ message: MQTTMessage) -> Route {
        if OwnTopics.isOwn(message.topic, base: topics.base) { return .own }
        if let id = StationDiscovery.ownedStation(topic: message.topic, prefix: prefix) {
            let kept = discovery && configuredStations.contains(id)
            guard message.retain, !message.payload.isEmpty, !kept, let object = try? JSONParser.parse(message.payload),
                Discovery.isOurs(object, bridgeState: topics.bridgeState)
            else { return .ignore }
            return .removeStationDevice(station: id, clearTopics: !configuredStations.contains(id))
        }
        let ids = stationFeeds.filter { $0.reads(topic: message.topic) }.map(\.settings.id)
        // A retained copy is an old reading: taking it as fresh would be a lie.
        if !ids.isEmpty { return message.retain ? .ignore : .stations(ids) }
        if message.topic == Discovery.statusTopic(prefix: prefix) {
            return discovery && Discovery.isBirth(message.payload) ? .birth : .ignore
        }
        guard message.retain, !message.payload.isEmpty,
            Discovery.shouldRemove(
                topic: message.topic, payload: message.payload, configuredLocations: announcedLocations,
                prefix: prefix, baseTopic: topics.base)
        else { return .ignore }
        let location = Discovery.ownedLocation(topic: message.topic, prefix: prefix)
        // Cleared on connecting already; this is the retained copy the broker still had.
        if let location, !devicesCleared.insert(location).inserted { return .ignore }
        return .removeLocationDevice(clearing: location.flatMap { configuredLocations.contains($0) ? nil : $0 })
    }
}
