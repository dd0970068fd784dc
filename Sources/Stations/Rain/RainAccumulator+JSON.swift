import FoundationEssentials
import WeatherModel

/// The accumulator as the JSON of its file in `state_dir` (`station-<id>-rain.json`), written
/// with the project's own JSON rather than `Codable`: Foundation's JSON coders had no other
/// user in the bridge, and their code, spread over the binary, was most of what a station
/// added to its resident memory (BENCHMARKS.md, issue 31). The layout is what the coders wrote
/// before (the stored names, absent keys for `nil`, times as seconds since 2001-01-01), so a
/// file from then still loads.
extension RainAccumulator {
    public var json: JSONValue {
        var object = JSONObject(capacity: 12)
        func add(_ key: String, _ value: JSONValue?) { if let value { object.appendUnchecked(key, value) } }
        add("day", day.map { .string($0) })
        add("total", .number(total))
        add("coversDay", .bool(coversDay))
        add("revision", .number(Double(revision)))
        add("gauge", gauge.map { .string($0) })
        add("kind", kind.map { .string($0.rawValue) })
        add("last", last.map { .number($0) })
        add("lastTime", lastTime.map(Self.time))
        add("lastDeviceTime", lastDeviceTime.map(Self.time))
        add("deviceMidnightMatches", .bool(deviceMidnightMatches))
        add("deviceResetDay", deviceResetDay.map { .string($0) })
        add("recent", .array(recent.map { ["time": Self.time($0.time), "millimetres": .number($0.millimetres)] }))
        return .object(object)
    }

    /// The accumulator a file holds; `nil` when a key is missing or of the wrong type.
    public init?(json: JSONValue) {
        guard let total = json["total"]?.double, let coversDay = json["coversDay"]?.bool,
            let revision = json["revision"]?.int, let matches = json["deviceMidnightMatches"]?.bool,
            let recent = json["recent"]?.array
        else { return nil }
        self.init()
        self.total = total
        self.coversDay = coversDay
        self.revision = revision
        deviceMidnightMatches = matches
        do {
            day = try Self.optional(json["day"]) { $0.string }
            gauge = try Self.optional(json["gauge"]) { $0.string }
            kind = try Self.optional(json["kind"]) { $0.string.flatMap(RainReport.Kind.init(rawValue:)) }
            last = try Self.optional(json["last"]) { $0.double }
            lastTime = try Self.optional(json["lastTime"], Self.date)
            lastDeviceTime = try Self.optional(json["lastDeviceTime"], Self.date)
            deviceResetDay = try Self.optional(json["deviceResetDay"]) { $0.string }
            self.recent = try recent.map { tip in
                guard let time = tip["time"].flatMap(Self.date), let millimetres = tip["millimetres"]?.double else {
                    throw Malformed()
                }
                return Tip(time: time, millimetres: millimetres)
            }
        } catch {
            return nil
        }
    }

    private struct Malformed: Error {}

    /// An absent key (or `null`) is `nil`; a present one must read as `T`.
    private static func optional<T>(_ value: JSONValue?, _ read: (JSONValue) -> T?) throws(Malformed) -> T? {
        guard let value, !value.isNull else { return nil }
        guard let read = read(value) else { throw Malformed() }
        return read
    }

    private static func time(_ date: Date) -> JSONValue { .number(date.timeIntervalSinceReferenceDate) }
    private static func date(_ value: JSONValue) -> Date? {
        value.double.map(Date.init(timeIntervalSinceReferenceDate:))
    }
}
