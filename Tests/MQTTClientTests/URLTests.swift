import MQTTClient
import Testing

@Suite("Broker URLs")
struct URLTests {
    @Test(
        "valid URLs parse with default ports",
        arguments: [
            ("mqtt://127.0.0.1:1883", MQTTURL.Scheme.mqtt, "127.0.0.1", 1883),
            ("mqtt://broker.example.com", .mqtt, "broker.example.com", 1883),
            ("mqtts://broker.example.com", .mqtts, "broker.example.com", 8883),
            ("mqtts://broker:443/", .mqtts, "broker", 443),
            ("MQTT://Broker.local:1884", .mqtt, "Broker.local", 1884),
            ("mqtt://[::1]:1883", .mqtt, "::1", 1883),
            ("mqtts://[fe80::1%eth0]", .mqtts, "fe80::1%eth0", 8883),
            ("mqtt://my_broker-1:65535", .mqtt, "my_broker-1", 65535),
        ])
    func valid(text: String, scheme: MQTTURL.Scheme, host: String, port: Int) throws {
        let url = try #require(MQTTURL(text))
        #expect(url.scheme == scheme)
        #expect(url.host == host)
        #expect(url.port == port)
    }

    @Test(
        "invalid URLs are rejected",
        arguments: [
            "", "127.0.0.1:1883", "http://broker", "tcp://broker:1883", "mqtt://", "mqtt://:1883",
            "mqtt://broker:0", "mqtt://broker:65536", "mqtt://broker:abc", "mqtt://broker:", "mqtt://::1:1883",
            "mqtt://[::1", "mqtt://[::1]x", "mqtt://user:pass@broker", "mqtt://broker/path", "mqtt://broker?x=1",
            "mqtt://bro ker", "mqtt://[broker]:1883",
        ])
    func invalid(text: String) {
        #expect(MQTTURL(text) == nil)
    }

    @Test("description is canonical and round-trips")
    func description() throws {
        #expect(MQTTURL("mqtt://[::1]")?.description == "mqtt://[::1]:1883")
        #expect(MQTTURL("mqtts://broker/")?.description == "mqtts://broker:8883")
        let url = try #require(MQTTURL("mqtt://[::1]:1999"))
        #expect(MQTTURL(url.description) == url)
    }

    @Test("options from a URL turn TLS on for mqtts")
    func optionsFromURL() throws {
        let plain = MQTTConnectOptions(url: try #require(MQTTURL("mqtt://h")), clientID: "c")
        #expect(plain.tls == nil && plain.port == 1883)
        let secure = MQTTConnectOptions(url: try #require(MQTTURL("mqtts://h")), clientID: "c")
        #expect(secure.tls == MQTTTLSOptions() && secure.port == 8883 && secure.tls?.insecure == false)
    }
}
