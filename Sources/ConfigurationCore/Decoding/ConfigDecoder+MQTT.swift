import YAML

extension ConfigDecoder {
    package static let mqttKeys = [
        "url", "client_id", "username", "username_file", "password", "password_file", "base_topic", "qos", "retain",
        "protocol", "keepalive", "message_expiry", "flat_topics", "tls",
    ]
    package static let flatTopicKeys = ["current", "hourly", "daily", "outlook", "nowcast", "air_quality"]
    package static let tlsKeys = ["ca_file", "cert_file", "key_file", "insecure"]

    /// The `mqtt:` section (`MQTTSettings` documents the keys).
    package func mqtt(_ node: YAMLNode?) throws(ConfigurationError) -> MQTTSettings {
        let section = try section(node, path: "mqtt", keys: ConfigDecoder.mqttKeys)
        var settings = MQTTSettings(clientID: "weather2mqtt-" + (LocalFiles.hostname() ?? "bridge"))

        if let urlNode = section.value("url"), let url = try string(section, "url") {
            let endpoint = try brokerURL(url, line: urlNode)
            settings.scheme = endpoint.scheme
            settings.host = endpoint.host
            settings.port = endpoint.port
        }
        if let clientID = try string(section, "client_id") {
            guard clientID.utf8.count <= 256 else {
                throw fail(section.value("client_id"), "mqtt.client_id must be at most 256 bytes")
            }
            settings.clientID = clientID
        }
        settings.username = try secret(section, "username", fileKey: "username_file")
        settings.password = try secret(section, "password", fileKey: "password_file")
        if settings.password != nil, settings.username == nil {
            let line = section.value("password") ?? section.value("password_file")
            throw fail(line, "mqtt.password needs mqtt.username (or username_file): MQTT sends no password alone")
        }
        if let topic = try string(section, "base_topic") {
            try checkTopic(topic, name: "mqtt.base_topic", line: section.value("base_topic"))
            settings.baseTopic = topic
        }
        settings.qos = try int(section, "qos", in: 0...2) ?? settings.qos
        settings.retain = try bool(section, "retain") ?? settings.retain
        if let protocolNode = section.value("protocol") {
            let value = try text(protocolNode, "mqtt.protocol")
            guard let version = MQTTVersionSetting(rawValue: value) else {
                throw fail(protocolNode, "mqtt.protocol must be 5 or 3.1.1 (got '\(MessageText.shown(value))')")
            }
            settings.protocolVersion = version
        }
        settings.keepAlive = try duration(section, "keepalive", in: 5...65535) ?? settings.keepAlive
        settings.messageExpiry = try duration(section, "message_expiry", in: 0...366 * 86400) ?? 0
        if settings.messageExpiry > 0, settings.protocolVersion == .v311 {
            throw fail(
                section.value("message_expiry"),
                "mqtt.message_expiry needs protocol: 5 (MQTT 3.1.1 has no message expiry): remove it or set it to 0")
        }
        settings.flatTopics = try flatTopics(section)
        settings.tls = try tls(section, scheme: settings.scheme)
        return settings
    }

    /// `mqtt.flat_topics`: `true`, `false` or a mapping per kind (`FlatTopicSettings`); the
    /// entry counts are checked against `forecast:` once it is read (`checkSizes`).
    private func flatTopics(_ mqtt: ConfigSection) throws(ConfigurationError) -> FlatTopicSettings {
        guard let node = mqtt.value("flat_topics") else { return FlatTopicSettings() }
        guard node.entries != nil else {
            return FlatTopicSettings(booleanLiteral: try bool(mqtt, "flat_topics") ?? true)
        }
        let section = try section(node, path: "mqtt.flat_topics", keys: ConfigDecoder.flatTopicKeys)
        var flat = FlatTopicSettings.off
        flat.current = try bool(section, "current") ?? false
        flat.outlook = try bool(section, "outlook") ?? false
        flat.nowcast = try bool(section, "nowcast") ?? false
        flat.airQuality = try bool(section, "air_quality") ?? false
        flat.hourly = try int(section, "hourly", in: 0...384) ?? 0
        flat.daily = try int(section, "daily", in: 0...16) ?? 0
        return flat
    }

