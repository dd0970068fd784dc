import Configuration
import Foundation
import HomeAssistant
import MQTTClient
import Testing
import WireContract

@testable import Bridge

/// Where each message from the broker goes, without a broker.
@Suite("Inbound routing")
struct InboundRouterTests {
    static let berlin = LocationSettings(id: "berlin", latitude: 52.5, longitude: 13.4)
    static let gone = LocationSettings(id: "gone", latitude: 1, longitude: 2)
    static let weewx = StationSettings(id: "roof", kind: .weewx, topic: "weewx/loop")

    static func router(discovery: Bool = true, stations: [StationSettings] = [weewx]) -> InboundRouter {
        var configuration = BridgeConfiguration(
            mqtt: MQTTSettings(baseTopic: "w"), homeAssistant: HomeAssistantSettings(discovery: discovery),
            locations: [berlin])
        configuration.stations = stations
        return InboundRouter(configuration: configuration, stationFeeds: stations.map(StationFeed.init))
    }

    /// The retained device config this bridge published for `location`.
    static func device(_ location: LocationSettings) -> MQTTMessage {
        let configuration = BridgeConfiguration(mqtt: MQTTSettings(baseTopic: "w"), locations: [location])
        let payload = Discovery.payload(for: location, provider: "open-meteo", configuration: configuration)
        return MQTTMessage(
            topic: Discovery.configTopic(prefix: "homeassistant", location: location.id), payload: payload.utf8Bytes,
            retain: true)
    }

    static func stationDevice(_ station: StationSettings) -> MQTTMessage {
        var configuration = BridgeConfiguration(mqtt: MQTTSettings(baseTopic: "w"), locations: [berlin])
        configuration.stations = [station]
        let payload = StationDiscovery.payload(for: station, configuration: configuration)
        return MQTTMessage(
            topic: StationDiscovery.configTopic(prefix: "homeassistant", station: station.id),
            payload: payload.utf8Bytes, retain: true)
    }

    @Test("every connect subscribes to Home Assistant's status, the device configs, its own topics and the stations'")
    func subscriptions() {
        let filters = Self.router().subscriptions
        #expect(
            filters == [
                .init(filter: "homeassistant/status", qos: 1), .init(filter: "homeassistant/device/+/config", qos: 1),
                .init(filter: "w/#", qos: 1, noLocal: true), .init(filter: "weewx/loop", qos: 0),
            ])
        #expect(!Self.router(discovery: false).subscriptions.map(\.filter).contains("homeassistant/status"))
    }

    @Test("its own topics, a station's live reading (not a retained copy), Home Assistant's birth")
    func routes() {
        var router = Self.router()
        #expect(router.route(MQTTMessage(topic: "w/berlin/status", payload: [1])) == .own)
        #expect(router.route(MQTTMessage(topic: "weewx/loop", payload: [1])) == .stations(["roof"]))
        #expect(router.route(MQTTMessage(topic: "weewx/loop", payload: [1], retain: true)) == .ignore)
        #expect(router.route(MQTTMessage(topic: "homeassistant/status", payload: Array("online\n".utf8))) == .birth)
        #expect(router.route(MQTTMessage(topic: "homeassistant/status", payload: Array("offline".utf8))) == .ignore)
        var quiet = Self.router(discovery: false)
        #expect(quiet.route(MQTTMessage(topic: "homeassistant/status", payload: Array("online".utf8))) == .ignore)
        #expect(router.route(MQTTMessage(topic: "elsewhere/x", payload: [1], retain: true)) == .ignore)
    }

    @Test("a retained device of ours for a location no longer configured is removed once a connection")
    func removedLocation() {
        var router = Self.router()
        #expect(router.route(Self.device(Self.berlin)) == .ignore, "configured: announced as it is")
        #expect(router.route(Self.device(Self.gone)) == .removeLocationDevice(clearing: "gone"))
        #expect(router.route(Self.device(Self.gone)) == .ignore, "already cleared")
        router.connected(clearing: [])
        #expect(router.route(Self.device(Self.gone)) == .removeLocationDevice(clearing: "gone"))
        router.connected(clearing: ["gone"])
        #expect(router.route(Self.device(Self.gone)) == .ignore, "the connection cleared it")
        var live = Self.device(Self.gone)
        live.retain = false
        #expect(router.route(live) == .ignore, "only retained configs")
        var quiet = Self.router(discovery: false)
        // Discovery off: the device goes, the topics of a configured location stay.
        #expect(quiet.route(Self.device(Self.berlin)) == .removeLocationDevice(clearing: nil))
    }

    @Test("a retained station device of ours: kept while announced, removed with its topics once unconfigured")
    func removedStation() {
        var router = Self.router()
        #expect(router.route(Self.stationDevice(Self.weewx)) == .ignore)
        var quiet = Self.router(discovery: false)
        #expect(
            quiet.route(Self.stationDevice(Self.weewx)) == .removeStationDevice(station: "roof", clearTopics: false))
        var none = Self.router(stations: [])
        #expect(none.route(Self.stationDevice(Self.weewx)) == .removeStationDevice(station: "roof", clearTopics: true))
        var foreign = Self.stationDevice(Self.weewx)
        foreign.payload = Array(#"{"o":{"name":"someone else"}}"#.utf8)
        #expect(none.route(foreign) == .ignore)
    }
}
