import WeatherModel
import WireContract

/// The retained payloads of one of the user's stations, `<base>/stations/<id>/status` and
/// `<base>/stations/<id>/state` (SPEC §3), as `weatherview get station:<id> PATH` reads them.
public struct StationPayloads: Sendable, Equatable {
    /// The station id of the topics (`roof` in `weather/stations/roof/status`).
    public var station: String
    /// The payloads that arrived, by kind.
    public var payloads: [StationTopic: TopicPayload] = [:]

    /// Decodes raw message payloads (keyed by topic) of `station` below `base`, refusing
    /// oversized, non-UTF-8, too deeply nested or non-object payloads.
    public init(
        base: String, station: String, messages: [String: [UInt8]], decoder: PayloadDecoder = PayloadDecoder()
    ) throws(PayloadError) {
        self.station = station
        for kind in StationTopic.allCases {
            let topic = TopicNames(base: base).station(station, kind)
            guard let bytes = messages[topic] else { continue }
            payloads[kind] = TopicPayload(topic: topic, json: try decoder.object(topic: topic, bytes: bytes))
        }
    }

    public subscript(kind: StationTopic) -> TopicPayload? { payloads[kind] }

    /// The station's status, after checking every payload that is there against its schema
    /// (`docs/schema/station-status.json`, `station-state.json`) and that it names this station.
    /// `nil` without a status.
    public func checked() throws(PayloadError) -> StationReport? {
        if let state = payloads[.state] { try Self.checkState(state, station: station) }
        guard let status = payloads[.status] else { return nil }
        let report = try StationReport(status)
        guard report.station == station else {
            throw PayloadError(
                topic: status.topic, problem: "status.station: '\(report.station.prefix(40))' is another station")
        }
        return report
    }

    /// A `state` payload: `{station, units, fields: {<field>: {value, age}}, rain_today,
    /// batteries, signal, rejected: {<field>: {value, rule, detail, at}}}`.
    static func checkState(_ payload: TopicPayload, station: String) throws(PayloadError) {
        let reader = try FieldReader(topic: payload.topic, path: "state", value: payload.json)
        let named = try reader.requiredString("station")
        guard named == station else { throw reader.fail("station", "'\(named.prefix(40))' is another station") }
        guard try reader.reader("units") != nil else { throw reader.fail("units", "missing") }
        let ages = 0...Double.greatestFiniteMagnitude
        for field in try members(of: reader, "fields") {
            guard try field.number("value") != nil else { throw field.fail("value", "missing") }
            guard try field.number("age", in: ages) != nil else { throw field.fail("age", "missing") }
        }
        _ = try reader.number("rain_today", in: ages)
        if let batteries = try reader.reader("batteries") {
            for name in batteries.object.keys { _ = try batteries.number(name) }
        }
        _ = try reader.number("signal")
        for rejected in try members(of: reader, "rejected") {
            _ = try rejected.number("value")
            _ = try rejected.requiredString("rule")
            guard try rejected.date("at") != nil else { throw rejected.fail("at", "missing") }
        }
    }

    /// Every member of the object `key` (a map of field name to object), each as a reader.
    private static func members(of reader: FieldReader, _ key: String) throws(PayloadError) -> [FieldReader] {
        guard let map = try reader.reader(key) else { return [] }
        var members: [FieldReader] = []
        for name in map.object.keys {
            guard let member = try map.reader(name) else { throw map.fail(name, "expected an object, got null") }
            members.append(member)
        }
        return members
    }
}
