import FoundationEssentials

/// `<base>/stations/<id>/status`'s `state`.
public enum StationStatus: String, Sendable, CaseIterable {
    /// Every field the station has supplied arrived within `max_age`.
    case fresh
    /// Some did, some are older.
    case partial
    /// Seen before (perhaps only its hub lately), but no field arrived within `max_age`.
    case silent
    /// Nothing received since the bridge started (and nothing restored).
    case never
}

extension StationState {
    /// The state at `now` with `maxAge` seconds as the freshness limit.
    public func status(at now: Date, maxAge: Double) -> StationStatus {
        guard lastSeen != nil else { return .never }
        var known = fields.count
        var freshCount = fields.values.filter { now.timeIntervalSince($0.time) <= maxAge }.count
        if rain.lastReport != nil {
            known += 1
            if rainIsFresh(at: now, maxAge: maxAge) { freshCount += 1 }
        }
        if freshCount == 0 { return .silent }
        return freshCount == known ? .fresh : .partial
    }

    /// The fields whose values are older than `maxAge`, by name.
    public func staleFields(at now: Date, maxAge: Double) -> [String] {
        fields.keys.sorted().filter { now.timeIntervalSince(fields[$0]!.time) > maxAge }.map(\.rawValue)
    }
}
