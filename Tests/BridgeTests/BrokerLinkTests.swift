import Configuration
import Foundation
import MQTTClient
import Testing

@testable import Bridge

/// The connection's decisions, without a broker: the client's options, the lines each event
/// says, and how long `run --once` waits for its first connection.
@Suite("The broker link")
struct BrokerLinkTests {
    let will = (topic: "w/bridge/state", payload: Array("offline".utf8))

    @Test("options: the last will retained, 3.1.1 when configured, TLS only for mqtts, retries at most every 10 s")
    func options() {
        let plain = BrokerLink(settings: MQTTSettings(baseTopic: "w", qos: 2)).options(will: will)
        #expect(plain.will?.topic == "w/bridge/state" && plain.will?.payload == will.payload)
        #expect(plain.will?.retain == true && plain.will?.qos == 2)
        #expect(plain.protocolVersion == .v5 && plain.tls == nil && plain.reconnectDelayMax == 10)
        let old = BrokerLink(settings: MQTTSettings(protocolVersion: .v311)).options(will: will)
        #expect(old.protocolVersion == .v311)
        let secure = BrokerLink(settings: MQTTSettings(scheme: "mqtts", tls: TLSSettings(caFile: "/ca.pem")))
        #expect(secure.options(will: will).tls?.caFile == "/ca.pem")
        #expect(BrokerLink(settings: MQTTSettings(scheme: "mqtts")).options(will: will).tls?.insecure == false)
    }

    @Test("a fallback to MQTT 3.1.1 is said on the first connection only")
    func fallback() {
        var link = BrokerLink(settings: MQTTSettings())
        #expect(link.connected(version: .v311)?.level == .warning)
        #expect(link.connected(version: .v311) == nil)
        var configured = BrokerLink(settings: MQTTSettings(protocolVersion: .v311))
        #expect(configured.connected(version: .v311) == nil)
        var modern = BrokerLink(settings: MQTTSettings())
        #expect(modern.connected(version: .v5) == nil && modern.everConnected)
    }

    @Test("failures and losses are said with the client's wait")
    func lines() {
        var link = BrokerLink(settings: MQTTSettings())
        let refused = MQTTConnectionError(.refused, "connection refused")
        #expect(link.failed(refused, retryIn: .seconds(4)).message.hasSuffix("retrying in 4 s"))
        #expect(link.lastFailure == refused)
        #expect(BrokerLink.retryWording(.milliseconds(250)) == "retrying in 0.25 s")
        #expect(BrokerLink.retryWording(nil) == "not retrying")
        #expect(link.lost(reason: nil) == nil)
        #expect(link.lost(reason: "keepalive")?.message == "MQTT connection lost: keepalive; reconnecting")
        _ = link.connected(version: .v5)
        #expect(link.lastFailure == nil)
    }

    @Test("run --once waits 10 s, 20 s while a fallback may come, and not after a final refusal")
    func onceWait() {
        var link = BrokerLink(settings: MQTTSettings())
        #expect(link.waitsForConnection(elapsed: .seconds(19)))
        #expect(!link.waitsForConnection(elapsed: .seconds(20)))
        #expect(link.unreachable.message == "MQTT broker unreachable: no answer within 10 s")
        _ = link.failed(MQTTConnectionError(.refused, "refused"), retryIn: .seconds(1))
        #expect(link.waitsForConnection(elapsed: .seconds(9)) && !link.waitsForConnection(elapsed: .seconds(10)))
        _ = link.failed(MQTTConnectionError(.protocolVersion, "no CONNACK"), retryIn: .zero)
        #expect(link.waitsForConnection(elapsed: .seconds(15)))
        _ = link.failed(MQTTConnectionError(.notAuthorised, "bad password"), retryIn: .seconds(1))
        #expect(!link.waitsForConnection(elapsed: .zero))
        #expect(link.unreachable.message.contains("bad password"))
    }
}
