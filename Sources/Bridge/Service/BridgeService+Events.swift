import HomeAssistant
import MQTTClient
import WeatherModel
import WireContract

/// What the broker tells the bridge: connections, losses, Home Assistant's birth message,
/// and writes of other clients to the bridge's own topics.
extension BridgeService {
    func handle(_ event: MQTTEvent) {
        switch event {
        case .connected:
            let version = mqtt?.protocolVersion ?? .v5
            if let line = link.connected(version: version) { log.write(line) }
            log.info("connected to the MQTT broker; republishing \(publisher.retained.count) retained topics")
            send(publisher.connected(version: version, now: clock.now(), rebuild: rebuilt))
            clearRemovedLocations()
            for subscription in inbound.subscriptions {
                do {
                    try mqtt?.subscribe(subscription.filter, qos: subscription.qos, noLocal: subscription.noLocal)
                } catch {
                    log.warning("subscribe failed: \(error.description)", ["mqtt.topic": subscription.filter])
                }
            }
        case .connectionFailed(let error, let retryIn):
            publisher.disconnected(version: mqtt?.protocolVersion)
            log.write(link.failed(error, retryIn: retryIn))
        case .disconnected(let reason):
            publisher.disconnected(version: mqtt?.protocolVersion)
            if let line = link.lost(reason: reason) { log.write(line) }
        case .message(let message):
            handle(message)
        }
    }

    /// A message from the broker, where `InboundRouter` sends it.
    func handle(_ message: MQTTMessage) {
        switch inbound.route(message) {
        case .own:
            if let clear = publisher.unwanted(message) {
                log.debug(
                    "clearing a flat or slot topic the configuration no longer publishes", ["mqtt.topic": clear.topic])
                send(clear)
            } else if let correction = publisher.received(message, rebuild: rebuilt) {
                correct(correction)
            }
        case .stations(let ids):
            let push = FeedPush(origin: message.topic, payload: message.payload, receivedAt: clock.now())
            deliver(push, to: ids, input: "mqtt \(message.topic)")
        case .birth:
            // Births that arrive while a resend waits are covered by it.
            guard births.birth() else { return }
            let delay = Discovery.birthDelay(random: Double.random(in: 0..<1))
            log.info("Home Assistant is online; resending discovery")
            Task { [weak self] in
                try? await Task.sleep(for: delay)
                await self?.resendCoalescedDiscovery()
            }
        case .removeLocationDevice(let clearing):
            log.info(
                "removing the Home Assistant device of a location no longer configured", ["mqtt.topic": message.topic])
            send(publisher.message(message.topic, []))
            if let clearing { clearTopicsAfterDiscovery(of: clearing) }
        case .removeStationDevice(let id, let clearTopics):
            log.info(
                "removing the Home Assistant device of a station no longer configured", ["mqtt.topic": message.topic])
            send(publisher.message(message.topic, []))
            guard clearTopics else { return }
            for kind in StationTopic.allCases { send(publisher.message(topics.station(id, kind), [])) }
        case .ignore:
            return
        }
    }

    /// Discovery configs for every location (retained, so they go out again on every reconnect).
    /// Before the first connection nothing is sent, so each config is only reserved: the
    /// connection builds and sends it (once, not also here to be thrown away).
    func announceDevices() {
        guard configuration.homeAssistant.discovery else { return }
        if devices.changed, StateFiles.write(locations.store.discoveryPath, devices.json.utf8Bytes) { devices.saved() }
        let now = clock.now()
        for location in configuration.locations {
            let topic = Discovery.configTopic(prefix: configuration.homeAssistant.prefix, location: location.id)
            send(publisher.announce(topic, now: now) { devices.payload(location) })
        }
    }

    /// The resend a burst of birth messages scheduled.
    func resendCoalescedDiscovery() {
        let covered = births.resent()
        if covered > 0 { log.info("one discovery resend covered \(covered + 1) Home Assistant birth messages") }
        resendDiscovery()
    }

    /// Another client wrote to one of our topics (`Publisher.received`): says so and sends the
    /// bridge's value again.
    func correct(_ correction: Publisher.Correction) {
        let message = correction.message
        if correction.surelyForeign {
            log.warning(
                "another client wrote to one of the bridge's topics; restoring the bridge's value",
                ["mqtt.topic": message.topic])
        } else {
            log.info(
                "the bridge's last will (or a copy) arrived while connected; restoring 'online'",
                ["mqtt.topic": message.topic])
        }
        send(message)
    }

    /// Sends every discovery config again, changed or not (Home Assistant restarted).
    func resendDiscovery() {
        guard configuration.homeAssistant.discovery else { return }
        for location in configuration.locations {
            let topic = Discovery.configTopic(prefix: configuration.homeAssistant.prefix, location: location.id)
            if let payload = publisher.held(topic, rebuild: rebuilt) { send(publisher.message(topic, payload)) }
        }
    }
}
