import Configuration
import FoundationEssentials
import HomeAssistant
import ProviderFacts
import Providers
import Stations
import WeatherModel
import WireContract

/// Publishing: `Publisher` decides what goes out (`Publishing/`); this sends it, and builds the
/// payloads it holds from the state this actor keeps.
extension BridgeService {
    /// Sends each message, telling the publisher which went out.
    func send(_ messages: [Publish]) {
        for message in messages { send(message) }
    }

    func send(_ message: Publish?) {
        guard let message, let mqtt else { return }
        do {
            try mqtt.publish(
                topic: message.topic, payload: message.payload, qos: configuration.mqtt.qos, retain: message.retain,
                messageExpiry: message.expiry)
            publisher.sent(message)
        } catch {
            log.warning("publish failed: \(error.description)", ["mqtt.topic": message.topic])
        }
    }

    /// Keeps `payload` as the retained value of `topic` and sends it when the publisher says so.
    func retain(_ topic: String, _ payload: [UInt8], rebuildable: Bool = false) {
        send(publisher.retain(topic, payload, rebuildable: rebuildable, now: clock.now()))
    }

    /// Publishes a location's payloads of `kinds` (every reading by default), built once, as of now.
    func publish(_ location: LocationSettings, _ kinds: [LocationTopic] = LocationPayloads.readings) {
        guard let payloads = payloads(for: location, at: clock.now()) else { return }
        send(publisher.location(location.id, payloads, kinds: kinds))
    }

    /// The hourly and daily payloads (with their flat entries and slots) of each location whose
    /// hour boundary has passed (`Publisher.boundariesDue`), even without a new forecast.
    func publishBoundaries() {
        let now = clock.now()
        for id in publisher.boundariesDue(at: now) {
            guard let location = configuration.locations.first(where: { $0.id == id }) else { continue }
            publish(location, [.hourly, .daily])
        }
    }

    /// The payloads of a location as of `now` (`LocationRunner.payloads`), the stations it names
    /// laid over its `current`: nil before its first answer.
    func payloads(for location: LocationSettings, at now: Date) -> LocationPayloads? {
        locations.payloads(for: location, at: now) { stations.sources(for: location) }
    }

    /// A payload the publisher holds as a hash, built again from the location's state or the
    /// configuration: the same bytes as long as neither changed since (and each change publishes anew).
    func rebuilt(_ topic: String, at now: Date) -> [UInt8]? {
        let prefix = configuration.homeAssistant.prefix
        if let id = Discovery.ownedLocation(topic: topic, prefix: prefix),
            let location = configuration.locations.first(where: { $0.id == id })
        {
            return devices.payload(location)
        }
        guard case .location(let id, let kind) = topics.parse(topic), LocationPayloads.rebuildable(kind),
            let location = configuration.locations.first(where: { $0.id == id })
        else { return nil }
        return payloads(for: location, at: now)?.payload(kind)?.utf8Bytes
    }

    /// Publishes what the location runner has published (`LocationRunner.Output`).
    func perform(_ output: LocationRunner.Output) {
        switch output {
        case .publish(let location, let kinds): publish(location, kinds)
        case .retain(let topic, let payload): retain(topic, payload)
        case .event(let topic, let payload): send(publisher.message(topic, payload, retain: false))
        case .publishInfo: publishBridgeInfo()
        }
    }

    func publishBridgeInfo() {
        retain(
            topics.bridgeInfo,
            StatusPayload.bridgeInfo(
                configuration: configuration, startedAt: locations.startedAt,
                stateDirError: locations.book.saving.failure.map { ($0.message, $0.since) }
            ).utf8Bytes)
    }
}
