/// Joins the alerts of several sources for one location into one list: the same warning
/// from two sources (DWD through Bright Sky and through MeteoAlarm, NWS as a source and as
/// the forecast provider) appears once, as the first source in the list delivered it.
public enum AlertMerge {
    /// `lists` in order of preference (the configured `alerts:` sources, then the forecast
    /// provider's). Two alerts are the same warning when their CAP identifiers agree (compared
    /// without `urn:oid:` and MeteoAlarm's `.MUL` suffix, case-insensitively), or when both
    /// name the same event with the same onset and end. The result is ordered by severity
    /// (highest first), then onset, then id, so an unchanged set publishes unchanged.
    public static func merge(_ lists: [[Alert]]) -> [Alert] {
        var kept: [Alert] = []
        var identifiers: Set<String> = []
        var validities: Set<String> = []
        for alert in lists.joined() {
            let identifier = Self.identifier(alert.id)
            let validity = Self.validity(alert)
            if identifiers.contains(identifier) { continue }
            if let validity, validities.contains(validity) { continue }
            identifiers.insert(identifier)
            if let validity { validities.insert(validity) }
            kept.append(alert)
        }
        return kept.sorted { lhs, rhs in
            if lhs.severity.rank != rhs.severity.rank { return lhs.severity.rank > rhs.severity.rank }
            let lhsOnset = lhs.onset?.timeIntervalSince1970 ?? 0
            let rhsOnset = rhs.onset?.timeIntervalSince1970 ?? 0
            if lhsOnset != rhsOnset { return lhsOnset < rhsOnset }
            return lhs.id < rhs.id
        }
    }

    /// The CAP identifier as sources share it.
    static func identifier(_ id: String) -> String {
        var text = id.lowercased()
        if text.hasPrefix("urn:oid:") { text.removeFirst(8) }
        if text.hasSuffix(".mul") { text.removeLast(4) }
        return text
    }

    /// `event|onset|end` where all three are known.
    static func validity(_ alert: Alert) -> String? {
        guard let event = alert.event?.lowercased(), !event.isEmpty, let onset = alert.onset,
            let expires = alert.expires
        else { return nil }
        return "\(event)|\(onset.timeIntervalSince1970)|\(expires.timeIntervalSince1970)"
    }
}
