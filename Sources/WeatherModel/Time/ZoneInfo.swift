import FoundationEssentials
import SystemIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An IANA time zone, read from the system's compiled tz database (`/usr/share/zoneinfo`,
/// Debian's `tzdata`; `TZDIR` overrides the folder).
///
/// `FoundationEssentials` alone knows only fixed offsets, and `Foundation`'s ICU costs
/// megabytes of resident memory, so the bridge reads TZif files itself: transitions for the
/// past and the POSIX rule in the file's footer for everything after the last one.
public struct ZoneInfo: Sendable, Equatable {
    public let identifier: String
    private let transitions: [Int64]
    private let transitionTypes: [UInt8]
    private let types: [LocalType]
    private let rule: PosixRule?

    struct LocalType: Sendable, Equatable {
        var offset: Int
        var isDST: Bool
    }

    /// UTC.
    public static let utc = ZoneInfo(fixed: 0, identifier: "UTC")

    /// A zone at a constant offset from UTC.
    public init(fixed offset: Int, identifier: String? = nil) {
        self.identifier = identifier ?? ZoneInfo.offsetText(offset)
        transitions = []
        transitionTypes = []
        types = [LocalType(offset: offset, isDST: false)]
        rule = nil
    }

    /// The zone called `identifier` (`Europe/Berlin`, `UTC`), or `nil` if the tz database has
    /// no such zone: read once per process (`ZoneCache`), however many answers name it.
    public init?(identifier: String) {
        guard let zone = ZoneCache.zone(identifier) else { return nil }
        self = zone
    }

