import Foundation
import MQTTClient
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Connection lifecycle against mosquitto")
struct ConnectionTests {
    @Test("the last will is published when the connection drops, not on a clean stop")
    func lastWill() async throws {
        let broker = try TestBroker.start()
        let proxy = try BrokerProxy(targetPort: broker.port)
        let will = MQTTWill(topic: "dev/state", payload: "offline".bytes, qos: 1, retain: true)

        // Clean stop: DISCONNECT is sent, the broker discards the will.
        let clean = try MQTTClient(testOptions(port: broker.port, will: will))
        let cleanEvents = EventLog(clean)
        clean.start()
        #expect(await cleanEvents.nextConnected())
        try clean.publish(topic: "dev/state", payload: "online".bytes, qos: 1, retain: true)
        #expect(await clean.waitForPublished(timeout: .seconds(5)))
        await clean.stop()
        #expect(await cleanEvents.next { $0.disconnectReason == .some(nil) } != nil)
        // Nothing may happen here: the will stays unpublished for a while.
        #expect(try await !waitUntil(seconds: 0.5) { try broker.retained("dev/#") != ["dev/state": "online"] })

        // Dropped connection (through the proxy): the broker publishes the will.
        let dropped = try MQTTClient(testOptions(port: proxy.port, will: will))
        let droppedEvents = EventLog(dropped)
        dropped.start()
        #expect(await droppedEvents.nextConnected())
        proxy.close()
        let reason = await droppedEvents.next { $0.disconnectReason != nil }?.disconnectReason
        #expect(reason != nil && reason! != nil, "an unrequested disconnect carries a reason")
        #expect(try await waitUntil { try broker.retained("dev/#") == ["dev/state": "offline"] })
        await dropped.stop()
    }

    @Test("reconnects after a broker restart and subscribes again")
    func reconnect() async throws {
        let broker = try TestBroker.start()
        let client = try MQTTClient(testOptions(port: broker.port))
        let events = EventLog(client)
        try client.subscribe("r/#", qos: 1)
        client.start()
        #expect(await events.nextConnected())

        try broker.restart()
        #expect(await events.next { $0.disconnectReason != nil } != nil)
        #expect(await events.nextConnected(within: .seconds(10)))

        try broker.publish("r/after", "restart")
        #expect(await events.nextMessage()?.text == "restart")
        await client.stop()
    }

    @Test("a closed port yields connectionFailed with a clear message, then keeps retrying with the announced backoff")
    func refused() async throws {
        let port = freeLoopbackPort()
        let options = testOptions(port: port)
        let client = try MQTTClient(options)
        let events = EventLog(client)
        client.start()
        let failure = await events.nextFailure(within: .seconds(3))
        #expect(failure?.kind == .refused)
        #expect(failure?.description == "connection refused by 127.0.0.1:\(port)")
        // Two more attempts, after the waits the first two failures announced (1 + 2 s).
        #expect(await events.nextFailure(within: .seconds(4)) != nil, "retried after the backoff: \(events.all)")
        #expect(await events.nextFailure(within: .seconds(6)) != nil, "retried after the backoff: \(events.all)")
        // Never connected: the plain backoff from the first failure, as the policy says.
        let announced = events.all.compactMap(\.retryIn).prefix(3)
        let policy = ReconnectPolicy(options)
        #expect(Array(announced) == (0..<3).map { policy.delay(failures: $0, afterLoss: false) })
        #expect(Array(announced) == [.seconds(1), .seconds(2), .seconds(4)])
        await client.stop()
        #expect(await waitUntil(seconds: 1) { events.isFinished })
    }

    @Test("a broker that never answers CONNECT times out instead of hanging")
    func connectTimeout() async throws {
        let silent = try SilentListener()
        var options = testOptions(port: silent.port)
        options.connectTimeout = 1
        let client = try MQTTClient(options)
        let events = EventLog(client)
        client.start()
        // Silence to an MQTT 5 CONNECT is what a 3.1.1-only broker does: 3.1.1 next, then a plain timeout.
        let failure = await events.nextFailure(within: .seconds(4))
        #expect(failure?.kind == .protocolVersion)
        #expect(failure?.description.hasPrefix("no CONNACK from 127.0.0.1:\(silent.port) within 1s;") == true)
        let second = await events.nextFailure(within: .seconds(4))
        #expect(second?.kind == .unreachable)
        #expect(second?.description == "no CONNACK from 127.0.0.1:\(silent.port) within 1s")
        await client.stop()
    }

