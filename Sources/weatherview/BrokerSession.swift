import MQTTClient
import Synchronization

/// One connection to the broker for one command: subscribes to what the command needs and
/// collects the retained messages, finishing as soon as what is needed has arrived.
///
/// Events arrive on a task that drains `MQTTClient.events`; the command's task polls the
/// shared state every few milliseconds, so every wait is bounded by the deadline.
final class BrokerSession: Sendable {
    let settings: BrokerSettings
    private let client: MQTTClient
    private let shared = Shared()
    private let consumer: Task<Void, Never>
    /// When `--timeout` runs out for this command.
    let deadline: ContinuousClock.Instant

    /// After the last message, this much silence means the broker has sent every retained
    /// message it holds for the subscriptions.
    static let quietPeriod: Duration = .milliseconds(250)

    /// The state the event task and the command's task share.
    final class Shared: Sendable {
        let state = Mutex(State())
    }

    struct State {
        var connected = false
        var everConnected = false
        /// When the first connection was accepted (subscriptions made before go out then).
        var connectedAt: ContinuousClock.Instant?
        /// When `subscribe` was last called.
        var subscribedAt: ContinuousClock.Instant?
        var failure: MQTTConnectionError?
        var messages: [String: [UInt8]] = [:]
        /// Messages in arrival order, for `watch`.
        var queue: [MQTTMessage] = []
        /// When each topic's latest message arrived.
        var arrivals: [String: ContinuousClock.Instant] = [:]
        var disconnects: [String] = []
    }

    /// Creates the client and starts connecting.
    init(settings: BrokerSettings) throws(Failure) {
        self.settings = settings
        deadline = .now + .milliseconds(Int(settings.timeout * 1000))
        do {
            client = try MQTTClient(settings.options)
        } catch {
            throw Failure.usage("cannot use the broker settings: \(error.description)")
        }
        let events = client.events
        let shared = self.shared
        consumer = Task {
            for await event in events {
                shared.state.withLock { state in
                    switch event {
                    case .connected:
                        state.connected = true
                        if !state.everConnected { state.connectedAt = .now }
                        state.everConnected = true
                    case .connectionFailed(let error):
                        state.connected = false
                        if !state.everConnected { state.failure = error }
                    case .disconnected(let reason):
                        state.connected = false
                        if let reason { state.disconnects.append(reason) }
                    case .message(let message):
                        if message.payload.isEmpty {
                            state.messages[message.topic] = nil
                        } else {
                            state.messages[message.topic] = message.payload
                        }
                        state.queue.append(message)
                        state.arrivals[message.topic] = .now
                    }
                }
            }
        }
    }

    /// Subscribes (QoS 1) to `filters`, sent at connect or at once when connected.
    func subscribe(_ filters: [String]) throws(Failure) {
        shared.state.withLock { $0.subscribedAt = .now }
        for filter in filters {
            do {
                try client.subscribe(filter, qos: 1)
            } catch {
                throw Failure.usage("cannot subscribe to '\(filter)': \(error.description)")
            }
        }
    }

    func start() { client.start() }

    /// Waits until connected; a refused or failed first connection ends at once with 69.
    func waitUntilConnected() async throws(Failure) {
        while true {
            let (connected, failure) = shared.state.withLock { ($0.connected, $0.failure) }
            if connected { return }
            if let failure { throw unreachable(failure.description) }
            if ContinuousClock.now >= deadline {
                throw unreachable("no answer within \(Self.seconds(settings.timeout))")
            }
            try? await Task.sleep(for: .milliseconds(5))
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
        let started = shared.state.withLock { state in
            [state.connectedAt, state.subscribedAt].compactMap { $0 }.max() ?? .now
        }
        while true {
            let (messages, arrivals, failure) = shared.state.withLock { ($0.messages, $0.arrivals, $0.failure) }
            if let failure { throw unreachable(failure.description) }
            if isComplete(messages) { return messages }
            let now = ContinuousClock.now
            let latest = arrivals.filter { topic, instant in
                instant >= started && filters.contains { MQTTTopicFilter.matches(filter: $0, topic: topic) }
            }.values.max()
            if let latest, now - latest >= Self.quietPeriod { return messages }
            if now >= deadline { return messages }
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Messages that arrived since the last call, in order.
    func drain() -> (messages: [MQTTMessage], disconnects: [String], connected: Bool) {
        shared.state.withLock { state in
            defer {
                state.queue.removeAll()
                state.disconnects.removeAll()
            }
            return (state.queue, state.disconnects, state.connected)
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
        consumer.cancel()
    }

    private func unreachable(_ reason: String) -> Failure {
        Failure.unavailable("cannot reach the MQTT broker at \(settings.url): \(reason)")
    }

    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }
}
