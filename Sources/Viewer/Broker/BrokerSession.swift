import Dispatch
import MQTTClient

#if canImport(Glibc)
    import Glibc
#endif

/// One connection to the broker for one command: subscribes to what the command needs and
/// collects the retained messages, finishing as soon as what is needed has arrived.
///
/// Everything a command waits for — the broker's events, SIGINT/SIGTERM, the end of an
/// `--exec` child, a moment it asked to be woken at — arrives as one `SessionEvent` stream,
/// consumed by the command's own task with `next(before:)`: nothing polls.
final class BrokerSession {
    let settings: BrokerSettings
    private let client: MQTTClient
    private let forwarder: Task<Void, Never>
    private let events: AsyncStream<SessionEvent>
    private let sink: AsyncStream<SessionEvent>.Continuation
    private var iterator: AsyncStream<SessionEvent>.Iterator
    private var signalSources: [any DispatchSourceSignal] = []
    /// When `--timeout` runs out for this command.
    let deadline: ContinuousClock.Instant

    /// After the last message, this much silence means the broker has sent every retained
    /// message it holds for the subscriptions.
    static let quietPeriod: Duration = .milliseconds(250)

    // What the events said so far.
    private(set) var connected = false
    private var everConnected = false
    /// When the first connection was accepted (subscriptions made before go out then).
    private var connectedAt: ContinuousClock.Instant?
    /// When `subscribe` was last called.
    private var subscribedAt: ContinuousClock.Instant?
    private var failure: MQTTConnectionError?
    /// The latest payload of every topic (a retained message deleted with an empty payload is gone).
    private(set) var messages: [String: [UInt8]] = [:]
    /// When each topic's latest message arrived.
    private var arrivals: [String: ContinuousClock.Instant] = [:]
    /// Whether SIGINT or SIGTERM arrived.
    private(set) var stopRequested = false

    /// Creates the client and starts connecting.
    init(settings: BrokerSettings) throws(Failure) {
        self.settings = settings
        deadline = .now + .milliseconds(Int(settings.timeout * 1000))
        do {
            client = try MQTTClient(settings.options)
        } catch {
            throw Failure.usage("cannot use the broker settings: \(error.description)")
        }
        (events, sink) = AsyncStream.makeStream(of: SessionEvent.self)
        iterator = events.makeAsyncIterator()
        let (mqtt, sink) = (client.events, sink)
        forwarder = Task {
            for await event in mqtt { sink.yield(.mqtt(event)) }
        }
    }

    /// Subscribes (QoS 1) to `filters`, sent at connect or at once when connected.
    func subscribe(_ filters: [String]) throws(Failure) {
        subscribedAt = .now
        for filter in filters {
            do {
                try client.subscribe(filter, qos: 1)
            } catch {
                throw Failure.usage("cannot subscribe to '\(filter)': \(error.description)")
            }
        }
    }

    func start() { client.start() }

    /// Publishes a message retained with QoS 1, from any thread (`MQTTClient` keeps it while
    /// the connection is down and sends it after the next CONNACK); a message the client
    /// refuses is said on stderr.
    var retainedPublisher: @Sendable (_ topic: String, _ payload: [UInt8]) -> Void {
        let client = self.client
        return { topic, payload in
            do throws(MQTTConnectionError) {
                try client.publish(topic: topic, payload: payload, qos: 1, retain: true)
            } catch {
                Output.error("cannot publish to \(topic): \(error.description)")
            }
        }
    }

