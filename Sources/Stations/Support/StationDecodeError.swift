/// Input a decoder cannot read at all: garbage, the wrong family, a truncated body. Says what
/// was wrong in words a log line can carry (never the station key).
public struct StationDecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