    @Test("stop() is bounded, idempotent and works before start()", .timeLimit(.minutes(TestTiming.minutes(1))))
    func stopIsBounded() async throws {
        let idle = try MQTTClient(testOptions(port: 1))
        let idleEvents = EventLog(idle)
        await idle.stop()
        await idle.stop()
        #expect(await waitUntil(seconds: 1) { idleEvents.isFinished })
        idle.start()  // after stop: does nothing
        #expect(idle.isConnected == false)

        // Mid-handshake with a peer that never answers. The connect timeout and the keep-alive are
        // beyond the time limit, and they would end the attempt with a failure and a reconnect,
        // never the stream: only stop() ends the stream, before its own 30 s patience runs out.
        let silent = try SilentListener()
        var stuckOptions = testOptions(port: silent.port, keepAlive: 120)
        stuckOptions.connectTimeout = 120
        let stuck = try MQTTClient(stuckOptions)
        let stuckEvents = EventLog(stuck)
        stuck.start()
        #expect(await waitUntil { silent.accepted > 0 })  // CONNECT sent, no CONNACK coming
        await stuck.stop(timeout: .seconds(30))
        #expect(await waitUntil(seconds: 10) { stuckEvents.isFinished })

        // Connected: clean disconnect, `.disconnected(nil)`, then the stream ends.
        let broker = try TestBroker.start()
        let client = try MQTTClient(testOptions(port: broker.port))
        let events = EventLog(client)
        client.start()
        #expect(await events.nextConnected())
        #expect(client.isConnected)
        await client.stop(timeout: .seconds(30))
        await client.stop()
        #expect(await events.next { $0.disconnectReason == .some(nil) } != nil)
        #expect(await waitUntil(seconds: 1) { events.isFinished })
    }

    @Test(
        "wrong credentials are reported as not authorised, without the password",
        arguments: [MQTTProtocolVersion.v311, .v5])
    func notAuthorised(version: MQTTProtocolVersion) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-auth-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let passwords = directory + "/passwords"
        try runPasswd(["-c", "-b", passwords, "bridge", "right-secret"])
        let broker = try TestBroker.start(extraConfig: "allow_anonymous false\npassword_file \(passwords)")

        var options = testOptions(port: broker.port, version: version)
        options.username = "bridge"
        options.password = "Wrong-Secret-42"
        let client = try MQTTClient(options)
        let events = EventLog(client)
        client.start()
        let failure = await events.nextFailure()
        #expect(failure?.kind == .notAuthorised)
        #expect(failure?.description.hasPrefix("not authorised") == true)
        #expect(failure?.description.contains("Wrong-Secret-42") == false)
        #expect(!options.description.contains("Wrong-Secret-42"))
        await client.stop()

        options.password = "right-secret"
        let good = try MQTTClient(options)
        let goodEvents = EventLog(good)
        good.start()
        #expect(await goodEvents.nextConnected())
        await good.stop()
    }
}

/// A loopback socket that accepts connections and never answers: TCP connects, MQTT never does.
/// `accepted` counts the connections it holds.
final class SilentListener: Sendable {
    let port: Int
    private let fd: Int32
    private let held = Held()

    var accepted: Int { held.descriptors.withLock(\.count) }

    private final class Held: Sendable { let descriptors = Mutex<[Int32]>([]) }

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 8) == 0 else {
            close(fd)
            throw TestBrokerError("cannot listen on 127.0.0.1")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        let held = held
        Thread.detachNewThread {
            while true {
                let connection = accept(fd, nil, nil)
                guard connection >= 0 else { return }  // closed by deinit
                held.descriptors.withLock { $0.append(connection) }
            }
        }
    }

    deinit {
        shutdown(fd, Int32(SHUT_RDWR))
        close(fd)
        held.descriptors.withLock { $0.forEach { close($0) } }
    }
}

private func runPasswd(_ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try #require(findExecutable("mosquitto_passwd")))
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
}
