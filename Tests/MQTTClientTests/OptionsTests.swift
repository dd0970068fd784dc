import MQTTClient
import Testing

@Suite("Option validation")
struct OptionsTests {
    private func failure(of options: MQTTConnectOptions) -> MQTTConnectionError? {
        do {
            _ = try MQTTClient(options)
            return nil
        } catch let error {
            return error
        }
    }

    @Test("valid options create a client without touching the network")
    func valid() throws {
        _ = try MQTTClient(MQTTConnectOptions(host: "broker.invalid", clientID: "x"))
    }

    @Test("bad ports, keepalives, wills and delays are rejected")
    func invalid() {
        var options = MQTTConnectOptions(host: "127.0.0.1", clientID: "x")
        options.port = 0
        #expect(failure(of: options)?.kind == .invalidOptions)
        options.port = 1883
        options.keepAlive = 2
        #expect(failure(of: options)?.description.contains("keepalive") == true)
        options.keepAlive = 60
        options.will = MQTTWill(topic: "a/#", payload: [])
        #expect(failure(of: options)?.kind == .invalidOptions)
        options.will = nil
        options.reconnectDelayMin = 10
        options.reconnectDelayMax = 5
        #expect(failure(of: options)?.kind == .invalidOptions)
        options.reconnectDelayMax = 30
        options.clientID = ""
        options.cleanSession = false
        #expect(failure(of: options)?.kind == .invalidOptions)
    }

    @Test("unreadable TLS files are named in the error")
    func tlsFiles() {
        var options = MQTTConnectOptions(host: "127.0.0.1", port: 8883, clientID: "x")
        options.tls = MQTTTLSOptions(caFile: "/nonexistent/ca.pem")
        let unreadable = failure(of: options)
        #expect(unreadable?.kind == .invalidOptions)
        #expect(unreadable?.description.contains("/nonexistent/ca.pem") == true)
        options.tls = MQTTTLSOptions(certFile: "/etc/hostname")
        #expect(failure(of: options)?.kind == .invalidOptions, "a certificate without a key")
    }

    @Test("the description never shows the password")
    func description() {
        var options = MQTTConnectOptions(host: "h", clientID: "c", username: "u", password: "hunter2")
        options.tls = MQTTTLSOptions()
        #expect(!options.description.contains("hunter2"))
        #expect(options.description.hasPrefix("mqtts://h:1883"))
    }
}
