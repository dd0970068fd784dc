import FoundationEssentials
import Glibc
import HTTPServer
import Synchronization

/// A UDP listener for stations that broadcast: a WeatherFlow Tempest hub (port 50222) and a
/// Davis WeatherLink Live (22222). The port is bound with `SO_REUSEADDR` and `SO_REUSEPORT`, so
/// other programs that set them too (Home Assistant's WeatherFlow integration) can listen on
/// it as well; each socket gets its own copy of a broadcast.
///
/// One thread of its own waits in `poll` for datagrams and for ``stop()``; it copies each
/// datagram, checks its size and its source's budget, and yields it to ``events``.
public final class DatagramListener: Sendable {
    /// What the listener binds and takes. Every key has a default but the address.
    public struct Settings: Sendable {
        /// Where to listen (`listen:`); `0.0.0.0:50222` to hear a Tempest hub's broadcasts.
        public var address: ListenAddress
        /// The largest datagram taken; longer ones are dropped. Tempest and WeatherLink Live
        /// datagrams are well under 2 kB.
        public var sizeLimit = 8 * 1024
        /// Each source's budget; datagrams over it are dropped. A hub sends about one every 3 s.
        public var rate = RatePolicy(burst: 20, perSecond: 2)
        /// Datagrams kept while the reader is busy (and as many notices); beyond it, the datagram
        /// of the source with the least budget left is dropped (``FairBacklog``): a hub's
        /// readings are not pushed out by a flood from many addresses.
        public var backlog = 64

        public init(address: ListenAddress) { self.address = address }
    }

    /// The address bound (with the port the kernel chose when port 0 was asked for).
    public let address: ListenAddress
    /// Datagrams and notices, in arrival order; finishes when the listener stops.
    public let events: AsyncStream<DatagramEvent>
    private let loop: DatagramLoop

    /// Binds and starts the receiving thread; throws when the address cannot be bound.
    public init(_ settings: Settings) throws(ListenerError) {
        let backlog = FairBacklog<DatagramEvent>(capacity: settings.backlog)
        let (descriptor, port) = try BoundSocket.open(settings.address, type: SOCK_DGRAM, shared: true)
        address = settings.address.with(port: port)
        events = backlog.stream
        loop = try DatagramLoop(settings: settings, name: "udp \(address)", descriptor: descriptor, backlog: backlog)
    }

    /// What was taken and dropped so far.
    public var counts: DatagramCounts { loop.counts }

    /// Wakes the thread, waits for it to end, closes the socket and finishes ``events``.
    /// Idempotent.
    public func stop() { loop.stop() }

    deinit { loop.stop() }
}
