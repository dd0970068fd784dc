/// Why a listener could not start, in words that name the address and the cause.
public struct ListenerError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
