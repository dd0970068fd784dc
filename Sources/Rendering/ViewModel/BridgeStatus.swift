import FoundationEssentials
import WeatherModel
import WireContract

/// The `<base>/<loc>/status` payload (SPEC §3).
public struct BridgeStatus: Sendable, Equatable {
    public enum State: String, Sendable, CaseIterable {
        case ok, stale, error, waiting
    }

    public var location: String?
    public var state: State
    public var provider: String?
    public var lastSuccess: Date?
    public var lastAttempt: Date?
    public var nextPoll: Date?
    public var consecutiveFailures: Int
    /// `last_error.message`, when there is one.
    public var lastError: String?
    /// `last_error.http_status`.
    public var lastErrorHTTPStatus: Int?

    /// Reads and checks a status payload.
    public init(_ payload: TopicPayload) throws(PayloadError) {
        let reader = try FieldReader(topic: payload.topic, path: "status", value: payload.json)
        location = try reader.string("location")
        guard let state = try reader.choice("state", State.self) else { throw reader.fail("state", "missing") }
        self.state = state
        provider = try reader.string("provider")
        lastSuccess = try reader.date("last_success")
        lastAttempt = try reader.date("last_attempt")
        nextPoll = try reader.date("next_poll")
        consecutiveFailures = Int(try reader.number("consecutive_failures", in: 0...1e9) ?? 0)
        if let error = try reader.reader("last_error") {
            lastError = try error.string("message")
            lastErrorHTTPStatus = try error.number("http_status", in: 0...999).map { Int($0) }
        }
        if let quota = try reader.reader("quota") {
            for member in quota.object { _ = try quota.reader(member.key) }
        }
    }
}
