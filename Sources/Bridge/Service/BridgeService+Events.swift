import HomeAssistant
import MQTTClient

/// What the broker tells the bridge: connections, losses, Home Assistant's birth message,
/// and writes of other clients to the bridge's own topics.
extension BridgeService {
    func handle(_ event: MQTTEvent) {
        switch event {
        case .connected:
            lastConnectionFailure = nil
            let version = mqtt?.protocolVersion ?? .v5
            if version != connectOptions().protocolVersion, !everConnected {
                log.warning(ProtocolNotice.fellBack(messageExpiry: configuration.mqtt.messageExpiry))
            }
            everConnected = true
            log.info("connected to the MQTT broker; republishing \(publisher.retained.count) retained topics")
            send(publisher.connected(version: version, now: clock.now(), rebuild: rebuilt))
            clearRemovedLocations()
            // Home Assistant: its birth message, and our own old devices to clean up.
            let prefix = configuration.homeAssistant.prefix
            do {
                if configuration.homeAssistant.discovery {
                    try mqtt?.subscribe(Discovery.statusTopic(prefix: prefix), qos: 1)
                }
                try mqtt?.subscribe(Discovery.cleanupFilter(prefix: prefix), qos: 1)
                // Our own topics, to correct what another client writes there (`OwnEchoes`).
                try mqtt?.subscribe(OwnTopics.filter(base: topics.base), qos: 1, noLocal: true)
            } catch {
                log.warning("subscribe failed: \(error.description)")
            }
            subscribeStations()
        case .connectionFailed(let error, let retryIn):
            publisher.disconnected(version: mqtt?.protocolVersion)
            lastConnectionFailure = error
            log.warning("MQTT connection failed: \(error.description); \(Self.retryWording(retryIn))")
        case .disconnected(let reason):
            publisher.disconnected(version: mqtt?.protocolVersion)
            if let reason { log.warning("MQTT connection lost: \(reason); reconnecting") }
        case .message(let message):
            handle(message)
        }
    }

    /// "retrying in 4 s", "retrying in 0.25 s": the wait the MQTT client announced and sleeps.
    static func retryWording(_ delay: Duration?) -> String {
        guard let (seconds, attoseconds) = delay?.components else { return "not retrying" }
        if attoseconds == 0 { return "retrying in \(seconds) s" }
        return "retrying in \(Double(seconds) + Double(attoseconds) * 1e-18) s"
    }

    /// Home Assistant's birth message and retained discovery configs of removed locations.
    func handle(_ message: MQTTMessage) {
        let prefix = configuration.homeAssistant.prefix
        if OwnTopics.isOwn(message.topic, base: topics.base) {
            if let correction = publisher.received(message, rebuild: rebuilt) { correct(correction) }
            return
        }
        if receiveStationMessage(message) { return }
        if message.topic == Discovery.statusTopic(prefix: prefix) {
            guard configuration.homeAssistant.discovery, Discovery.isBirth(message.payload) else { return }
            // Births that arrive while a resend waits are covered by it.
            guard births.birth() else { return }
            let delay = Discovery.birthDelay(random: Double.random(in: 0..<1))
            log.info("Home Assistant is online; resending discovery")
            Task { [weak self] in
                try? await Task.sleep(for: delay)
                await self?.resendCoalescedDiscovery()
            }
            return
        }
        guard message.retain, !message.payload.isEmpty else { return }
        if Discovery.shouldRemove(
            topic: message.topic, payload: message.payload, configuredLocations: announcedLocations, prefix: prefix,
            baseTopic: configuration.mqtt.baseTopic)
        {
            let location = Discovery.ownedLocation(topic: message.topic, prefix: prefix)
            // Cleared on connecting already; this is the retained copy the broker still had.
            if let location, devicesCleared.contains(location) { return }
            log.info(
                "removing the Home Assistant device of a location no longer configured", ["mqtt.topic": message.topic])
            send(publisher.message(message.topic, []))
            if let location {
                devicesCleared.insert(location)
                clearTopicsAfterDiscovery(of: location)
            }
        }
    }

    /// Discovery configs for every location (retained, so they go out again on every reconnect).
    /// Before the first connection nothing is sent, so each config is only reserved: the
    /// connection builds and sends it (once, not also here to be thrown away).
    func announceDevices() {
        guard configuration.homeAssistant.discovery else { return }
        let now = clock.now()
        for location in configuration.locations {
            let topic = Discovery.configTopic(prefix: configuration.homeAssistant.prefix, location: location.id)
            send(publisher.announce(topic, now: now) { discoveryPayload(location) })
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
