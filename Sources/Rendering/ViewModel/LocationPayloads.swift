import WeatherModel
import WireContract

/// One parsed payload and the topic it arrived on.
public struct TopicPayload: Sendable, Equatable {
    public var topic: String
    public var json: JSONValue

    public init(topic: String, json: JSONValue) {
        self.topic = topic
        self.json = json
    }
}

/// Whatever has arrived for one location; any payload may be missing.
public struct LocationPayloads: Sendable, Equatable {
    /// The location id of the topics (`home` in `weather/home/current`).
    public var location: String
    public var current: TopicPayload?
    public var hourly: TopicPayload?
    public var daily: TopicPayload?
    public var alerts: TopicPayload?
    public var status: TopicPayload?
    public var nowcast: TopicPayload?
    public var outlook: TopicPayload?
    public var airQuality: TopicPayload?
    /// The status (`<base>/stations/<id>/status`) of each station that supplied a value of
    /// `current`, by station id; a station whose status has not arrived is missing.
    public var stations: [String: TopicPayload] = [:]

    public init(
        location: String, current: TopicPayload? = nil, hourly: TopicPayload? = nil, daily: TopicPayload? = nil,
        alerts: TopicPayload? = nil, status: TopicPayload? = nil
    ) {
        self.location = location
        self.current = current
        self.hourly = hourly
        self.daily = daily
        self.alerts = alerts
        self.status = status
    }

    /// Decodes raw message payloads (keyed by topic) of `location` below `base`, refusing
    /// oversized, non-UTF-8, too deeply nested or non-object payloads.
    public init(
        base: String, location: String, messages: [String: [UInt8]], decoder: PayloadDecoder = PayloadDecoder()
    ) throws(PayloadError) {
        self.init(location: location)
        let names = TopicNames(base: base)
        for kind in LocationTopic.allCases {
            let topic = names.name(.location(location, kind))
            guard let bytes = messages[topic] else { continue }
            self[kind] = TopicPayload(topic: topic, json: try decoder.object(topic: topic, bytes: bytes))
        }
        for id in Self.stations(of: current?.json) {
            let topic = names.station(id, .status)
            guard let bytes = messages[topic] else { continue }
            stations[id] = TopicPayload(topic: topic, json: try decoder.object(topic: topic, bytes: bytes))
        }
    }

    public subscript(kind: LocationTopic) -> TopicPayload? {
        get {
            switch kind {
            case .current: current
            case .hourly: hourly
            case .daily: daily
            case .alerts: alerts
            case .status: status
            case .nowcast: nowcast
            case .outlook: outlook
            case .airQuality: airQuality
            }
        }
        set {
            switch kind {
            case .current: current = newValue
            case .hourly: hourly = newValue
            case .daily: daily = newValue
            case .alerts: alerts = newValue
            case .status: status = newValue
            case .nowcast: nowcast = newValue
            case .outlook: outlook = newValue
            case .airQuality: airQuality = newValue
            }
        }
    }

    /// Whether any weather (current, hourly or daily) is there, not only status or alerts.
    public var hasWeather: Bool { current != nil || hourly != nil || daily != nil }
}
