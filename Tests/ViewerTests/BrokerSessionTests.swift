import TestSupport
import Testing

@testable import Viewer

/// The viewer's broker session, in process: everything it waits for is an event.
@Suite("Broker session", .serialized)
struct BrokerSessionTests {
    func session(_ url: String, timeout: Double = 5) throws -> BrokerSession {
        try BrokerSession(settings: try BrokerOptions(broker: url, timeout: timeout).resolve())
    }

    // No filters: the quiet rule never starts, and the deadline is beyond the time limit, so only
    // `isComplete` can end this collect in time.
    @Test(
        "collect returns as soon as what is needed has arrived, with the latest payload of each topic",
        .timeLimit(.minutes(TestTiming.minutes(1))))
    func collectComplete() async throws {
        let broker = try TestBroker.start()
        try broker.publish("weather/home/current", #"{"a":1}"#, retain: true)
        try broker.publish("weather/home/status", #"{"b":2}"#, retain: true)
        let session = try session(broker.url, timeout: 120)
        try session.subscribe(["weather/home/current", "weather/home/status"])
        session.start()
        let messages = try await session.collect(filters: []) { $0.count == 2 }
        await session.close()
        #expect(messages["weather/home/current"] == Array(#"{"a":1}"#.utf8))
        #expect(messages["weather/home/status"] == Array(#"{"b":2}"#.utf8))
    }

    // The deadline is beyond the time limit: only the quiet rule can end this collect in time.
    @Test(
        "collect ends after a quiet moment when what is asked for never completes",
        .timeLimit(.minutes(TestTiming.minutes(1))))
    func collectQuiet() async throws {
        let broker = try TestBroker.start()
        try broker.publish("weather/home/current", "1", retain: true)
        let session = try session(broker.url, timeout: 120)
        try session.subscribe(["weather/+/current"])
        session.start()
        let messages = try await session.collect(filters: ["weather/+/current"]) { _ in false }
        await session.close()
        #expect(messages.keys.sorted() == ["weather/home/current"])
    }

    @Test("a broker that is not there ends with 69")
    func unreachable() async throws {
        let session = try session("mqtt://127.0.0.1:\(freeLoopbackPort())", timeout: 20)
        try session.subscribe(["weather/#"])
        session.start()
        do {
            _ = try await session.collect(filters: ["weather/#"]) { _ in false }
            Issue.record("collect succeeded without a broker")
        } catch {
            #expect(error.code == 69)
            #expect(error.message.contains("cannot reach the MQTT broker"))
        }
        await session.close()
    }

    @Test("next(before:) answers with the alarm when nothing else happens, and with a message when one arrives")
    func alarmAndMessage() async throws {
        let broker = try TestBroker.start()
        let session = try session(broker.url)
        try session.subscribe(["weather/home/current"])
        session.start()
        try await session.waitUntilConnected()
        let event = await session.next(before: .now + .milliseconds(100))
        guard case .alarm = event else {
            Issue.record("expected the alarm, got \(String(describing: event))")
            return
        }
        try broker.publish("weather/home/current", "7")
        var received: [UInt8]?
        let deadline = ContinuousClock.now + .seconds(10)
        while received == nil, let event = await session.next(before: deadline) {
            if case .alarm = event { break }
            if case .mqtt(.message(let message)) = event { received = message.payload }
        }
        #expect(received == Array("7".utf8))
        #expect(session.messages["weather/home/current"] == Array("7".utf8))
        await session.close()
    }
}

@Suite("--exec children")
struct ExecProcessTests {
    @Test("a child's exit code, or 128 + the signal that ended it, without polling")
    func status() async throws {
        let exited = try #require(ExecProcess("exit 3"))
        #expect(await exited.status() == 3)
        let killed = try #require(ExecProcess("kill -9 $$"))
        #expect(await killed.status() == 128 + 9)
        let fine = try #require(ExecProcess("true"))
        #expect(await fine.status() == 0)
    }

    @Test("a path is quoted for the shell")
    func quoting() {
        #expect(ExecProcess.quoted("/tmp/it's a frame.png") == #"'/tmp/it'\''s a frame.png'"#)
    }
}
