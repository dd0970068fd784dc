import Configuration
import FoundationEssentials
import MQTTClient
import WeatherModel
import WireContract

/// One message for the broker, as `Publisher` decides it; `BridgeService` sends it.
struct Publish: Equatable, Sendable {
    var topic: String
    var payload: [UInt8]
    /// The retain flag as sent (`mqtt.retain: false` sends none).
    var retain: Bool
    /// The MQTT 5 message expiry, seconds; nil for none.
    var expiry: UInt32?
}

/// The bridge's one publisher: every retained topic it holds (`RetainedTopics`), the expiry of
/// each kind of topic, its own messages coming back (`OwnEchoes`), and the messages each change
/// makes. A plain value kept by `BridgeService`, which sends what it returns and says which
/// went out (`sent`); while not connected it returns nothing to send (a connection sends
/// everything held). A topic held as a hash is built again through `rebuild(topic, builtAt)`.
struct Publisher {
    let topics: TopicNames
    let settings: MQTTSettings
    /// The flat and slot topics beside the JSON payloads.
    let plan: FlatTopicPlan
    /// When each location's hourly, daily, flat entries and slots move next (the next hour
    /// boundary in its zone), for the locations that publish slots or flat entries.
    private(set) var boundaries: [String: Date] = [:]
    private(set) var retained = RetainedTopics()
    private(set) var echoes = OwnEchoes()
    private(set) var connected = false
    /// The connection speaks MQTT 3.1.1 (after a fallback): no message expiry.
    private var speaksV311 = false

    init(settings: MQTTSettings, plan: FlatTopicPlan? = nil) {
        self.settings = settings
        topics = TopicNames(base: settings.baseTopic)
        self.plan = plan ?? FlatTopicPlan(configuration: BridgeConfiguration(mqtt: settings, locations: []))
    }

    // MARK: - Expiry

    /// The MQTT 5 message expiry of a retained topic, seconds; nil for none (the status and
    /// bridge topics, events, what is not ours; every topic on MQTT 3.1.1).
    func expiry(of topic: String) -> UInt32? {
        guard settings.protocolVersion == .v5, settings.messageExpiry > 0, !speaksV311 else { return nil }
        switch topics.parse(topic) {
        case .location(_, .status), .bridgeState, .bridgeInfo, .alertEvent, .station(_, .status), .display,
            .displayImage, nil:
            return nil
        case .station, .location, .field, .slot: return UInt32(settings.messageExpiry)
        }
    }

    // MARK: - Holding and sending

    /// The message for `payload` on `topic` when connected (not held: events, clearing what is
    /// not held, resending).
    func message(_ topic: String, _ payload: [UInt8], retain: Bool = true) -> Publish? {
        guard connected else { return nil }
        return Publish(
            topic: topic, payload: payload, retain: retain && settings.retain,
            expiry: payload.isEmpty ? nil : expiry(of: topic))
    }

    /// Keeps `payload` as the retained value of `topic`; the message to send when it is new or
    /// changed (or half its expiry has passed) and connected. An empty payload clears the topic
    /// (and forgets it). With `rebuildable` only the payload's hash is kept.
    mutating func retain(_ topic: String, _ payload: [UInt8], rebuildable: Bool = false, now: Date) -> Publish? {
        let changed = retained.update(
            topic, payload, now: now, expiry: expiry(of: topic).map(Double.init), rebuildable: rebuildable)
        return changed ? message(topic, payload) : nil
    }

    /// A rebuildable topic announced: held unbuilt before the first connection (the connection
    /// builds and sends it), else built now and kept like any other.
    mutating func announce(_ topic: String, now: Date, build: () -> [UInt8]) -> Publish? {
        guard connected else {
            retained.reserve(topic, now: now)
            return nil
        }
        return retain(topic, build(), rebuildable: true, now: now)
    }