    /// From now on SIGINT and SIGTERM arrive as `.stop` events instead of ending the process.
    func stopOnSignals() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            let sink = self.sink
            source.setEventHandler { sink.yield(.stop) }
            source.resume()
            signalSources.append(source)
        }
        // A parent (a test runner, a supervisor) may have started us with them blocked.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Waits for `process` to end on a thread outside the cooperative pool; its end arrives
    /// as an `.exited` event.
    func watchExit(of process: ExecProcess) {
        let sink = self.sink
        process.onExit { status in sink.yield(.exited(pid: process.pid, status: status)) }
    }

    /// The next event, or `.alarm` once `instant` has come (`nil` when the stream ended).
    /// Broker events also update the session's view (connection, messages) before they are
    /// returned.
    func next(before instant: ContinuousClock.Instant) async -> SessionEvent? {
        let sink = self.sink
        let alarm = Task {
            try? await Task.sleep(until: instant, clock: .continuous)
            if !Task.isCancelled { sink.yield(.alarm) }
        }
        defer { alarm.cancel() }
        while true {
            guard let event = await iterator.next() else { return nil }
            // An alarm from an earlier wait that lost its race with an event is not this one.
            if case .alarm = event, ContinuousClock.now < instant { continue }
            apply(event)
            return event
        }
    }

    private func apply(_ event: SessionEvent) {
        switch event {
        case .mqtt(.connected):
            connected = true
            if !everConnected { connectedAt = .now }
            everConnected = true
        case .mqtt(.connectionFailed(let error, _)):
            connected = false
            if !everConnected { failure = error }
        case .mqtt(.disconnected):
            connected = false
        case .mqtt(.message(let message)):
            messages[message.topic] = message.payload.isEmpty ? nil : message.payload
            arrivals[message.topic] = .now
        case .stop:
            stopRequested = true
        case .exited, .alarm:
            break
        }
    }

    /// Waits until connected; a refused or failed first connection ends at once with 69.
    func waitUntilConnected() async throws(Failure) {
        while !connected {
            if let failure { throw unreachable(failure.description) }
            guard let event = await next(before: deadline) else {
                throw unreachable("the connection closed")
            }
            if case .alarm = event { throw unreachable("no answer within \(Self.seconds(settings.timeout))") }
        }
    }

    /// Waits until `isComplete` holds for the messages so far; or until a message on a topic
    /// matching `filters` arrived after this call began and then nothing more for
    /// `quietPeriod` (the broker has sent what it holds); or until the deadline. Returns the
    /// latest payload of every topic. The broker being unreachable ends it with 69.
    func collect(
        filters: [String], isComplete: ([String: [UInt8]]) -> Bool
    ) async throws(Failure) -> [String: [UInt8]] {
        try await waitUntilConnected()
        // Messages count as answers to these subscriptions from when they went out.
        let started = [connectedAt, subscribedAt].compactMap { $0 }.max() ?? .now
        var latest: ContinuousClock.Instant?
        for (topic, instant) in arrivals
        where instant >= started && filters.contains(where: { MQTTTopicFilter.matches(filter: $0, topic: topic) }) {
            latest = max(latest ?? instant, instant)
        }
        while true {
            if let failure { throw unreachable(failure.description) }
            if isComplete(messages) { return messages }
            let wake = latest.map { min(deadline, $0 + Self.quietPeriod) } ?? deadline
            guard let event = await next(before: wake) else { return messages }
            switch event {
            case .alarm:
                return messages
            case .mqtt(.message(let message))
            where filters.contains(where: { MQTTTopicFilter.matches(filter: $0, topic: message.topic) }):
                latest = .now
            default:
                continue
            }
        }
    }

    /// Runs `body` with a session on `settings` and closes it afterwards, whatever happens.
    static func with<T: Sendable>(
        _ settings: BrokerSettings, closeTimeout: Duration = .milliseconds(50),
        _ body: (BrokerSession) async throws(Failure) -> T
    ) async throws(Failure) -> T {
        let session = try BrokerSession(settings: settings)
        do {
            let result = try await body(session)
            await session.close(timeout: closeTimeout)
            return result
        } catch {
            await session.close(timeout: closeTimeout)
            throw error
        }
    }

    /// Disconnects, waiting at most `timeout` for the DISCONNECT to go out. One-shot commands
    /// wait briefly: the broker holds no will for a viewer, so an exit before the network
    /// thread's next turn costs nothing but a log line on the broker.
    func close(timeout: Duration = .milliseconds(50)) async {
        await client.stop(timeout: timeout)
        forwarder.cancel()
        for source in signalSources { source.cancel() }
        sink.finish()
    }

    private func unreachable(_ reason: String) -> Failure {
        Failure.unavailable("cannot reach the MQTT broker at \(settings.url): \(reason)")
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}

/// What a command can wait for.
enum SessionEvent: Sendable {
    /// Something on the broker connection.
    case mqtt(MQTTEvent)
    /// SIGINT or SIGTERM (after `stopOnSignals()`).
    case stop
    /// An `--exec` child ended (after `watchExit(of:)`): exit code, or 128 + signal.
    case exited(pid: Int32, status: Int32)
    /// The moment passed to `next(before:)` has come.
    case alarm
}
