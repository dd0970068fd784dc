import ConfigurationCore
import FoundationEssentials
import HomeAssistantCore
import WeatherModel
import WireContract

/// One retained message `serve` publishes (QoS 1).
struct Publication: Sendable, Equatable {
    var topic: String
    var payload: [UInt8]
}

/// Which displays' health `serve` publishes, and when: pure decisions, kept per display.
///
/// - The state (`<base>/displays/<id>/state`) on a display's first contact; then whenever
///   something but the drifting readings changed (firmware, model, size, the frame it was
///   sent: ``DisplayHealth/differsInKind(from:)``); else at most once a minute
///   (``stateInterval``), so a display that polls in a loop costs one message a minute and
///   `last_contact` is never more than a minute behind.
/// - Home Assistant discovery (when `homeassistant.discovery` is on) whenever the display's
///   discovery payload differs from the one last announced: on its first contact, and when its
///   firmware, model or expiry changes.
/// - Both again on each display's first contact after a reconnect (``reconnected()``); every
///   discovery again when Home Assistant's birth message arrives (``discoveryAgain()``).
struct HealthLedger: Sendable {
    /// The least time between two states of a display that differ only in their readings.
    static let stateInterval: TimeInterval = 60

    var topics: TopicNames
    /// `nil` with discovery off.
    var homeAssistant: HomeAssistantSettings?
    private var published: [String: DisplayHealth] = [:]
    private var announced: [String: JSONValue] = [:]

    init(topics: TopicNames, homeAssistant: HomeAssistantSettings?) {
        self.topics = topics
        self.homeAssistant = homeAssistant?.discovery == true ? homeAssistant : nil
    }

    /// The messages to publish for a contact that found the display as `health`, under its
    /// `settings`.
    mutating func contact(_ health: DisplayHealth, settings: DisplaySettings) -> [Publication] {
        var messages: [Publication] = []
        if let homeAssistant {
            let discovery = DisplayDiscovery.payload(
                for: health, baseTopic: topics.base, expireAfter: Self.expireAfter(settings))
            if announced[health.id] != discovery {
                announced[health.id] = discovery
                messages.append(
                    Publication(
                        topic: DisplayDiscovery.configTopic(prefix: homeAssistant.prefix, display: health.id),
                        payload: Array(discovery.serialized().utf8)))
            }
        }
        let previous = published[health.id]
        if previous.map({
            health.differsInKind(from: $0)
                || health.lastContact.timeIntervalSince($0.lastContact) >= Self.stateInterval
        }) ?? true {
            published[health.id] = health
            messages.append(
                Publication(topic: topics.display(health.id), payload: Array(health.payload.serialized().utf8)))
        }
        return messages
    }

    /// Every display's discovery as last announced (Home Assistant restarted: its birth message
    /// asks for them all again).
    func discoveryAgain() -> [Publication] {
        guard let homeAssistant else { return [] }
        return announced.sorted { $0.key < $1.key }.map {
            Publication(
                topic: DisplayDiscovery.configTopic(prefix: homeAssistant.prefix, display: $0.key),
                payload: Array($0.value.serialized().utf8))
        }
    }

    /// Forgets what was published: after a reconnect the broker may have lost its retained
    /// messages (restarted without persistence), so each display's next contact sends its
    /// discovery and state again.
    mutating func reconnected() {
        published = [:]
        announced = [:]
    }

    /// Seconds without a contact after which the display's battery and signal are unavailable:
    /// three times its longest refresh, plus its quiet hours (when it sleeps through).
    static func expireAfter(_ settings: DisplaySettings) -> Int {
        let quiet = settings.quietHours.map { ($0.end - $0.start + 1440) % 1440 * 60 } ?? 0
        return 3 * settings.refreshMax + quiet
    }
}
