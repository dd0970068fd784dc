/// A payload that cannot be shown: it does not parse, or it does not match SPEC §4.
///
/// Payloads come from whatever publishes on the broker, so every problem is reported with
/// the topic it arrived on and what is wrong with it; nothing a publisher sends traps.
public struct PayloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The MQTT topic the payload arrived on (`weather/home/current`).
    public var topic: String
    /// What is wrong, in plain words (`current.temperature: expected a number, got a string`).
    public var problem: String

    public init(topic: String, problem: String) {
        self.topic = topic
        self.problem = problem
    }

    /// `weather/home/current: current.temperature: expected a number, got a string`.
    public var description: String { topic + ": " + problem }

    /// The process exit code for a payload that does not parse or match the schema (SPEC §7).
    public static let exitCode: Int32 = ExitCode.dataError
}
