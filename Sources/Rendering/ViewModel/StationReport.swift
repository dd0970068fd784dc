import FoundationEssentials
import WeatherModel
import WireContract

/// The `<base>/stations/<id>/status` payload of one of the user's stations (SPEC §3), as far as
/// a view needs it: its state and when it was last heard.
public struct StationReport: Sendable, Equatable {
    /// `fresh` · `partial` · `silent` · `never` (SPEC §3).
    public enum State: String, Sendable, CaseIterable {
        case fresh, partial, silent, never
    }

    public var station: String
    public var state: State
    /// When the bridge last heard from the station; `nil` while it never did.
    public var lastSeen: Date?

    /// Reads and checks a station status payload.
    public init(_ payload: TopicPayload) throws(PayloadError) {
        let reader = try FieldReader(topic: payload.topic, path: "status", value: payload.json)
        station = try reader.requiredString("station")
        guard let state = try reader.choice("state", State.self) else { throw reader.fail("state", "missing") }
        self.state = state
        lastSeen = try reader.date("last_seen")
    }

    /// Whether its readings are not fresh: it is `silent`, or was `never` heard.
    public var isStale: Bool { state == .silent || state == .never }

    /// How long ago the station was heard, worded as the header words the data's age:
    /// `just now`, `12 min old`, `stale, 2 h old` once it is silent; `nil` while it never was.
    public func ageText(now: Date, language: Language) -> String? {
        guard let lastSeen else { return nil }
        let words = language.messages
        let age = max(0, now.timeIntervalSince(lastSeen))
        let text =
            age < 60 ? words.justNow : Messages.fill(words.old, [("age", LocalTime.duration(age, language: language))])
        return isStale ? words.stale + ", " + text : text
    }
}
