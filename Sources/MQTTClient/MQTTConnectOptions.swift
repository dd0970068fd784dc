/// The MQTT protocol revision spoken to the broker.
public enum MQTTProtocolVersion: Sendable, Hashable {
    /// MQTT 3.1.1.
    case v311
    /// MQTT 5.0 (enables message expiry and reason codes).
    case v5
}

/// TLS settings for an `mqtts://` connection.
///
/// Verification is on unless `insecure` is set: the broker's certificate must chain to a
/// trusted CA and its name must match the host that was dialled.
public struct MQTTTLSOptions: Sendable, Hashable {
    /// PEM file of CA certificates to trust; `nil` means the system bundle
    /// (`/etc/ssl/certs/ca-certificates.crt`, or the directory `/etc/ssl/certs`).
    public var caFile: String?
    /// PEM client certificate, for brokers that authenticate clients by certificate.
    public var certFile: String?
    /// PEM private key of `certFile` (must not be encrypted).
    public var keyFile: String?
    /// `true` turns verification off entirely: any certificate, any host name.
    /// For a self-signed test broker only.
    public var insecure: Bool

    /// TLS with verification against `caFile` (or the system CA bundle when `nil`).
    public init(caFile: String? = nil, certFile: String? = nil, keyFile: String? = nil, insecure: Bool = false) {
        self.caFile = caFile
        self.certFile = certFile
        self.keyFile = keyFile
        self.insecure = insecure
    }
}

/// The last will: published by the broker when the connection drops without a clean DISCONNECT.
public struct MQTTWill: Sendable, Hashable {
    public var topic: String
    public var payload: [UInt8]
    /// 0, 1 or 2.
    public var qos: Int
    public var retain: Bool

    /// A will; by default QoS 1 and retained, as a `<base>/bridge/state` = `offline` will wants.
    public init(topic: String, payload: [UInt8], qos: Int = 1, retain: Bool = true) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }
}

/// Everything `MQTTClient` needs to reach and keep a broker connection.
public struct MQTTConnectOptions: Sendable, Hashable {
    /// Host name or IP address (IPv6 without brackets).
    public var host: String
    /// TCP port, 1...65535.
    public var port: Int
    /// Client identifier; empty lets the library pick a random one (requires `cleanSession`).
    public var clientID: String
    public var username: String?
    /// Sent to the broker only; never part of any error message or description.
    public var password: String?
    /// Keep-alive interval in seconds (5...65535); a silent broker is detected after 1.5× this.
    public var keepAlive: Int
    public var protocolVersion: MQTTProtocolVersion
    /// With `protocolVersion` 5: whether a broker that does not answer MQTT 5 like an MQTT 5
    /// broker (CONNACK "unacceptable protocol version", the connection closed, or no CONNACK
    /// within `connectTimeout`) is tried with 3.1.1 at once (`ProtocolNegotiation`).
    public var protocolFallback: Bool
    /// MQTT clean session (3.1.1) / clean start (5).
    public var cleanSession: Bool
    /// TLS settings; `nil` means plain TCP.
    public var tls: MQTTTLSOptions?
    public var will: MQTTWill?
    /// First backoff delay, in seconds, once the quick retries (`ReconnectPolicy`: five, 250 ms
    /// apart) after a failed or lost connection have failed.
    public var reconnectDelayMin: Int
    /// Longest delay, in seconds, between retries; the delay doubles from `reconnectDelayMin` up to this.
    public var reconnectDelayMax: Int
    /// Seconds a connection attempt (TCP, TLS and CONNACK) may take before it counts as failed.
    public var connectTimeout: Int

    /// Options with the defaults a bridge wants: port 1883, keepalive 60 s, MQTT 5 (3.1.1 for a
    /// broker that does not speak 5), clean
    /// session, plain TCP, no will, after a lost connection five retries 250 ms apart, then after 1, 2, 4 ... up to 30 s, 10 s connect timeout.
    public init(
        host: String,
        port: Int = 1883,
        clientID: String,
        username: String? = nil,
        password: String? = nil,
        keepAlive: Int = 60,
        protocolVersion: MQTTProtocolVersion = .v5,
        protocolFallback: Bool = true,
        cleanSession: Bool = true,
        tls: MQTTTLSOptions? = nil,
        will: MQTTWill? = nil,
        reconnectDelayMin: Int = 1,
        reconnectDelayMax: Int = 30,
        connectTimeout: Int = 10
    ) {
        self.host = host
        self.port = port
        self.clientID = clientID
        self.username = username
        self.password = password
        self.keepAlive = keepAlive
        self.protocolVersion = protocolVersion
        self.protocolFallback = protocolFallback
        self.cleanSession = cleanSession
        self.tls = tls
        self.will = will
        self.reconnectDelayMin = reconnectDelayMin
        self.reconnectDelayMax = reconnectDelayMax
        self.connectTimeout = connectTimeout
    }

    /// Options for a broker URL: host and port from the URL, TLS with default
    /// verification for `mqtts://`.
    public init(url: MQTTURL, clientID: String) {
        self.init(
            host: url.host,
            port: url.port,
            clientID: clientID,
            tls: url.scheme == .mqtts ? MQTTTLSOptions() : nil
        )
    }

    /// `host:port`, with IPv6 addresses in brackets, as used in error messages.
    var endpoint: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

extension MQTTConnectOptions: CustomStringConvertible {
    /// A loggable summary; the password is never included.
    public var description: String {
        var text = "\(tls == nil ? "mqtt" : "mqtts")://\(endpoint) client_id=\(clientID)"
        if let username { text += " username=\(username)" }
        if password != nil { text += " password=<redacted>" }
        text += " protocol=\(protocolVersion == .v5 ? "5" : "3.1.1") keepalive=\(keepAlive)s"
        return text
    }
}
