import FoundationEssentials
import SystemIO
import WeatherModel

#if canImport(Glibc)
    import Glibc
#endif

/// When each location may be asked next, kept where a full disk cannot stop it being written.
///
/// A location's state file is replaced atomically (a new file, then a rename), which needs free
/// space. When `state_dir` is full that write fails and the file on disk keeps an older
/// `next_poll`: a restart would then ask the provider before its data is due, and restore a
/// stale failure count. The journal closes that gap: `schedule.journal` is made at start (while
/// there is space) with two fixed-size slots, and after a failed state write the bridge writes
/// every location's schedule into the older slot in place — overwriting blocks the file already
/// owns, which needs no free space. Each slot carries a sequence number and a checksum, so a
/// torn write leaves the other slot readable. A restart takes, per location, whichever of file
/// and journal saw the later attempt (`LocationState.merging`).
public struct ScheduleJournal: Sendable {
    /// One location's schedule.
    public struct Entry: Sendable, Equatable {
        public var nextPoll: Date
        public var failures: Int
        public var attempt: Date

        public init(nextPoll: Date, failures: Int, attempt: Date) {
            self.nextPoll = nextPoll
            self.failures = failures
            self.attempt = attempt
        }
    }

    public let path: String
    public let slotSize: Int

    /// A journal for `locations` locations in `directory`.
    public init(directory: String, locations: Int) {
        path = directory + "/schedule.journal"
        slotSize = ((96 + 128 * max(locations, 1)) / 4096 + 1) * 4096
    }

    // MARK: - Pure encoding

    static let magic = "W2MJ"

    /// One slot's bytes, exactly `size` long; `nil` when the entries do not fit.
    static func encodeSlot(sequence: UInt64, entries: [String: Entry], size: Int) -> [UInt8]? {
        var object = JSONObject()
        for (id, entry) in entries.sorted(by: { $0.key < $1.key }) {
            object[id] = .array([
                .number(entry.nextPoll.timeIntervalSince1970.rounded(.up)), .number(Double(entry.failures)),
                .number(entry.attempt.timeIntervalSince1970.rounded(.down)),
            ])
        }
        let body = JSONValue.object(object).utf8Bytes
        var bytes = Array("\(magic) \(sequence) \(checksum(body)) \(body.count)\n".utf8) + body
        guard bytes.count <= size else { return nil }
        bytes += [UInt8](repeating: 0x20, count: size - bytes.count)
        return bytes
    }

    /// A slot's sequence number and entries; `nil` for an empty, torn or foreign slot.
    static func decodeSlot(_ bytes: ArraySlice<UInt8>) -> (sequence: UInt64, entries: [String: Entry])? {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return nil }
        let header = String(decoding: bytes[bytes.startIndex..<newline], as: UTF8.self).split(separator: " ")
        guard header.count == 4, header[0] == magic, let sequence = UInt64(header[1]), let sum = UInt32(header[2]),
            let length = Int(header[3]), length >= 0, newline + 1 + length <= bytes.endIndex
        else { return nil }
        let body = Array(bytes[(newline + 1)..<(newline + 1 + length)])
        guard checksum(body) == sum, let json = try? JSONParser.parse(body), let object = json.object else {
            return nil
        }
        var entries: [String: Entry] = [:]
        for (id, value) in object {
            guard let parts = value.array, parts.count == 3, let next = parts[0].double, let failures = parts[1].int,
                let attempt = parts[2].double, next.isFinite, attempt.isFinite, failures >= 0
            else { return nil }
            entries[id] = Entry(
                nextPoll: Date(timeIntervalSince1970: next), failures: failures,
                attempt: Date(timeIntervalSince1970: attempt))
        }
        return (sequence, entries)
    }

    /// The newest readable slot of a whole journal file.
    static func decode(_ bytes: [UInt8], slotSize: Int) -> (sequence: UInt64, entries: [String: Entry])? {
        var best: (sequence: UInt64, entries: [String: Entry])?
        for slot in 0..<2 where bytes.count >= (slot + 1) * slotSize {
            if let decoded = decodeSlot(bytes[(slot * slotSize)..<((slot + 1) * slotSize)]),
                decoded.sequence >= (best?.sequence ?? 0)
            {
                best = decoded
            }
        }
        return best
    }

    /// FNV-1a, 32 bits: enough to tell a torn slot from a whole one.
    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }

    // MARK: - The file

    /// The newest schedule in the journal, with its sequence number (0 when there is none).
    public func load() -> (sequence: UInt64, entries: [String: Entry]) {
        guard let bytes = StateFiles.read(path, limit: 2 * slotSize + 1), bytes.count == 2 * slotSize,
            let decoded = Self.decode(bytes, slotSize: slotSize)
        else { return (0, [:]) }
        return decoded
    }

    /// Makes the journal file at its full size (both slots) unless it has it; `false` when it
    /// cannot (no space), which only means a full disk later has no fallback.
    @discardableResult
    public func prepare() -> Bool {
        var info = stat()
        if stat(path, &info) == 0, Int(info.st_size) == 2 * slotSize { return true }
        return StateFiles.write(path, [UInt8](repeating: 0x20, count: 2 * slotSize))
    }

    /// Writes `entries` in place into the slot `sequence` selects (the older one) and syncs it.
    public func write(sequence: UInt64, entries: [String: Entry]) -> Bool {
        guard let bytes = Self.encodeSlot(sequence: sequence, entries: entries, size: slotSize) else { return false }
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, Int(info.st_size) == 2 * slotSize else { return false }
        let ok = SystemIO.writeAll(bytes, to: fd, at: Int(sequence % 2) * slotSize) == 0
        return ok && fsync(fd) == 0
    }
}

extension LocationState {
    /// The restored state, corrected by the journal: when the journal saw a later attempt than
    /// the state file (whose write failed since), its next poll and failure count win — never an
    /// earlier poll than the one the bridge had decided on.
    public func merging(_ entry: ScheduleJournal.Entry?) -> LocationState {
        guard let entry, entry.attempt > (lastAttempt ?? .distantPast) else { return self }
        var merged = self
        merged.nextPoll = max(nextPoll, entry.nextPoll)
        merged.consecutiveFailures = entry.failures
        return merged
    }
}
