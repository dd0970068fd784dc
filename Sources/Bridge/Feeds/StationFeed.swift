import Configuration
import FoundationEssentials
import Stations
import WeatherModel

/// One configured station (`stations:`) as an input: what a message on its input does to the
/// station's state, and when the state next changes on its own (a field ages past `max_age`).
/// Pure, like every feed: the station runner (`StationRunner`) hands each message here, keeps
/// the state and says what to publish; the service receives (listener, subscription, poll) and
/// executes (`BridgeService+Stations.swift`).
///
/// A station feeds every location that names it, so its state is the station's, not a
/// location's: `apply` returns the station's new state, and the runner has the
/// `current` of each location that names it published again.
public struct StationFeed: Feed {
    public let settings: StationSettings

    public init(_ settings: StationSettings) { self.settings = settings }

    /// What one message did.
    public struct Update: Sendable {
        /// The station's state from now on (unchanged when the message was not taken).
        public var state: StationState
        /// Whether the message belonged to this station and was read.
        public var taken = false
        /// Why the message could not be read at all (garbage, another family), for a line once.
        public var problem: String?
        /// A sender on this input that is not this station (`match` refused it), masked.
        public var stranger: String?
    }

    /// `max_age`, seconds.
    public var maxAge: Double { Double(settings.maxAge) }

    /// How often a polled station is asked (the WLL allows every 10 s; its ISS sends every 2.5 s).
    public static let pollCadence = Cadence(seconds: 30)

    /// None of a provider's: a station is the user's own device, on the LAN.
    public func requestsPerDay(_ location: LocationSettings) -> [String: Int] { [:] }

    /// Whether a message on `topic` is this station's input (broker types only).
    public func reads(topic: String) -> Bool {
        guard settings.kind.transport == .broker else { return false }
        if let filter = settings.topic, TopicFilter.matches(filter, topic) { return true }
        return settings.fields.contains { field in field.topic.map { TopicFilter.matches($0, topic) } ?? false }
    }

    /// The topic filters to subscribe to on the bridge's broker (broker types only).
    public var subscriptions: [String] {
        guard settings.kind.transport == .broker else { return [] }
        var filters = settings.topic.map { [$0] } ?? []
        for field in settings.fields {
            if let topic = field.topic, !filters.contains(topic) { filters.append(topic) }
        }
        return filters
    }

    /// Whether an HTTP push to `path` is for this station (`path:`; a trailing `/` does not matter).
    public func takes(path: String) -> Bool {
        guard let wanted = settings.path else { return true }
        func trimmed(_ text: String) -> Substring {
            var text = Substring(text)
            while text.count > 1, text.hasSuffix("/") { text = text.dropLast() }
            return text
        }
        return trimmed(wanted) == trimmed(path)
    }

    /// A WeatherLink Live broadcasts its real-time UDP packets only for the `duration` (seconds)
    /// of the last `GET <url>/v1/real_time?duration=N`; the bridge asks for this long …
    public static let realTimeDuration = 1200
    /// … and asks again once this much of it has passed (seconds).
    public static let realTimeRenewal: Double = 900

    /// Where a `weatherlink-live` station with both `url` and `listen` is asked for its UDP
    /// broadcast; `nil` for every other station.
    public var realTimeURL: String? {
        guard let path = settings.kind.facts.broadcastRequestPath, settings.listen != nil, var base = settings.url
        else { return nil }
        while base.hasSuffix("/") { base.removeLast() }
        return base + path + "?duration=\(Self.realTimeDuration)"
    }

    /// Where a polled station is asked (its `url` and its kind's poll path); `nil` for the others.
    public var pollURL: String? {
        guard let path = settings.kind.facts.pollPath, var base = settings.url else { return nil }
        while base.hasSuffix("/") { base.removeLast() }
        return base + path
    }

    /// Whether the broadcast is to be asked for now, given when it last was.
    public static func realTimeDue(last: Date?, now: Date) -> Bool {
        guard let last else { return true }
        return now.timeIntervalSince(last) >= realTimeRenewal || now < last.addingTimeInterval(-realTimeRenewal)
    }

    /// Judges `push` (which arrived at `now`, by the bridge's clock: `push.receivedAt`) into
    /// `state`; `zone` is the time zone of the first location that names the station (rain today).
    public func apply(_ push: FeedPush, to state: StationState, for zone: ZoneInfo, now: Date) -> Update {
        var update = Update(state: state)
        let observations: [StationObservation]
        do {
            observations = try decode(push)
        } catch {
            update.problem = error.message
            return update
        }
        for observation in observations {
            guard settings.match.accepts(observation.identity) else {
                update.stranger = Self.describe(observation.identity)
                continue
            }
            update.state.apply(observation, at: now, elevation: settings.elevation, zone: zone)
            update.taken = true
        }
        return update
    }

    /// Whether a field (or the rain gauge) of `state` turned older than `max_age` after `last`
    /// and by `now`: then the station's status and its locations' `current` change without a
    /// message, and the service publishes them again (its station timer asks this).
    public func expires(_ state: StationState, after last: Date, upTo now: Date) -> Bool {
        let times = state.fields.values.map(\.time) + [state.rain.lastReport, state.lastSeen].compactMap { $0 }
        return times.contains { time in
            let end = time.addingTimeInterval(maxAge)
            return end >= last && end < now
        }
    }

    /// The observations in one message, by the station kind's decoder.
    func decode(_ push: FeedPush) throws(StationDecodeError) -> [StationObservation] {
        try settings.kind.facts.decode(
            StationMessage(
                origin: push.origin, payload: push.payload, fields: settings.fields, stationTopic: settings.topic))
    }

    /// A sender for a log line: its model, id, channel and serial, its key masked.
    static func describe(_ identity: StationIdentity) -> String {
        let parts = [
            identity.maskedKey.map { "key " + $0 }, identity.serial.map { "serial " + $0 },
            identity.model.map { "model " + $0 }, identity.id.map { "id " + $0 },
            identity.channel.map { "channel " + $0 },
        ]
        let given = parts.compactMap { $0 }
        return given.isEmpty ? "a sender without identity" : given.joined(separator: ", ")
    }
}
