import FoundationEssentials
import Synchronization

/// The air-quality hours `serve` has read, per location, so that `/air_pollution/history` also
/// has hours older than the `air_quality` payload's `past_hours` (the day before its last request):
/// each hour as the last payload read with it had it. Kept in memory for two days (a restart
/// forgets them); filled whenever an air pollution request reads a payload.
final class AirHistory: Sendable {
    /// How far back hours are kept, seconds.
    static let keep: Int64 = 48 * 3600
    private let hours = Mutex<[String: [Int64: AirPollutionAnswer.Sample]]>([:])

    init() {}

    /// Every hour kept for `location` after `samples` (a payload's, replacing the same hours)
    /// joined them; hours older than ``keep`` before `now` are dropped.
    func merge(_ samples: [AirPollutionAnswer.Sample], location: String, now: Date) -> [AirPollutionAnswer.Sample] {
        let oldest = Int64(now.timeIntervalSince1970) - Self.keep
        return hours.withLock { hours in
            var kept = hours[location, default: [:]].filter { $0.key >= oldest }
            for sample in samples where sample.time >= oldest { kept[sample.time] = sample }
            hours[location] = kept
            return Array(kept.values)
        }
    }
}
