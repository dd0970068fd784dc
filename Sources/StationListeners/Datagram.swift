import FoundationEssentials

/// One UDP datagram as it arrived (a Tempest hub's `obs_st`, a WeatherLink Live broadcast),
/// copied off the listener's thread. Nothing is interpreted here.
public struct Datagram: Sendable, Equatable {
    /// The sender's address (`192.168.1.30`).
    public var source: String
    /// The sender's port (a Tempest hub sends from 50222).
    public var sourcePort: UInt16
    public var bytes: [UInt8]
    public var received: Date

    public init(source: String, sourcePort: UInt16, bytes: [UInt8], received: Date) {
        self.source = source
        self.sourcePort = sourcePort
        self.bytes = bytes
        self.received = received
    }
}

/// What a ``DatagramListener`` delivers.
public enum DatagramEvent: Sendable, Equatable {
    case datagram(Datagram)
    /// Something to log (once per source and kind).
    case notice(ListenerNotice)
}

/// A datagram listener's totals since it started.
public struct DatagramCounts: Sendable, Equatable {
    public var accepted = 0
    /// Over a source's budget: dropped.
    public var rateLimited = 0
    /// Over the size limit: dropped.
    public var tooLarge = 0
    /// Empty: dropped.
    public var empty = 0
    /// Accepted but dropped because the reader fell behind.
    public var dropped = 0

    public init() {}
}
