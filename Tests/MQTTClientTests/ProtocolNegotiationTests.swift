import Foundation
import MQTTClient
import TestSupport
import Testing

@Suite("MQTT 5 first, 3.1.1 for a broker that speaks only 3.1.1")
struct ProtocolNegotiationTests {
    @Test("a mismatch on MQTT 5 makes the next attempt 3.1.1, which is kept once accepted")
    func fallsBackAndKeeps() {
        var negotiation = ProtocolNegotiation(configured: .v5, fallback: true)
        #expect(negotiation.current == .v5)
        let switched1 = negotiation.failed(mismatch: true)
        #expect(switched1)
        #expect(negotiation.current == .v311)
        negotiation.accepted()
        let switched2 = negotiation.failed(mismatch: true)
        #expect(!switched2)
        #expect(negotiation.current == .v311, "a reconnect keeps the version the broker accepted")
    }

    @Test("a 3.1.1 attempt that fails before any was accepted goes back to MQTT 5")
    func backToFive() {
        var negotiation = ProtocolNegotiation(configured: .v5, fallback: true)
        let switched3 = negotiation.failed(mismatch: true)
        #expect(switched3)
        let switched4 = negotiation.failed(mismatch: false)
        #expect(!switched4)
        #expect(negotiation.current == .v5)
    }

    @Test("no fallback: for other failures, when it is off, or when 3.1.1 was asked for")
    func noFallback() {
        var plain = ProtocolNegotiation(configured: .v5, fallback: true)
        let switched5 = plain.failed(mismatch: false)
        #expect(!switched5)
        #expect(plain.current == .v5)
        var off = ProtocolNegotiation(configured: .v5, fallback: false)
        let switched6 = off.failed(mismatch: true)
        #expect(!switched6)
        #expect(off.current == .v5)
        var old = ProtocolNegotiation(configured: .v311, fallback: true)
        let switched7 = old.failed(mismatch: true)
        #expect(!switched7)
        #expect(old.current == .v311)
        var accepted = ProtocolNegotiation(configured: .v5, fallback: true)
        accepted.accepted()
        let switched8 = accepted.failed(mismatch: true)
        #expect(!switched8)
        #expect(accepted.current == .v5)
    }
}

/// Against amqtt (PyPI), which speaks only MQTT 3.1.1 and says nothing at all to an MQTT 5
/// CONNECT, and against mosquitto in 3.1.1 mode.
@Suite("A broker that speaks only MQTT 3.1.1", .serialized)
struct OnlyThreeOneOneTests {
    @Test("MQTT 5 unanswered: one failure says 3.1.1 comes next, then 3.1.1 connects, publishes and keeps it")
    func negotiates() async throws {
        let broker = try TestBroker.start(.amqtt)
        var options = testOptions(port: broker.port, will: MQTTWill(topic: "n/state", payload: Array("offline".utf8)))
        options.connectTimeout = 2
        let client = try MQTTClient(options)
        let events = EventLog(client)
        client.start()
        let failure = await events.nextFailure(within: .seconds(10))
        #expect(failure?.kind == .protocolVersion)
        #expect(
            failure?.description
                == "no CONNACK from 127.0.0.1:\(broker.port) within 2s; the broker may speak only MQTT 3.1.1: trying MQTT 3.1.1"
        )
        #expect(events.all.compactMap(\.retryIn).first == .some(.zero), "3.1.1 is tried at once")
        #expect(await events.nextConnected(within: .seconds(10)), "\(events.all)\n\(broker.log)")
        #expect(client.protocolVersion == .v311)
        try client.publish(topic: "n/state", payload: Array("online".utf8), qos: 1, retain: true, messageExpiry: 60)
        #expect(await client.waitForPublished(timeout: .seconds(5)))
        #expect(try await waitUntil { try broker.retained("n/#") == ["n/state": "online"] })

        try broker.restart()
        #expect(await events.next { $0.disconnectReason != nil } != nil)
        #expect(await events.nextConnected(within: .seconds(15)), "\(events.all)")
        #expect(client.protocolVersion == .v311)
        #expect(events.all.filter { $0.failure?.kind == .protocolVersion }.count == 1, "\(events.all)")
        await client.stop()
    }

    @Test("with the fallback off, the failure says what happened and MQTT 5 is tried again")
    func explainsWithoutFallback() async throws {
        let broker = try TestBroker.start(.amqtt)
        var options = testOptions(port: broker.port)
        options.connectTimeout = 1
        options.protocolFallback = false
        let client = try MQTTClient(options)
        let events = EventLog(client)
        client.start()
        let failure = await events.nextFailure(within: .seconds(10))
        #expect(failure?.description == "no CONNACK from 127.0.0.1:\(broker.port) within 1s")
        #expect(await events.nextFailure(within: .seconds(10)) != nil)
        #expect(client.protocolVersion == .v5)
        #expect(!client.isConnected)
        await client.stop()
    }

    @Test("a client asking for 3.1.1 connects with it at once, without trying 5")
    func mosquittoOnlyThreeOneOne() async throws {
        let broker = try TestBroker.start()
        let client = try MQTTClient(testOptions(port: broker.port, version: .v311))
        let events = EventLog(client)
        client.start()
        #expect(await events.nextConnected())
        #expect(client.protocolVersion == .v311)
        #expect(events.all.allSatisfy { $0.failure == nil })
        await client.stop()
    }
}
