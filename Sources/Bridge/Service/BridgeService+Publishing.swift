import Configuration
import FoundationEssentials
import MQTTClient
import WeatherModel
import WireContract

/// Publishing: every retained topic goes through `retain`, which keeps it for republishing and
/// leaves out what the broker already holds.
extension BridgeService {
    /// Keeps `payload` as the retained value of `topic` and publishes it when connected, unless
    /// the broker holds it already (and it is not about to expire). An empty payload clears the
    /// topic (and forgets it).
    func retain(_ topic: String, _ payload: [UInt8]) {
        if retained.update(topic, payload, now: clock.now(), expiry: expiry(of: topic).map(Double.init)) {
            send(topic, payload, retain: true)
        }
    }

    /// The MQTT 5 message expiry of a retained reading, seconds; `nil` for no expiry.
    func expiry(of topic: String) -> UInt32? {
        let settings = configuration.mqtt
        guard settings.protocolVersion == .v5, settings.messageExpiry > 0 else { return nil }
        switch topics.parse(topic) {
        case .location(_, .status), .bridgeState, .bridgeInfo, .alertEvent, nil: return nil
        case .location, .currentField: return UInt32(settings.messageExpiry)
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
        } catch {
            log.warning("publish failed: \(error.description)", ["mqtt.topic": topic])
        }
    }

    func publishReadings(_ location: LocationSettings) {
        guard let state = states[location.id],
            let payloads = refresher.payloads(for: location, state: state, now: clock.now())
        else { return }
        retain(topics.current(location.id), payloads.current.utf8Bytes)
        retain(topics.hourly(location.id), payloads.hourly.utf8Bytes)
        retain(topics.daily(location.id), payloads.daily.utf8Bytes)
        retain(topics.alerts(location.id), alertsPayload(location, state: state, fallback: payloads.alerts).utf8Bytes)
        publishNowcastAndOutlook(location, state: state)
        if configuration.mqtt.flatTopics {
            for (field, value) in StatusPayload.flatFields(payloads.current) {
                retain(topics.currentField(location.id, field), Array((value ?? "").utf8))
            }
        }
    }

    func publishStatuses() {
        let now = clock.now()
        for location in configuration.locations {
            guard let state = states[location.id] else { continue }
            let quota = quotaShown[location.id] ?? budget
            quotaShown[location.id] = quota
            let payload = StatusPayload.status(
                location: location, state: state, budget: quota, configuration: configuration, now: now)
            retain(topics.status(location.id), payload.utf8Bytes)
        }
    }
}
