import FoundationEssentials
import Stations
import WeatherModel

/// Each station's rain accumulator in `state_dir` (`station-<id>-rain.json`), so rain today
/// survives a restart. Written when the accumulator's `revision` changed (rain fell, a day
/// began, a reset or a rejection), at most once a minute while it keeps changing, at the first
/// change of a new day at once, and on shutdown: never on every message. A dry station costs
/// about one write a day; rain all day at most one a minute.
public struct StationRainStore: Sendable {
    public let directory: String
    /// The least time between two writes of one station's file while it keeps changing, seconds.
    public static let spacing: Double = 60

    public init(directory: String) { self.directory = directory }

    func path(_ id: String) -> String { directory + "/station-" + id + "-rain.json" }

    /// The saved accumulator of station `id`; `nil` when there is none or it is damaged.
    public func load(_ id: String) -> RainAccumulator? {
        guard let bytes = StateFiles.read(path(id), limit: 1 << 20), let json = try? JSONParser.parse(bytes) else {
            return nil
        }
        return RainAccumulator(json: json)
    }

    /// Writes the accumulator; `true` when written.
    public func save(_ id: String, _ rain: RainAccumulator) -> Bool {
        StateFiles.write(path(id), rain.json.utf8Bytes)
    }

    /// What was last written for one station.
    public struct Saved: Sendable, Equatable {
        public var revision: Int
        public var day: String?
        public var at: Date?
    }

    /// Whether `rain` is to be written now, given what was last written (`force`: shutdown).
    public static func due(_ rain: RainAccumulator, saved: Saved, now: Date, force: Bool = false) -> Bool {
        guard rain.revision != saved.revision else { return false }
        if force || rain.day != saved.day { return true }
        guard let at = saved.at else { return true }
        return now.timeIntervalSince(at) >= spacing
    }
}
