import Foundation
import MQTTClient
import TestSupport
import Testing

@Suite("TLS against mosquitto", .enabled(if: findExecutable("openssl") != nil, "needs the openssl command"))
struct TLSTests {
    @Test("a certificate from the configured CA is accepted")
    func trusted() async throws {
        let pki = try TestPKI.shared.get()
        let broker = try TestBroker.start(extraConfig: pki.listenerConfig(name: "good"))
        let client = try MQTTClient(testOptions(port: broker.port, tls: MQTTTLSOptions(caFile: pki.caFile)))
        let events = EventLog(client)
        client.start()
        #expect(await events.nextConnected(), "\(events.all)")
        try client.publish(topic: "tls/state", payload: "online".bytes, qos: 1, retain: true)
        #expect(await client.waitForPublished(timeout: .seconds(5)))
        await client.stop()
    }

    @Test("a certificate from another CA is reported as not trusted")
    func untrusted() async throws {
        let pki = try TestPKI.shared.get()
        let broker = try TestBroker.start(extraConfig: pki.listenerConfig(name: "good"))
        let client = try MQTTClient(testOptions(port: broker.port, tls: MQTTTLSOptions(caFile: pki.otherCAFile)))
        let events = EventLog(client)
        client.start()
        let failure = await events.nextFailure()
        #expect(failure?.kind == .tls)
        #expect(
            failure?.description.hasPrefix("TLS: certificate not trusted") == true, "\(String(describing: failure))")
        await client.stop()
    }

    @Test("a certificate for another name is reported as a host name mismatch")
    func hostMismatch() async throws {
        let pki = try TestPKI.shared.get()
        let broker = try TestBroker.start(extraConfig: pki.listenerConfig(name: "wrongname"))
        let client = try MQTTClient(testOptions(port: broker.port, tls: MQTTTLSOptions(caFile: pki.caFile)))
        let events = EventLog(client)
        client.start()
        let failure = await events.nextFailure()
        #expect(failure?.kind == .tls)
        #expect(failure?.description.hasPrefix("TLS: host name mismatch") == true, "\(String(describing: failure))")
        await client.stop()
    }

    @Test("insecure turns verification off")
    func insecure() async throws {
        let pki = try TestPKI.shared.get()
        let broker = try TestBroker.start(extraConfig: pki.listenerConfig(name: "wrongname"))
        let tls = MQTTTLSOptions(caFile: pki.otherCAFile, insecure: true)
        let client = try MQTTClient(testOptions(port: broker.port, tls: tls))
        let events = EventLog(client)
        client.start()
        #expect(await events.nextConnected(), "\(events.all)")
        await client.stop()
    }

    @Test("TLS to a plain port and plain to a TLS port fail quickly with a TLS hint")
    func wrongPort() async throws {
        let pki = try TestPKI.shared.get()
        let plainBroker = try TestBroker.start()
        let tlsClient = try MQTTClient(testOptions(port: plainBroker.port, tls: MQTTTLSOptions(caFile: pki.caFile)))
        let tlsEvents = EventLog(tlsClient)
        tlsClient.start()
        let tlsFailure = await tlsEvents.nextFailure()
        #expect(tlsFailure?.kind == .tls, "\(String(describing: tlsFailure))")
        await tlsClient.stop()

        let tlsBroker = try TestBroker.start(extraConfig: pki.listenerConfig(name: "good"))
        let plainClient = try MQTTClient(testOptions(port: tlsBroker.port))
        let plainEvents = EventLog(plainClient)
        plainClient.start()
        let plainFailure = await plainEvents.nextFailure()
        #expect(plainFailure?.description.contains("TLS") == true, "\(String(describing: plainFailure))")
        await plainClient.stop()
    }
}
