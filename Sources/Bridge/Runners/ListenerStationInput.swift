import FoundationEssentials
import StationListeners

/// The stations' LAN inputs: one HTTP listener per distinct `listen` of the pushed types and one
/// UDP listener per `listen` of the broadcast types, their events merged into one stream.
final class ListenerStationInput: StationInput {
    /// A listener that could not be opened, for the stations `ids`.
    struct OpenError: Error {
        var ids: [String]
        var description: String
    }

    /// The stations heard on one address.
    struct Group: Equatable {
        var address: ListenAddress
        var ids: [String]
        var http: Bool
    }

    let events: AsyncStream<StationInputEvent>
    private let continuation: AsyncStream<StationInputEvent>.Continuation
    private let pushListeners: [PushListener]
    private let datagramListeners: [DatagramListener]
    private let tasks: [Task<Void, Never>]

    /// Opens every listener of `feeds` (`log` says each), or none when one cannot be opened.
    init(feeds: [StationFeed], clock: BridgeClock, log: Log) throws(OpenError) {
        let (events, continuation) = AsyncStream.makeStream(of: StationInputEvent.self)
        self.events = events
        self.continuation = continuation
        var pushListeners: [PushListener] = []
        var datagramListeners: [DatagramListener] = []
        var tasks: [Task<Void, Never>] = []
        func stopAll() {
            pushListeners.forEach { $0.stop() }
            datagramListeners.forEach { $0.stop() }
            tasks.forEach { $0.cancel() }
        }
        for group in Self.groups(feeds) {
            do throws(ListenerError) {
                let address = group.address
                if group.http {
                    let listener = try PushListener(PushListener.Settings(address: address))
                    pushListeners.append(listener)
                    let candidates = feeds.filter { group.ids.contains($0.settings.id) }
                    tasks.append(
                        Task {
                            for await event in listener.events {
                                switch event {
                                case .request(let request):
                                    continuation.yield(Self.message(request, for: candidates, now: clock.now()))
                                case .notice(let notice): continuation.yield(.notice(notice.message))
                                }
                            }
                        })
                } else {
                    let listener = try DatagramListener(.init(address: address))
                    datagramListeners.append(listener)
                    tasks.append(
                        Task { [ids = group.ids] in
                            for await event in listener.events {
                                switch event {
                                case .datagram(let datagram):
                                    let push = FeedPush(
                                        origin: datagram.source, payload: datagram.bytes, receivedAt: clock.now())
                                    continuation.yield(.message(push, ids: ids, input: "udp \(datagram.source)"))
                                case .notice(let notice): continuation.yield(.notice(notice.message))
                                }
                            }
                        })
                }
                log.info(
                    "listening for station \(group.ids.joined(separator: ", ")) on \(group.http ? "http" : "udp") \(group.address)"
                )
            } catch {
                stopAll()
                continuation.finish()
                throw OpenError(ids: group.ids, description: error.description)
            }
        }
        self.pushListeners = pushListeners
        self.datagramListeners = datagramListeners
        self.tasks = tasks
    }

    func stop() {
        pushListeners.forEach { $0.stop() }
        datagramListeners.forEach { $0.stop() }
        tasks.forEach { $0.cancel() }
        continuation.finish()
    }

    /// The listeners to open: one per distinct `listen` and transport, with the stations heard
    /// there, in configuration order.
    static func groups(_ feeds: [StationFeed]) -> [Group] {
        var groups: [Group] = []
        for feed in feeds {
            guard let listen = feed.settings.listen, feed.settings.kind.facts.listens else { continue }
            let http = feed.settings.kind.transport == .httpPush
            if let index = groups.firstIndex(where: { $0.address == listen && $0.http == http }) {
                groups[index].ids.append(feed.settings.id)
            } else {
                groups.append(Group(address: listen, ids: [feed.settings.id], http: http))
            }
        }
        return groups
    }

    /// An HTTP push as a station message: the query (Ambient, Wunderground) and the form
    /// (Ecowitt) read as one form, for the stations of the listener that take its path.
    static func message(_ request: PushRequest, for feeds: [StationFeed], now: Date) -> StationInputEvent {
        var bytes = Array(request.query.utf8)
        if !request.body.isEmpty {
            if !bytes.isEmpty { bytes.append(UInt8(ascii: "&")) }
            bytes += request.body
        }
        let push = FeedPush(origin: request.path, payload: bytes, receivedAt: now)
        let ids = feeds.filter { $0.takes(path: request.path) }.map(\.settings.id)
        return .message(push, ids: ids, input: "http \(request.source)")
    }
}
