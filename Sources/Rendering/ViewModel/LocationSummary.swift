import FoundationEssentials
import WeatherModel
import WireContract

/// One line of `weatherview locations`: a location the bridge announces or publishes for,
/// its state and the age of its data.
public struct LocationSummary: Sendable, Equatable {
    public var id: String
    /// The display name from the envelope, when a reading arrived.
    public var name: String?
    /// `status.state` (`ok`, `stale`, `error`, `waiting`), when a status arrived.
    public var state: String?
    public var provider: String?
    /// Age of the data, when a reading arrived.
    public var freshness: Freshness?
    /// Listed in `<base>/bridge/info`.
    public var announced: Bool
    /// Why this location's payloads could not be read, if they could not.
    public var problem: PayloadError?

    /// Summaries for every location of `info` (`<base>/bridge/info`) and every location that
    /// has payloads, sorted by id. A broken payload marks its location instead of failing all.
    public static func list(
        info: TopicPayload?, payloads: [String: LocationPayloads], now: Date
    ) throws(PayloadError) -> [LocationSummary] {
        let announced = try info.map { (info) throws(PayloadError) in try BridgeInfo(info).locations } ?? []
        let ids = Set(announced).union(payloads.keys).sorted()
        return ids.map { id in
            var summary = LocationSummary(id: id, announced: announced.contains(id))
            guard let location = payloads[id] else { return summary }
            do throws(PayloadError) {
                let model = try WeatherViewModel(payloads: location, now: now)
                summary.state = model.status?.state.rawValue
                if location.hasWeather || location.alerts != nil {
                    summary.name = model.location.name
                    summary.provider = model.provider ?? model.status?.provider
                    summary.freshness = model.freshness
                } else {
                    summary.provider = model.status?.provider
                }
            } catch {
                summary.problem = error
            }
            return summary
        }
    }
}

/// The `<base>/bridge/info` payload: `{version, schema, started_at, locations, providers}`.
public struct BridgeInfo: Sendable, Equatable {
    public var version: String?
    public var schema: Int?
    public var locations: [String]
    public var providers: [String]

    public init(_ payload: TopicPayload) throws(PayloadError) {
        let reader = try FieldReader(topic: payload.topic, path: "info", value: payload.json)
        version = try reader.string("version")
        schema = try reader.number("schema", in: 0...1e6).map { Int($0) }
        locations = try Self.strings(reader, "locations")
        providers = try Self.strings(reader, "providers")
    }

    static func strings(_ reader: FieldReader, _ key: String) throws(PayloadError) -> [String] {
        var result: [String] = []
        for (index, item) in (try reader.array(key) ?? []).enumerated() {
            guard case .string(let text) = item else {
                throw reader.fail("\(key).\(index)", "expected a string, got \(item.typeName)")
            }
            result.append(text)
        }
        return result
    }
}
