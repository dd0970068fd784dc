/// The MeteoAlarm / MET Norway awareness parameter `"<level>; <colour>; <Severity>"`
/// (`"3; orange; Severe"`), the level the issuing service means. It can differ from the
/// CAP `severity` of the same message (DWD sends `Moderate` with an orange level), so the
/// decoders take their severity from here when it is present.
public struct AwarenessLevel: Sendable, Equatable {
    /// `green` `yellow` `orange` `red`, lower-case.
    public var colour: String
    public var severity: AlertSeverity

    /// `nil` for text that is not `"<n>; <colour>[; <severity>]"` with a known colour.
    public init?(parsing text: String?) {
        guard let text else { return nil }
        let parts = text.split(separator: ";").map {
            String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()).lowercased()
        }
        guard parts.count >= 2, let colour = Self.colours.first(where: { $0 == parts[1] }) else { return nil }
        self.colour = colour
        let stated = parts.count >= 3 ? AlertSeverity(parsing: parts[2]) : .unknown
        self.severity = stated == .unknown ? AlertSeverity(parsing: colour) : stated
    }

    /// The colour a severity stands for on MeteoAlarm's scale.
    public init(severity: AlertSeverity) {
        self.severity = severity
        switch severity {
        case .extreme: colour = "red"
        case .severe: colour = "orange"
        case .moderate: colour = "yellow"
        case .minor, .unknown: colour = "green"
        }
    }

    static let colours = ["green", "yellow", "orange", "red"]
}
