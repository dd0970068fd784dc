import FoundationEssentials

/// What happened to one warning between two refreshes.
public enum AlertChange: String, Sendable, CaseIterable {
    /// It was not active before.
    case new
    /// It was active and its content changed (severity, validity, text …).
    case updated
    /// It was active and is no more: expired or gone from its source.
    case ended
}

/// One message for `<base>/<loc>/alerts/event`.
public struct AlertEvent: Sendable, Equatable {
    public var change: AlertChange
    /// The alert as it is now (for `ended`: as it was last seen).
    public var alert: Alert

    public init(change: AlertChange, alert: Alert) {
        self.change = change
        self.alert = alert
    }
}

/// The warning events as a pure state machine: the set active at the last refresh and the
/// set active now give the events, and the set active now is the next "previous". The
/// bridge persists that set (state_dir), so a restart compares against what was already
/// announced and never repeats a `new`.
public enum AlertEvents {
    /// The events from `previous` (as announced last time) to `current` (as fetched now),
    /// judged at `now`: alerts already expired count as absent. `ended` first (in the old
    /// order), then `new` and `updated` in the order of `current`.
    public static func diff(previous: [Alert], current: [Alert], now: Date) -> [AlertEvent] {
        let before = previous.filter { $0.isActive(at: now) }
        let after = current.filter { $0.isActive(at: now) }
        let beforeByID = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let afterIDs = Set(after.map(\.id))
        var events = previous.filter { !afterIDs.contains($0.id) }.map { AlertEvent(change: .ended, alert: $0) }
        var seen: Set<String> = []
        for alert in after where seen.insert(alert.id).inserted {
            guard let old = beforeByID[alert.id] else {
                events.append(AlertEvent(change: .new, alert: alert))
                continue
            }
            if !sameContent(old, alert) { events.append(AlertEvent(change: .updated, alert: alert)) }
        }
        return events
    }

    /// The set to remember after this refresh: what is active now.
    public static func remembered(_ current: [Alert], now: Date) -> [Alert] {
        current.filter { $0.isActive(at: now) }
    }

    /// Equal as far as a subscriber can tell (times compared to the second, as they are
    /// published, so a state file read back compares equal).
    static func sameContent(_ lhs: Alert, _ rhs: Alert) -> Bool {
        func seconds(_ date: Date?) -> Int? { date.map { Int($0.timeIntervalSince1970.rounded(.down)) } }
        var left = lhs
        var right = rhs
        (left.onset, left.expires, right.onset, right.expires) = (nil, nil, nil, nil)
        return left == right && seconds(lhs.onset) == seconds(rhs.onset)
            && seconds(lhs.expires) == seconds(rhs.expires)
    }
}
