import Foundation
import MQTTClient
import TestSupport
import Testing

@Suite("Publishing and subscribing against mosquitto")
struct PublishTests {
    @Test(
        "connects, publishes retained messages and the broker keeps them", arguments: [MQTTProtocolVersion.v311, .v5])
    func publishRetained(version: MQTTProtocolVersion) async throws {
        let broker = try TestBroker.start()
        let client = try MQTTClient(testOptions(port: broker.port, version: version))
        let events = EventLog(client)
        client.start()
        #expect(await events.nextConnected())

        try client.publish(topic: "w/bridge/state", payload: "online".bytes, qos: 1, retain: true)
        try client.publish(topic: "w/home/current", payload: "{\"a\": 1,\n \"b\": \"x y\"}".bytes, qos: 2, retain: true)
        try client.publish(topic: "w/home/live", payload: "not kept".bytes, qos: 1, retain: false)
        #expect(await client.waitForPublished(timeout: .seconds(5)))

        let retained = try broker.retained("w/#")
        #expect(retained == ["w/bridge/state": "online", "w/home/current": "{\"a\": 1,\n \"b\": \"x y\"}"])
        await client.stop()
        #expect(await waitUntil(seconds: 1) { events.isFinished })
    }

    @Test("message expiry reaches the broker with MQTT 5 only", arguments: [MQTTProtocolVersion.v311, .v5])
    func messageExpiry(version: MQTTProtocolVersion) async throws {
        let broker = try TestBroker.start()
        let client = try MQTTClient(testOptions(port: broker.port, version: version))
        let events = EventLog(client)
        client.start()
        #expect(await events.nextConnected())

        // mosquitto counts expiry in whole seconds, so a 1 s message may already be gone on the
        // next read; the 60 s one shows that the property is per message.
        try client.publish(topic: "x/short", payload: "1s".bytes, qos: 1, retain: true, messageExpiry: 1)
        try client.publish(topic: "x/minute", payload: "60s".bytes, qos: 1, retain: true, messageExpiry: 60)
        try client.publish(topic: "x/forever", payload: "kept".bytes, qos: 1, retain: true, messageExpiry: 0)
        #expect(await client.waitForPublished(timeout: .seconds(5)))

        try await Task.sleep(for: .milliseconds(2100))
        var expected = ["x/minute": "60s", "x/forever": "kept"]
        if version == .v311 { expected["x/short"] = "1s" }
        #expect(try broker.retained("x/#") == expected)
        await client.stop()
    }

    @Test("subscriptions deliver retained and live messages, and unsubscribe stops them")
    func subscribe() async throws {
        let broker = try TestBroker.start()
        try broker.publish("sensors/attic/temp", "5", retain: true)
        let client = try MQTTClient(testOptions(port: broker.port))
        let events = EventLog(client)
        try client.subscribe("sensors/+/temp", qos: 1)  // before start: sent on connect
        try client.subscribe("marker", qos: 0)
        client.start()
        #expect(await events.nextConnected())

        let retained = await events.nextMessage()
        #expect(retained == MQTTMessage(topic: "sensors/attic/temp", payload: "5".bytes, retain: true, qos: 1))

        try broker.publish("sensors/kitchen/humidity", "40")
        try broker.publish("sensors/kitchen/temp", "21.5 °C")
        let live = await events.nextMessage()
        #expect(live?.topic == "sensors/kitchen/temp")
        #expect(live?.text == "21.5 °C")
        #expect(live?.retain == false)

        try client.unsubscribe("sensors/+/temp")
        // The broker handles one client's packets in order: once the retained probe arrives for a
        // SUBSCRIBE sent after the UNSUBSCRIBE, the UNSUBSCRIBE has taken effect.
        try broker.publish("probe", "p", retain: true)
        try client.subscribe("probe", qos: 1)
        #expect(await events.nextMessage()?.topic == "probe")
        try broker.publish("sensors/kitchen/temp", "22")
        try broker.publish("marker", "end")
        let next = await events.nextMessage()
        #expect(next?.topic == "marker")
        await client.stop()
    }

    @Test("QoS 1 messages published before connecting are queued and delivered")
    func queuedBeforeConnect() async throws {
        let broker = try TestBroker.start()
        let client = try MQTTClient(testOptions(port: broker.port))
        let events = EventLog(client)

        try client.publish(topic: "q/state", payload: "queued".bytes, qos: 1, retain: true)
        #expect(throws: MQTTConnectionError.self) {
            try client.publish(topic: "q/lost", payload: "qos0".bytes, qos: 0, retain: true)
        }
        #expect(await client.waitForPublished(timeout: .milliseconds(200)) == false)

        client.start()
        #expect(await events.nextConnected())
        #expect(await client.waitForPublished(timeout: .seconds(5)))
        #expect(try broker.retained("q/#") == ["q/state": "queued"])
        await client.stop()
    }

    @Test("messages published while the broker is down keep their order and retain flag")
    func publishedWhileDown() async throws {
        let broker = try TestBroker.start()
        let client = try MQTTClient(testOptions(port: broker.port))
        let events = EventLog(client)
        client.start()
        #expect(await events.nextConnected())

        broker.stop()
        #expect(await events.next { $0.disconnectReason != nil } != nil)
        try client.publish(topic: "d/state", payload: "first".bytes, qos: 1, retain: true)
        try client.publish(topic: "d/state", payload: "second".bytes, qos: 1, retain: true)
        try client.publish(topic: "d/other", payload: "kept".bytes, qos: 2, retain: true)
        try broker.restart()
        #expect(await events.nextConnected(within: .seconds(8)))
        #expect(await client.waitForPublished(timeout: .seconds(5)))
        #expect(try broker.retained("d/#") == ["d/state": "second", "d/other": "kept"])
        await client.stop()
    }

    @Test("invalid topics, filters and QoS values throw")
    func invalidArguments() throws {
        let client = try MQTTClient(testOptions(port: 1883))
        #expect(throws: MQTTConnectionError.self) {
            try client.publish(topic: "a/+", payload: [], qos: 0, retain: false)
        }
        #expect(throws: MQTTConnectionError.self) { try client.publish(topic: "a", payload: [], qos: 3, retain: false) }
        #expect(throws: MQTTConnectionError.self) { try client.subscribe("a/#/b", qos: 0) }
        #expect(throws: MQTTConnectionError.self) { try client.subscribe("a", qos: -1) }
    }
}