    /// Reads the zone called `identifier` from the tz database (`ZoneCache` keeps it).
    init?(loading identifier: String) {
        if identifier == "UTC" || identifier == "GMT" || identifier == "Etc/UTC" {
            self = .utc
            return
        }
        // Names are path segments of letters, digits, `_`, `-`, `+`: nothing can escape the folder.
        guard !identifier.isEmpty, identifier.count < 64, !identifier.hasPrefix("/"),
            !identifier.contains(".."),
            identifier.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "/_-+".unicodeScalars.contains($0)
            })
        else { return nil }
        let folder = ProcessEnvironment.value("TZDIR") ?? "/usr/share/zoneinfo"
        guard let bytes = SystemIO.readSmallFile(folder + "/" + identifier),
            let zone = ZoneInfo(tzif: bytes, identifier: identifier)
        else { return nil }
        self = zone
    }

    /// Parses TZif data (RFC 8536), versions 1 to 4.
    public init?(tzif bytes: [UInt8], identifier: String) {
        var reader = TZifReader(bytes: bytes)
        guard let header = reader.header() else { return nil }
        var parsed = header
        var timeSize = 4
        if header.version >= 2 {
            // Skip the version-1 block and read the 64-bit one.
            guard reader.skip(header.dataLength(timeSize: 4)), let second = reader.header() else { return nil }
            parsed = second
            timeSize = 8
        }
        var transitions: [Int64] = []
        for _ in 0..<parsed.timeCount {
            guard let value = timeSize == 8 ? reader.int64() : reader.int32().map(Int64.init) else { return nil }
            transitions.append(value)
        }
        var indices: [UInt8] = []
        for _ in 0..<parsed.timeCount {
            guard let index = reader.byte(), Int(index) < parsed.typeCount else { return nil }
            indices.append(index)
        }
        var types: [LocalType] = []
        for _ in 0..<parsed.typeCount {
            guard let offset = reader.int32(), let dst = reader.byte(), reader.byte() != nil else { return nil }
            types.append(LocalType(offset: Int(offset), isDST: dst != 0))
        }
        guard !types.isEmpty else { return nil }
        guard
            reader.skip(
                parsed.charCount + parsed.leapCount * (timeSize + 4) + parsed.isStdCount + parsed.isUTCCount)
        else { return nil }
        var rule: PosixRule?
        if header.version >= 2, let footer = reader.footer() {
            rule = PosixRule(footer)
        }
        self.identifier = identifier
        self.transitions = transitions
        self.transitionTypes = indices
        self.types = types
        self.rule = rule
    }

    /// Seconds east of UTC in force at `date`.
    public func offset(at date: Date) -> Int {
        offset(atUnix: unixSeconds(date))
    }

    public func offset(atUnix time: Int64) -> Int {
        if let last = transitions.last, time >= last, let rule {
            return rule.offset(atUnix: time)
        }
        if transitions.isEmpty {
            return rule?.offset(atUnix: time) ?? types[0].offset
        }
        if time < transitions[0] {
            return (types.first(where: { !$0.isDST }) ?? types[0]).offset
        }
        // Binary search for the last transition at or before `time`.
        var low = 0
        var high = transitions.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if transitions[mid] <= time { low = mid } else { high = mid - 1 }
        }
        return types[Int(transitionTypes[low])].offset
    }

    /// The wall-clock time at `date` in this zone.
    public func civil(_ date: Date) -> CivilDateTime {
        let unix = unixSeconds(date)
        return CivilDateTime(secondsAsIfUTC: unix + Int64(offset(atUnix: unix)))
    }

    /// The local calendar date at `date`.
    public func localDate(_ date: Date) -> CivilDate { civil(date).date }

    /// The instant a wall-clock time names. A time in a gap (spring forward) moves forward by
    /// the gap (02:30 that never happened is 03:30 new time); in an overlap (fall back) the
    /// earlier instant.
    public func date(_ local: CivilDateTime) -> Date {
        let asUTC = local.secondsAsIfUTC
        let first = asUTC - Int64(offset(atUnix: asUTC - 86400))
        let second = asUTC - Int64(offset(atUnix: asUTC + 86400))
        let candidates = [first, second].filter { asUTC - Int64(offset(atUnix: $0)) == $0 }.sorted()
        let unix = candidates.first ?? first
        return Date(timeIntervalSince1970: Double(unix))
    }

    /// The first instant of the local day `date`.
    public func startOfDay(_ date: CivilDate) -> Date {
        self.date(CivilDateTime(date: date))
    }

    static func offsetText(_ offset: Int) -> String {
        var bytes: [UInt8] = []
        appendOffset(offset, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `±HH:MM`.
    static func appendOffset(_ offset: Int, to bytes: inout [UInt8]) {
        bytes.append(offset < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
        let magnitude = abs(offset)
        appendPadded(magnitude / 3600, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(magnitude % 3600 / 60, 2, to: &bytes)
    }
}

/// Whole seconds since the epoch, clamped to years −9999…9999 so no date can trap.
func unixSeconds(_ date: Date) -> Int64 {
    let seconds = date.timeIntervalSince1970
    guard seconds.isFinite else { return 0 }
    return Int64(min(253_402_300_799, max(-377_705_116_800, seconds)).rounded(.down))
}

/// Reads the environment without `Foundation.ProcessInfo`.
public enum ProcessEnvironment {
    public static func value(_ name: String) -> String? {
        guard let pointer = getenv(name) else { return nil }
        return String(cString: pointer)
    }
}

private struct TZifHeader {
    var version: Int
    var isUTCCount: Int
    var isStdCount: Int
    var leapCount: Int
    var timeCount: Int
    var typeCount: Int
    var charCount: Int

    func dataLength(timeSize: Int) -> Int {
        timeCount * timeSize + timeCount + typeCount * 6 + charCount + leapCount * (timeSize + 4)
            + isStdCount + isUTCCount
    }
}

private struct TZifReader {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, position + count <= bytes.count else { return false }
        position += count
        return true
    }

    mutating func byte() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func int32() -> Int32? {
        guard position + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for index in 0..<4 { value = value << 8 | UInt32(bytes[position + index]) }
        position += 4
        return Int32(bitPattern: value)
    }

    mutating func int64() -> Int64? {
        guard position + 8 <= bytes.count else { return nil }
        var value: UInt64 = 0
        for index in 0..<8 { value = value << 8 | UInt64(bytes[position + index]) }
        position += 8
        return Int64(bitPattern: value)
    }

    mutating func header() -> TZifHeader? {
        guard position + 44 <= bytes.count, bytes[position..<position + 4].elementsEqual("TZif".utf8) else {
            return nil
        }
        let versionByte = bytes[position + 4]
        let version = versionByte == 0 ? 1 : Int(versionByte) - Int(UInt8(ascii: "0"))
        position += 20
        guard let isUTC = int32(), let isStd = int32(), let leap = int32(), let time = int32(),
            let type = int32(), let char = int32(), isUTC >= 0, isStd >= 0, leap >= 0, time >= 0,
            type >= 0, char >= 0, time < 100_000, type < 256
        else { return nil }
        return TZifHeader(
            version: version, isUTCCount: Int(isUTC), isStdCount: Int(isStd), leapCount: Int(leap),
            timeCount: Int(time), typeCount: Int(type), charCount: Int(char))
    }

    mutating func footer() -> String? {
        guard position < bytes.count, bytes[position] == 0x0A else { return nil }
        let start = position + 1
        guard let end = bytes[start...].firstIndex(of: 0x0A) else { return nil }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}
