import Foundation
import MQTTClient
import Synchronization
import TestSupport

/// Records a client's events (the stream's single consumer) and lets a test wait for one.
final class EventLog: Sendable {
    private struct State {
        var events: [MQTTEvent] = []
        var cursor = 0
        var finished = false
    }
    private let state = Mutex(State())

    init(_ client: MQTTClient) {
        let events = client.events
        Task { [self] in
            for await event in events {
                state.withLock { $0.events.append(event) }
            }
            state.withLock { $0.finished = true }
        }
    }

    /// Every event so far.
    var all: [MQTTEvent] { state.withLock { $0.events } }
    /// Whether the stream has finished.
    var isFinished: Bool { state.withLock { $0.finished } }

    /// The next event (after the last one returned) that satisfies `predicate`, waiting at most
    /// `timeout`; `nil` on timeout or when the stream finished without one.
    func next(within timeout: Duration = .seconds(5), where predicate: (MQTTEvent) -> Bool) async -> MQTTEvent? {
        let deadline = ContinuousClock.now + TestTiming.duration(timeout)
        while true {
            let (found, finished): (MQTTEvent?, Bool) = state.withLock { state in
                if let index = state.events[state.cursor...].firstIndex(where: predicate) {
                    state.cursor = index + 1
                    return (state.events[index], state.finished)
                }
                return (nil, state.finished)
            }
            if let found { return found }
            if finished || ContinuousClock.now >= deadline { return nil }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    func nextConnected(within timeout: Duration = .seconds(5)) async -> Bool {
        await next(within: timeout) { $0.isConnected } != nil
    }

    func nextFailure(within timeout: Duration = .seconds(5)) async -> MQTTConnectionError? {
        await next(within: timeout) { $0.failure != nil }?.failure
    }

    func nextMessage(within timeout: Duration = .seconds(5), where predicate: (MQTTMessage) -> Bool = { _ in true })
        async -> MQTTMessage?
    {
        await next(within: timeout) { $0.message.map(predicate) ?? false }?.message
    }
}

extension MQTTEvent {
    var isConnected: Bool {
        if case .connected = self { return true }
        return false
    }

    var failure: MQTTConnectionError? {
        if case .connectionFailed(let error, _) = self { return error }
        return nil
    }

    /// `.some(retryIn)` for a connection failure: the wait the client announced before its next attempt.
    var retryIn: Duration?? {
        if case .connectionFailed(_, let retryIn) = self { return .some(retryIn) }
        return nil
    }

    /// `.some(reason)` for a disconnect event.
    var disconnectReason: String?? {
        if case .disconnected(let reason) = self { return .some(reason) }
        return nil
    }

    var message: MQTTMessage? {
        if case .message(let message) = self { return message }
        return nil
    }
}

/// Options for a test client on 127.0.0.1.
func testOptions(
    port: Int, version: MQTTProtocolVersion = .v5, will: MQTTWill? = nil, tls: MQTTTLSOptions? = nil,
    keepAlive: Int = 10, reconnectDelayMin: Int = 1
) -> MQTTConnectOptions {
    MQTTConnectOptions(
        host: "127.0.0.1", port: port, clientID: "test-\(UUID().uuidString.prefix(8))", keepAlive: keepAlive,
        protocolVersion: version, tls: tls, will: will, reconnectDelayMin: reconnectDelayMin, reconnectDelayMax: 4)
}

extension String {
    var bytes: [UInt8] { Array(utf8) }
}