    private func tls(_ mqtt: ConfigSection, scheme: String) throws(ConfigurationError) -> TLSSettings? {
        let node = mqtt.value("tls")
        guard scheme == "mqtts" else {
            if node != nil {
                // The SPEC's own example carries a `tls:` block next to `mqtt://`, so this is not an
                // error; but a user who meant TLS must not silently send the password in clear.
                warn("mqtt.tls is ignored: mqtt.url is mqtt:// (unencrypted); use mqtts:// for TLS")
            }
            return nil
        }
        let section = try section(node, path: "mqtt.tls", keys: ConfigDecoder.tlsKeys)
        var settings = TLSSettings()
        settings.caFile = try existingFile(section, "ca_file")
        settings.certFile = try existingFile(section, "cert_file")
        settings.keyFile = try existingFile(section, "key_file")
        if (settings.certFile == nil) != (settings.keyFile == nil) {
            let line = section.value("cert_file") ?? section.value("key_file")
            throw fail(line, "mqtt.tls.cert_file and mqtt.tls.key_file go together: set both or neither")
        }
        settings.insecure = try bool(section, "insecure") ?? false
        if settings.insecure {
            warn("tls.insecure is true: the broker's certificate is NOT verified")
        }
        return settings
    }

    /// `mqtt://host[:port]` or `mqtts://host[:port]`.
    private func brokerURL(_ url: String, line: YAMLNode) throws(ConfigurationError) -> (
        scheme: String, host: String, port: Int
    ) {
        let shown = MessageText.shown(url)
        let expected = "mqtt.url must look like mqtt://host[:port] or mqtts://host[:port]"
        guard let separator = url.firstRange(of: "://") else { throw fail(line, "\(expected) (got '\(shown)')") }
        let scheme = url[..<separator.lowerBound].lowercased()
        guard scheme == "mqtt" || scheme == "mqtts" else {
            throw fail(line, "mqtt.url has the scheme '\(MessageText.shown(scheme))': valid are mqtt:// and mqtts://")
        }
        var rest = Substring(url[separator.upperBound...])
        if rest.hasSuffix("/") { rest.removeLast() }
        if rest.contains("@") {
            throw fail(line, "mqtt.url must not hold credentials: use mqtt.username and mqtt.password (or *_file)")
        }
        if rest.contains(where: { "/?#".contains($0) }) {
            throw fail(line, "\(expected), without a path (got '\(shown)')")
        }
        var host: Substring
        var portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { throw fail(line, "\(expected) (got '\(shown)')") }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw fail(line, "\(expected) (got '\(shown)')") }
                portText = after.dropFirst()
            }
            guard !host.isEmpty, host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                throw fail(line, "mqtt.url has an invalid IPv6 address '\(MessageText.shown(String(host)))'")
            }
        } else {
            let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else {
                throw fail(line, "\(expected); write an IPv6 address in brackets: mqtt://[::1]:1883 (got '\(shown)')")
            }
            host = parts[0]
            portText = parts.count == 2 ? parts[1] : nil
            let valid = host.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || $0 == "." || $0 == "-" || $0 == "_"
            }
            guard !host.isEmpty else { throw fail(line, "\(expected): the host is missing (got '\(shown)')") }
            guard valid else {
                throw fail(line, "\(expected): the host '\(MessageText.shown(String(host)))' is not a valid name")
            }
        }
        var port = scheme == "mqtts" ? 8883 : 1883
        if let portText {
            guard portText.allSatisfy(\.isASCII), portText.allSatisfy(\.isNumber), let number = Int(portText),
                (1...65535).contains(number)
            else {
                throw fail(line, "mqtt.url: the port must be 1…65535 (got '\(MessageText.shown(String(portText)))')")
            }
            port = number
        }
        return (scheme, String(host), port)
    }

    /// An MQTT topic prefix the bridge publishes under.
    package func checkTopic(_ topic: String, name: String, line: YAMLNode?) throws(ConfigurationError) {
        if topic.contains("+") || topic.contains("#") {
            throw fail(line, "\(name) must not contain the MQTT wildcards + or # (got '\(MessageText.shown(topic))')")
        }
        if topic.hasPrefix("/") || topic.hasSuffix("/") || topic.contains("//") {
            throw fail(
                line, "\(name) must not start or end with '/' or hold empty levels (got '\(MessageText.shown(topic))')")
        }
        if topic.hasPrefix("$") {
            throw fail(line, "\(name) must not start with '$' (reserved for the broker, like $SYS)")
        }
        if topic.utf8.count > 1024 {
            throw fail(line, "\(name) is too long (at most 1024 bytes)")
        }
    }
}
