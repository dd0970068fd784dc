/// `mqtt.protocol`: the MQTT version spoken to the broker.
public enum MQTTVersionSetting: String, Sendable, Equatable, CaseIterable {
    /// MQTT 5 (`protocol: 5`), which carries message expiry.
    case v5 = "5"
    /// MQTT 3.1.1 (`protocol: 3.1.1`).
    case v311 = "3.1.1"
}

/// `mqtt.tls`: present exactly when the URL is `mqtts://`.
public struct TLSSettings: Sendable, Equatable {
    /// `ca_file`: PEM bundle of the certificate authorities to trust; `nil` = the system's.
    public var caFile: String?
    /// `cert_file` / `key_file`: a client certificate and its key (both or neither).
    public var certFile: String?
    public var keyFile: String?
    /// `insecure`: skip verifying the broker's certificate (warned about).
    public var insecure: Bool

    public init(caFile: String? = nil, certFile: String? = nil, keyFile: String? = nil, insecure: Bool = false) {
        self.caFile = caFile
        self.certFile = certFile
        self.keyFile = keyFile
        self.insecure = insecure
    }
}

/// The `mqtt:` section: how to reach the broker and how to publish.
///
/// Keys: `url` (`mqtt://host[:port]`, default port 1883, or `mqtts://host[:port]`, default 8883;
/// default `mqtt://127.0.0.1:1883`), `client_id` (default `weather2mqtt-<hostname>`), `username` /
/// `username_file`, `password` / `password_file`, `base_topic` (default `weather`), `qos` (0–2,
/// default 1), `retain` (default true), `protocol` (`5` or `3.1.1`, default 5), `keepalive`
/// (5s–65535s, default 60s), `message_expiry` (MQTT 5 only, default 0 = off), `flat_topics`
/// (`FlatTopicSettings`, default `current` only), `tls` (see `TLSSettings`).
public struct MQTTSettings: Sendable, Equatable {
    /// `mqtt` or `mqtts`.
    public var scheme: String
    /// A name or an address (IPv6 without brackets).
    public var host: String
    public var port: Int
    public var clientID: String
    public var username: String?
    public var password: String?
    /// Never empty, no wildcards, no leading or trailing `/`.
    public var baseTopic: String
    public var qos: Int
    public var retain: Bool
    public var protocolVersion: MQTTVersionSetting
    /// Seconds.
    public var keepAlive: Int
    /// Seconds a retained reading lives on the broker when it is not refreshed; 0 = forever.
    public var messageExpiry: Int
    public var flatTopics: FlatTopicSettings
    /// Non-nil exactly when `scheme` is `mqtts`.
    public var tls: TLSSettings?

    public init(
        scheme: String = "mqtt", host: String = "127.0.0.1", port: Int = 1883, clientID: String = "weather2mqtt",
        username: String? = nil, password: String? = nil, baseTopic: String = "weather", qos: Int = 1,
        retain: Bool = true, protocolVersion: MQTTVersionSetting = .v5, keepAlive: Int = 60, messageExpiry: Int = 0,
        flatTopics: FlatTopicSettings = FlatTopicSettings(), tls: TLSSettings? = nil
    ) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.clientID = clientID
        self.username = username
        self.password = password
        self.baseTopic = baseTopic
        self.qos = qos
        self.retain = retain
        self.protocolVersion = protocolVersion
        self.keepAlive = keepAlive
        self.messageExpiry = messageExpiry
        self.flatTopics = flatTopics
        self.tls = tls
    }

    /// `mqtt://host:port` (brackets around an IPv6 address), without credentials.
    public var url: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(shownHost):\(port)"
    }
}

extension MQTTSettings: CustomStringConvertible {
    /// The settings with the password left out, safe for logs.
    public var description: String {
        "MQTTSettings(url: \(url), clientID: \(clientID), username: \(username ?? "nil"), "
            + "password: \(password == nil ? "nil" : "<redacted>"), baseTopic: \(baseTopic), qos: \(qos), "
            + "retain: \(retain), protocol: \(protocolVersion.rawValue), keepAlive: \(keepAlive), "
            + "messageExpiry: \(messageExpiry), flatTopics: \(flatTopics), tls: \(tls.map { "\($0)" } ?? "nil"))"
    }
}