    /// The messages of a location's payloads of `kinds` (those it has), each held and built once:
    /// the JSON, its flat topics (`FlatTopicPlan`), and with `hourly` or `daily` the slots.
    mutating func location(_ id: String, _ payloads: LocationPayloads, kinds: [LocationTopic]) -> [Publish] {
        var messages: [Publish] = []
        var built: [LocationTopic: JSONValue] = [:]
        func hold(_ topic: String, _ bytes: [UInt8], rebuildable: Bool = false) {
            if let message = retain(topic, bytes, rebuildable: rebuildable, now: payloads.now) {
                messages.append(message)
            }
        }
        for kind in kinds {
            guard let payload = payloads.payload(kind) else { continue }
            built[kind] = payload
            hold(topics.name(.location(id, kind)), payload.utf8Bytes, rebuildable: LocationPayloads.rebuildable(kind))
            let flat = plan.flatTopics(id, kind, payload)
            for entry in flat { hold(entry.topic, Array(entry.text.utf8)) }
            // Entries the payload no longer has (a forecast shorter than before): cleared.
            if let first = plan.missingEntry(id, kind, payload) {
                let gone = retained.order.filter {
                    if case .field(id, kind, let entry?, _) = topics.parse($0) { entry >= first } else { false }
                }
                for topic in gone { hold(topic, []) }
            }
        }
        if plan.moves, kinds.contains(.hourly) || kinds.contains(.daily) {
            let zone = payloads.builder.zone
            if !plan.slots.isEmpty {
                let hourly = built[.hourly] ?? payloads.payload(.hourly)
                let daily = built[.daily] ?? payloads.payload(.daily)
                for slot in plan.slotTopics(id, hourly: hourly, daily: daily, now: payloads.now, zone: zone) {
                    hold(slot.topic, Array(slot.text.utf8))
                }
            }
            boundaries[id] = ForecastSlots.nextHour(after: payloads.now, zone: zone)
        }
        return messages
    }

    /// The locations whose slots and flat entries move at or before `now`: the service publishes
    /// their `hourly` and `daily` again (`location(_:_:kinds:)`), which sets the next boundary.
    func boundariesDue(at now: Date) -> [String] {
        boundaries.filter { $0.value <= now }.map(\.key).sorted()
    }

    /// A retained flat or slot topic of ours the plan no longer wants (a kind turned off, fewer
    /// entries or slots, a location removed), shown by the broker: the message that clears it.
    func unwanted(_ incoming: MQTTMessage) -> Publish? {
        guard incoming.retain, retained.payload(incoming.topic) == nil,
            plan.clears(incoming.topic, payload: incoming.payload)
        else { return nil }
        return message(incoming.topic, [])
    }

    /// The payload held for `topic`: its kept bytes, or built again as of the instant it was
    /// built for; nil for a topic not held.
    func held(_ topic: String, rebuild: (String, Date) -> [UInt8]?) -> [UInt8]? {
        if let bytes = retained.payload(topic) { return bytes }
        guard let builtAt = retained.rebuildInstant(topic) else { return nil }
        return rebuild(topic, builtAt)
    }

    /// `message` went out.
    mutating func sent(_ message: Publish) {
        echoes.sent(message.topic, message.payload)
    }

    // MARK: - The connection

    /// The last will's topic and payload (`offline` on `bridge/state`), also sent at shutdown.
    var will: (topic: String, payload: [UInt8]) { (topics.bridgeState, Array("offline".utf8)) }

    /// A (re)connection on `version`: `online`, then every held topic again, in the order held.
    mutating func connected(version: MQTTProtocolVersion, now: Date, rebuild: (String, Date) -> [UInt8]?)
        -> [Publish]
    {
        connected = true
        speaksV311 = version == .v311
        echoes.connected(tracking: speaksV311, will: will)
        var messages = [message(topics.bridgeState, Array("online".utf8))].compactMap(\.self)
        for topic in retained.order {
            guard let payload = held(topic, rebuild: rebuild), let message = message(topic, payload) else { continue }
            messages.append(message)
            retained.settle(topic, payload)
        }
        retained.markAllSent(at: now)
        return messages
    }

    /// The connection is gone (or the bridge is stopping); `version`: what the client speaks
    /// now (a fallback changes it).
    mutating func disconnected(version: MQTTProtocolVersion? = nil) {
        connected = false
        if let version { speaksV311 = version == .v311 }
    }

    // MARK: - Writes of other clients

    /// A correction of a write to one of the bridge's own topics.
    struct Correction: Equatable {
        var message: Publish
        /// Another client, surely; else the bridge's last will (or a copy) on MQTT 3.1.1.
        var surelyForeign: Bool
    }

    /// A message that arrived on one of the bridge's own topics: the bridge's own coming back
    /// or a retained copy need nothing; another client's write is corrected (`OwnTopics`):
    /// `bridge/state` back to `online`, a held topic whose copy differs gets the bridge's again.
    /// Topics not held are left alone.
    mutating func received(_ incoming: MQTTMessage, rebuild: (String, Date) -> [UInt8]?) -> Correction? {
        let origin = echoes.origin(topic: incoming.topic, payload: incoming.payload, retained: incoming.retain)
        guard origin != .ownOrStored, connected else { return nil }
        let expected: [UInt8]?
        if incoming.topic == topics.bridgeState {
            expected = Array("online".utf8)
        } else if retained.holds(incoming.topic, incoming.payload) {
            expected = nil
        } else {
            expected = held(incoming.topic, rebuild: rebuild)
        }
        guard let expected, OwnTopics.needsCorrection(received: incoming.payload, held: expected),
            let message = message(incoming.topic, expected)
        else { return nil }
        return Correction(message: message, surelyForeign: origin == .foreign)
    }
}
