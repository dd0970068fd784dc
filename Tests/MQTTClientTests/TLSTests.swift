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

/// A throwaway CA, a second unrelated CA, and server certificates for 127.0.0.1 ("good") and
/// for another name only ("wrongname"), made once per test run with the openssl command.
struct TestPKI: Sendable {
    let directory: String
    var caFile: String { directory + "/ca.crt" }
    var otherCAFile: String { directory + "/other-ca.crt" }

    func listenerConfig(name: String) -> String {
        "certfile \(directory)/\(name).crt\nkeyfile \(directory)/\(name).key"
    }

    static let shared: Result<TestPKI, any Error> = Result { try TestPKI.make() }

    private static func make() throws -> TestPKI {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-pki-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for ca in ["ca", "other-ca"] {
            try openssl(
                ["req", "-x509"] + ec + [
                    "-keyout", "\(ca).key", "-out", "\(ca).crt", "-days", "2", "-subj", "/CN=test \(ca)",
                ], in: directory)
        }
        for (name, san) in [("good", "IP:127.0.0.1"), ("wrongname", "DNS:wrong.example")] {
            try openssl(
                ["req"] + ec + ["-keyout", "\(name).key", "-out", "\(name).csr", "-subj", "/CN=\(name)"], in: directory)
            try "subjectAltName=\(san)\n".write(toFile: "\(directory)/\(name).ext", atomically: true, encoding: .utf8)
            try openssl(
                [
                    "x509", "-req", "-in", "\(name).csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
                    "-out", "\(name).crt",
                    "-days", "2", "-extfile", "\(name).ext",
                ], in: directory)
        }
        return TestPKI(directory: directory)
    }

    private static func openssl(_ arguments: [String], in directory: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(findExecutable("openssl")))
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "openssl \(arguments.joined(separator: " "))")
    }
}
