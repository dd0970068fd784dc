import Configuration
import FoundationEssentials
import HomeAssistant
import MQTTClient
import ProviderFacts
import Providers
import WeatherModel
import WireContract

/// Publishing: every retained topic goes through `retain`, which keeps it for republishing and
/// leaves out what the broker already holds.
extension BridgeService {
    /// Keeps `payload` as the retained value of `topic` and publishes it when connected, unless
    /// the broker holds it already (and it is not about to expire). An empty payload clears the
    /// topic (and forgets it).
    /// With `rebuildable` only the payload's hash is kept (`rebuilt(_:at:)` makes it again).
    func retain(_ topic: String, _ payload: [UInt8], rebuildable: Bool = false) {
        if retained.update(
            topic, payload, now: clock.now(), expiry: expiry(of: topic).map(Double.init), rebuildable: rebuildable)
        {
            send(topic, payload, retain: true)
        }
    }

    /// The payload the bridge holds for `topic`: its kept bytes, or built again as of the
    /// instant it was built for; nil for a topic it does not hold.
    func heldPayload(_ topic: String) -> [UInt8]? {
        if let bytes = retained.payload(topic) { return bytes }
        guard let builtAt = retained.rebuildInstant(topic) else { return nil }
        return rebuilt(topic, at: builtAt)
    }

    /// A payload kept as a hash, built again from the location's state or the configuration:
    /// the same bytes as long as neither changed since (and each change publishes anew).
    func rebuilt(_ topic: String, at now: Date) -> [UInt8]? {
        let prefix = configuration.homeAssistant.prefix
        if let id = Discovery.ownedLocation(topic: topic, prefix: prefix),
            let location = configuration.locations.first(where: { $0.id == id })
        {
            return Discovery.payload(
                for: location, provider: location.providers.first ?? ProviderDescriptor.openMeteo.name,
                configuration: configuration
            ).utf8Bytes
        }
        guard case .location(let id, let kind) = topics.parse(topic),
            let location = configuration.locations.first(where: { $0.id == id }), let state = states[id]
        else { return nil }
        switch kind {
        case .hourly, .daily:
            guard let forecast = state.forecast, let builder = refresher.readingBuilder(for: location, state: state)
            else { return nil }
            return (kind == .hourly ? builder.hourly(forecast, now: now) : builder.daily(forecast, now: now)).utf8Bytes
        case .nowcast, .outlook, .airQuality:
            guard let builder = derivedBuilder(location, state: state) else { return nil }
            return derivedPayload(kind, location, state: state, builder: builder, now: now)?.utf8Bytes
        case .current, .alerts, .status: return nil
        }
    }

    /// The MQTT 5 message expiry of a retained reading, seconds; `nil` for no expiry.
    func expiry(of topic: String) -> UInt32? {
        let settings = configuration.mqtt
        guard settings.protocolVersion == .v5, settings.messageExpiry > 0, mqtt?.protocolVersion != .v311 else {
            return nil
        }
        switch topics.parse(topic) {
        case .location(_, .status), .bridgeState, .bridgeInfo, .alertEvent, .station(_, .status), .display,
            .displayImage, nil:
            return nil
        case .station: return UInt32(settings.messageExpiry)
        case .location, .field, .slot: return UInt32(settings.messageExpiry)
        }
    }

    func send(_ topic: String, _ payload: [UInt8], retain: Bool) {
        guard connected, let mqtt else { return }
        let settings = configuration.mqtt
        let expiry = payload.isEmpty ? nil : expiry(of: topic)
        do {
            try mqtt.publish(
                topic: topic, payload: payload, qos: settings.qos, retain: retain && settings.retain,
                messageExpiry: expiry)
            echoes.sent(topic, payload)
        } catch {
            log.warning("publish failed: \(error.description)", ["mqtt.topic": topic])
        }
    }

    func publishReadings(_ location: LocationSettings) {
        guard let state = states[location.id],
            let payloads = refresher.payloads(for: location, state: state, now: clock.now())
        else { return }
        publishCurrent(location)
        retain(topics.hourly(location.id), payloads.hourly.utf8Bytes, rebuildable: true)
        retain(topics.daily(location.id), payloads.daily.utf8Bytes, rebuildable: true)
        retain(topics.alerts(location.id), alertsPayload(location, state: state, fallback: payloads.alerts).utf8Bytes)
        publishNowcastAndOutlook(location, state: state)
    }

    /// A location's `current` (blended with its stations, BridgeService+Stations) and, with
    /// `flat_topics`, its fields.
    func publishCurrent(_ location: LocationSettings) {
        guard let state = states[location.id], let current = currentPayload(location, state: state, now: clock.now())
        else { return }
        retain(topics.current(location.id), current.utf8Bytes)
        if configuration.mqtt.flatTopics.current {
            for flat in FlatTopics.topics(topics, location: location.id, kind: .current, payload: current) {
                retain(flat.topic, Array(flat.text.utf8))
            }
        }
    }

    func publishStatuses() {
        let now = clock.now()
        for location in configuration.locations {
            guard let state = states[location.id] else { continue }
            let quota = quotaShown[location.id] ?? ledger.budget(at: now)
            quotaShown[location.id] = quota
            let payload = StatusPayload.status(
                location: location, state: state, budget: quota, limits: ledger.limits, now: now)
            retain(topics.status(location.id), payload.utf8Bytes)
        }
    }
}
