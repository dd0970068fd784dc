/// One of the topics of SPEC §3, without its base.
public enum Topic: Hashable, Sendable {
    /// `<base>/bridge/state`: `online` / `offline`.
    case bridgeState
    /// `<base>/bridge/info`.
    case bridgeInfo
    /// `<base>/<loc>/<kind>`: a location's payload.
    case location(String, LocationTopic)
    /// One value of a location's payload as plain text (`flat_topics`, `FlatTopics`):
    /// `<base>/<loc>/<kind>/<field>` for `current`, `outlook`, `nowcast` and `air_quality`,
    /// `<base>/<loc>/<kind>/<entry>/<field>` for `hourly` and `daily` (entry from 0).
    case field(String, LocationTopic, entry: Int?, String)
    /// `<base>/<loc>/slots/<key>`: one forecast slot's plain value (`ForecastSlots`, SPEC §6).
    case slot(String, String)
    /// `<base>/<loc>/alerts/event`: a warning appeared, changed or ended (not retained).
    case alertEvent(String)
    /// `<base>/stations/<id>/<kind>`: one of the user's weather stations (SPEC §3).
    case station(String, StationTopic)
    /// `<base>/displays/<id>/state`: a network display's health, published by `weatherview serve`
    /// (SPEC §8).
    case display(String)
    /// `<base>/displays/<id>/image`: a frame `weatherview serve` publishes as a PNG for Home
    /// Assistant's image entity (`displays.images`, SPEC §8).
    case displayImage(String)

    /// The location the topic belongs to, if any.
    public var location: String? {
        switch self {
        case .bridgeState, .bridgeInfo, .station, .display, .displayImage: nil
        case .location(let id, _), .field(let id, _, _, _), .slot(let id, _), .alertEvent(let id): id
        }
    }

    /// `<base>/<loc>/current/<field>`.
    public static func currentField(_ location: String, _ field: String) -> Topic {
        .field(location, .current, entry: nil, field)
    }
}

/// The JSON payloads every location has, below `<base>/<loc>/`.
public enum LocationTopic: String, Sendable, CaseIterable {
    case current, hourly, daily, alerts, status
    /// Precipitation for the next two hours (SPEC §4 `nowcast`).
    case nowcast
    /// Derived values: tonight's low, today's and tomorrow's rain, the next 24 h (SPEC §4 `outlook`).
    case outlook
    /// Air quality and pollen, only for locations with `air_quality: true` (SPEC §4 `air_quality`).
    case airQuality = "air_quality"

    /// The payloads every bridge version publishes for every location: what a reader may wait for.
    public static let core: [LocationTopic] = [.current, .hourly, .daily, .alerts, .status]

    /// The payloads whose fields get one flat topic each, `<base>/<loc>/<kind>/<field>`.
    public static let flatFields: [LocationTopic] = [.current, .outlook, .nowcast, .airQuality]

    /// The payloads whose entries get flat topics, `<base>/<loc>/<kind>/<entry>/<field>`.
    public static let flatEntries: [LocationTopic] = [.hourly, .daily]
}

/// The payloads of a configured station, below `<base>/stations/<id>/`.
public enum StationTopic: String, Sendable, CaseIterable {
    /// Every normalised field with its age, batteries, signal, rejected values.
    case state
    /// `fresh` · `partial` · `silent` · `never`, last seen, counts.
    case status
}

/// Topic names below one base topic: built and parsed in one place, by the bridge that
/// publishes them and by every subscriber that reads them.
public struct TopicNames: Sendable, Equatable {
    /// `mqtt.base_topic`, without a trailing `/`.
    public var base: String

    public init(base: String) { self.base = base }

    /// The full topic name.
    public func name(_ topic: Topic) -> String {
        switch topic {
        case .bridgeState: base + "/bridge/state"
        case .bridgeInfo: base + "/bridge/info"
        case .location(let id, let kind): base + "/" + id + "/" + kind.rawValue
        case .field(let id, let kind, nil, let field): base + "/" + id + "/" + kind.rawValue + "/" + field
        case .field(let id, let kind, let entry?, let field):
            base + "/" + id + "/" + kind.rawValue + "/" + String(entry) + "/" + field
        case .slot(let id, let key): base + "/" + id + "/slots/" + key
        case .alertEvent(let id): base + "/" + id + "/alerts/event"
        case .station(let id, let kind): base + "/stations/" + id + "/" + kind.rawValue
        case .display(let id): base + "/displays/" + id + "/state"
        case .displayImage(let id): base + "/displays/" + id + "/image"
        }
    }

