import FoundationEssentials
import WeatherModel

/// The envelope every reading payload starts with (SPEC §4): schema, location, provider,
/// attribution, `fetched_at`, `expires_at` and the units its values are written in.
public struct Envelope: Sendable, Equatable {
    public var schema: Int
    public var location: LocationInfo
    public var provider: String?
    public var attribution: String?
    public var fetchedAt: Date?
    public var expiresAt: Date?
    /// The units the payload's values are written in.
    public var units: UnitSettings
    /// The location's time zone; a fixed offset taken from the timestamps when the tz
    /// database does not know `location.timezone`.
    public var zone: ZoneInfo

    public init(_ reader: FieldReader) throws(PayloadError) {
        self.schema = try Envelope.schema(reader)
        self.location = try Envelope.location(reader)
        let timezone = location.timezone
        provider = try reader.string("provider")
        attribution = try reader.string("attribution")
        let fetchedText = try reader.string("fetched_at")
        zone = Envelope.zone(named: timezone, sample: fetchedText)
        var dated = reader
        dated.zone = zone
        fetchedAt = try dated.date("fetched_at")
        expiresAt = try dated.date("expires_at")
        guard let units = try reader.reader("units") else { throw reader.fail("units", "missing") }
        self.units = try Envelope.units(units)
    }

    /// The `schema` every payload starts with: present and the one this build reads.
    public static func schema(_ reader: FieldReader) throws(PayloadError) -> Int {
        guard let schema = try reader.number("schema") else { throw reader.fail("schema", "missing") }
        guard schema == Double(PayloadSchema.version) else {
            throw reader.fail(
                "schema",
                "version \(JSONValue.format(schema)) is not supported (this weatherview reads \(PayloadSchema.version))"
            )
        }
        return PayloadSchema.version
    }

    /// The payload's `location` object.
    public static func location(_ reader: FieldReader) throws(PayloadError) -> LocationInfo {
        guard let location = try reader.reader("location") else { throw reader.fail("location", "missing") }
        let id = try location.requiredString("id")
        return LocationInfo(
            id: id, name: try location.string("name") ?? id,
            latitude: try location.number("latitude", in: -90...90) ?? 0,
            longitude: try location.number("longitude", in: -180...180) ?? 0,
            timezone: try location.string("timezone"))
    }

    /// The zone called `name`, else the fixed offset written in `sample` (`…+01:00`), else UTC.
    public static func zone(named name: String?, sample: String?) -> ZoneInfo {
        if let name, let zone = ZoneCache.zone(name) { return zone }
        if let sample, let offset = fixedOffset(of: sample) { return ZoneInfo(fixed: offset) }
        return .utc
    }

    /// The UTC offset at the end of an ISO 8601 timestamp, in seconds.
    static func fixedOffset(of text: String) -> Int? {
        if text.hasSuffix("Z") || text.hasSuffix("z") { return 0 }
        let bytes = Array(text.utf8)
        guard bytes.count >= 22 else { return nil }
        let tail = Array(bytes[(bytes.count - 6)...])
        guard tail[0] == UInt8(ascii: "+") || tail[0] == UInt8(ascii: "-"), tail[3] == UInt8(ascii: ":"),
            let hours = Int(String(decoding: tail[1..<3], as: UTF8.self)),
            let minutes = Int(String(decoding: tail[4..<6], as: UTF8.self)), hours < 24, minutes < 60
        else { return nil }
        return (tail[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    static func units(_ reader: FieldReader) throws(PayloadError) -> UnitSettings {
        func unit<Unit>(_ key: String, _ parse: (String) -> Unit?) throws(PayloadError) -> Unit? {
            guard let text = try reader.string(key) else { return nil }
            guard let unit = parse(text) else { throw reader.fail(key, "unknown unit '\(text.prefix(20))'") }
            return unit
        }
        var units = UnitSettings.metric
        if let unit = try unit("temperature", TemperatureUnit.init(parsing:)) { units.temperature = unit }
        if let unit = try unit("wind_speed", SpeedUnit.init(parsing:)) { units.windSpeed = unit }
        if let unit = try unit("pressure", PressureUnit.init(parsing:)) { units.pressure = unit }
        if let unit = try unit("precipitation", PrecipitationUnit.init(parsing:)) { units.precipitation = unit }
        if let unit = try unit("distance", DistanceUnit.init(parsing:)) { units.distance = unit }
        return units
    }
}
