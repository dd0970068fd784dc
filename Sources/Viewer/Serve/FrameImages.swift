import ConfigurationCore
import FoundationEssentials
import HomeAssistantCore
import WireContract

/// The frames `displays.images` names, published as PNG for Home Assistant's `image` entity
/// (SPEC §8): retained on `<base>/displays/<id>/image` whenever the frame's bytes differ from
/// those last published, its discovery (with `homeassistant.discovery` on) before its first
/// image. The bytes are those `/frames/<location>.png` answers for the same settings (one
/// ``FrameBook``). Decisions as values: ``due(_:now:)`` says what to publish and when to look
/// again; `serve`'s loop publishes.
struct FrameImages {
    struct Image: Sendable, Equatable {
        var id: String
        var spec: FrameSpec
    }

    let images: [Image]
    let topics: TopicNames
    /// `homeassistant.prefix`; `nil` with discovery off.
    let prefix: String?
    /// The hash last published per image.
    private var sent: [String: String] = [:]
    private var announced: Set<String> = []

    init(displays: DisplaysSettings, defaults: FrameSpec, topics: TopicNames, homeAssistant: HomeAssistantSettings) {
        images = displays.images.compactMap { settings in
            DisplaysSettings.imageID(settings).map {
                Image(id: $0, spec: TRMNLRefresh.spec(settings, head: nil, defaults: defaults))
            }
        }
        self.topics = topics
        prefix = homeAssistant.discovery ? homeAssistant.prefix : nil
    }

    var ids: [String] { images.map(\.id) }

    /// What to publish at `now`: each image whose frame changed (its discovery first, once); and
    /// when a frame next changes with the clock (`nil`: only new data changes them, or none has
    /// its data yet).
    mutating func due(_ book: FrameBook, now: Date) -> (messages: [Publication], next: Date?) {
        var messages: [Publication] = []
        var next: Date?
        for image in images {
            guard case .success(let frame) = book.frame(image.spec, now: now) else { continue }
            next = min(next ?? frame.nextChange, frame.nextChange)
            guard sent[image.id] != frame.hash else { continue }
            if let discovery = discovery(image), !announced.contains(image.id) {
                announced.insert(image.id)
                messages.append(discovery)
            }
            sent[image.id] = frame.hash
            messages.append(Publication(topic: topics.displayImage(image.id), payload: frame.bytes))
        }
        return (messages, next)
    }

    /// Every image's discovery (Home Assistant's birth message asks for them all again).
    func discoveryAgain() -> [Publication] { images.filter { announced.contains($0.id) }.compactMap(discovery) }

    /// After a reconnect (the broker may have lost its retained messages): everything again.
    mutating func reconnected() {
        sent = [:]
        announced = []
    }

    private func discovery(_ image: Image) -> Publication? {
        guard let prefix else { return nil }
        let spec = image.spec
        let shows = spec.overview ? "overview" : spec.location ?? "the first location"
        let model = "\(spec.width)x\(spec.height) \(spec.colors.rawValue), \(shows)"
        let payload = DisplayDiscovery.imagePayload(id: image.id, baseTopic: topics.base, model: model)
        return Publication(
            topic: DisplayDiscovery.configTopic(prefix: prefix, display: image.id),
            payload: Array(payload.serialized().utf8))
    }
}