    /// The topic a full name stands for, or nil when it is not one of ours (another base, an
    /// unknown suffix, a segment that is not a location id).
    public func parse(_ name: String) -> Topic? {
        guard name.hasPrefix(base + "/") else { return nil }
        let parts = name.dropFirst(base.count + 1).split(separator: "/", omittingEmptySubsequences: false)
        switch parts.count {
        case 2 where parts[0] == "bridge":
            switch parts[1] {
            case "state": return .bridgeState
            case "info": return .bridgeInfo
            default: return nil
            }
        case 2:
            let id = String(parts[0])
            guard LocationID.isValid(id), let kind = LocationTopic(rawValue: String(parts[1])) else { return nil }
            return .location(id, kind)
        case 3 where parts[1] == "alerts" && parts[2] == "event":
            let id = String(parts[0])
            return LocationID.isValid(id) ? .alertEvent(id) : nil
        case 3 where parts[0] == "stations" && parts[1] != "current":
            let id = String(parts[1])
            guard LocationID.isValid(id), let kind = StationTopic(rawValue: String(parts[2])) else { return nil }
            return .station(id, kind)
        case 3 where parts[0] == "displays" && parts[1] != "current" && (parts[2] == "state" || parts[2] == "image"):
            let id = String(parts[1])
            guard LocationID.isValid(id) else { return nil }
            return parts[2] == "state" ? .display(id) : .displayImage(id)
        case 3 where parts[1] == "current",
            3 where parts[0] != "stations" && parts[0] != "displays":
            let id = String(parts[0])
            guard LocationID.isValid(id), !parts[2].isEmpty else { return nil }
            if parts[1] == "slots" { return .slot(id, String(parts[2])) }
            guard let kind = LocationTopic(rawValue: String(parts[1])), LocationTopic.flatFields.contains(kind)
            else { return nil }
            return .field(id, kind, entry: nil, String(parts[2]))
        case 4:
            let id = String(parts[0])
            guard LocationID.isValid(id), let kind = LocationTopic(rawValue: String(parts[1])),
                LocationTopic.flatEntries.contains(kind), let entry = Int(parts[2]), entry >= 0,
                String(entry) == parts[2], !parts[3].isEmpty
            else { return nil }
            return .field(id, kind, entry: entry, String(parts[3]))
        default:
            return nil
        }
    }

    /// A subscription filter for one payload of every location: `<base>/+/<kind>`.
    public func everyLocation(_ kind: LocationTopic) -> String { base + "/+/" + kind.rawValue }

    /// A subscription filter for one payload of every station: `<base>/stations/+/<kind>`.
    public func everyStation(_ kind: StationTopic) -> String { name(.station("+", kind)) }

    /// A subscription filter for every display's health: `<base>/displays/+/state`.
    public var everyDisplay: String { name(.display("+")) }

    /// A subscription filter for every location's warning events: `<base>/+/alerts/event`.
    public var everyAlertEvent: String { base + "/+/alerts/event" }

    // Shorthands for the bridge's publishing code.
    public var bridgeState: String { name(.bridgeState) }
    public var bridgeInfo: String { name(.bridgeInfo) }
    public func current(_ location: String) -> String { name(.location(location, .current)) }
    public func hourly(_ location: String) -> String { name(.location(location, .hourly)) }
    public func daily(_ location: String) -> String { name(.location(location, .daily)) }
    public func alerts(_ location: String) -> String { name(.location(location, .alerts)) }
    public func status(_ location: String) -> String { name(.location(location, .status)) }
    public func nowcast(_ location: String) -> String { name(.location(location, .nowcast)) }
    public func outlook(_ location: String) -> String { name(.location(location, .outlook)) }
    public func airQuality(_ location: String) -> String { name(.location(location, .airQuality)) }
    public func alertEvent(_ location: String) -> String { name(.alertEvent(location)) }
    public func station(_ id: String, _ kind: StationTopic) -> String { name(.station(id, kind)) }
    public func display(_ id: String) -> String { name(.display(id)) }
    public func displayImage(_ id: String) -> String { name(.displayImage(id)) }
    public func currentField(_ location: String, _ field: String) -> String {
        name(.currentField(location, field))
    }
}
