import CMosquitto
import Glibc

/// Plain-language errors from libmosquitto return codes, `errno`, CONNACK reason codes and
/// libmosquitto's error log lines (where TLS failures are explained).
extension MQTTConnectionError {
    /// A connection attempt that ended before the broker accepted it.
    static func connectFailure(rc: Int32, errno code: Int32, log: [String], options: MQTTConnectOptions) -> Self {
        let endpoint = options.endpoint
        if options.tls != nil, log.contains(where: isTLSLine) {
            return tls(log: log, options: options)
        }
        switch rc {
        case MOSQ_ERR_ERRNO:
            switch code {
            case ECONNREFUSED: return Self(.refused, "connection refused by \(endpoint)")
            case ETIMEDOUT: return Self(.unreachable, "timed out connecting to \(endpoint)")
            case EHOSTUNREACH, ENETUNREACH, EHOSTDOWN, ENETDOWN:
                return Self(.unreachable, "cannot reach \(endpoint): \(errnoText(code))")
            case ECONNRESET, EPIPE: return Self(.rejected, "connection reset by \(endpoint) during the handshake")
            case EPROTO where options.tls != nil: return tls(log: log, options: options)
            default: return Self(.other, "cannot connect to \(endpoint): \(errnoText(code))")
            }
        case MOSQ_ERR_EAI:
            return Self(.hostNotFound, "cannot resolve host name '\(options.host)'")
        case MOSQ_ERR_TLS, MOSQ_ERR_TLS_HANDSHAKE:
            return tls(log: log, options: options)
        case MOSQ_ERR_CONN_LOST, MOSQ_ERR_NO_CONN:
            return Self(
                .rejected,
                "connection closed by \(endpoint) during the MQTT handshake"
                    + (options.tls == nil ? " (is it a TLS port? then use mqtts://)" : ""))
        case MOSQ_ERR_PROTOCOL, MOSQ_ERR_MALFORMED_PACKET:
            return Self(.rejected, "\(endpoint) does not answer like an MQTT broker (protocol error)")
        case MOSQ_ERR_KEEPALIVE:
            return Self(.unreachable, "no answer from \(endpoint)")
        default:
            return Self(.other, "cannot connect to \(endpoint): \(Mosquitto.describe(rc))")
        }
    }

    /// Whether an attempt that ended this way before CONNACK looks like a broker that does not
    /// speak the version asked for: it closed the connection or broke the protocol during the
    /// MQTT handshake (TLS failures and refused TCP connections are something else).
    static func looksLikeVersionMismatch(rc: Int32, errno code: Int32, log: [String], options: MQTTConnectOptions)
        -> Bool
    {
        if options.tls != nil, log.contains(where: isTLSLine) { return false }
        switch rc {
        case MOSQ_ERR_CONN_LOST, MOSQ_ERR_NO_CONN, MOSQ_ERR_PROTOCOL, MOSQ_ERR_MALFORMED_PACKET: return true
        case MOSQ_ERR_ERRNO: return code == ECONNRESET || code == EPIPE
        default: return false
        }
    }

    /// Whether a CONNACK code refuses the protocol version: 3.1.1's code 1 (which a 3.1.1-only
    /// broker sends to an MQTT 5 client too) or MQTT 5's 0x84.
    static func refusesVersion(code: Int32) -> Bool { code == 1 || code == 0x84 }

    /// Why an established connection ended, when we did not ask for it.
    static func lost(rc: Int32, errno code: Int32, log: [String], options: MQTTConnectOptions) -> Self {
        let endpoint = options.endpoint
        let detail: String
        switch rc {
        case 0: detail = "closed by the broker"
        case 0x80...0xFF: detail = "closed by the broker: \(reasonText(rc))"
        case MOSQ_ERR_KEEPALIVE: detail = "no answer from the broker within the keepalive"
        case MOSQ_ERR_ERRNO: detail = errnoText(code)
        case MOSQ_ERR_TLS: detail = "TLS error"
        default: detail = Mosquitto.describe(rc).lowercased().trimmingSuffix(".")
        }
        return Self(.connectionLost, "connection to \(endpoint) lost: \(detail)")
    }

    /// A CONNACK with a failure code (MQTT 3.1.1 return code or MQTT 5 reason code).
    static func refusedByBroker(code: Int32, version: MQTTProtocolVersion, options: MQTTConnectOptions) -> Self {
        switch (version, code) {
        case (.v311, 4), (.v5, 0x86):
            return Self(.notAuthorised, "not authorised: bad username or password")
        case (.v311, 5), (.v5, 0x87):
            return Self(.notAuthorised, "not authorised: bad username or password, or this client is not allowed")
        case (.v5, 0x8A):
            return Self(.notAuthorised, "not authorised: this client is banned by the broker")
        case (.v5, 0x8C):
            return Self(.notAuthorised, "not authorised: the broker does not accept this authentication method")
        case (.v311, 1), (.v5, 1), (.v5, 0x84):
            return Self(
                .rejected,
                "the broker refused MQTT \(version == .v5 ? "5" : "3.1.1") (try the other protocol version)"
            )
        case (.v311, 2), (.v5, 0x85):
            return Self(.rejected, "the broker rejected the client id '\(options.clientID)'")
        case (.v311, 3), (.v5, 0x88), (.v5, 0x89):
            return Self(.rejected, "the broker at \(options.endpoint) is unavailable or busy")
        case (.v311, _):
            return Self(.rejected, "connection refused by the broker (CONNACK code \(code))")
        case (.v5, _):
            return Self(.rejected, "connection refused by the broker: \(reasonText(code))")
        }
    }

    /// A TLS failure, classified from libmosquitto's (and OpenSSL's) log lines.
    static func tls(log: [String], options: MQTTConnectOptions) -> Self {
        let text = log.joined(separator: "\n").lowercased()
        if text.contains("host name verification failed") || text.contains("hostname mismatch") {
            return Self(.tls, "TLS: host name mismatch: the broker's certificate does not name \(options.host)")
        }
        if text.contains("certificate verify failed") {
            return Self(
                .tls,
                "TLS: certificate not trusted: the broker's certificate does not chain to a trusted CA (tls.ca_file)")
        }
        if text.contains("unable to load client") || text.contains("key values mismatch") {
            return Self(.tls, "TLS: cannot load the client certificate or key (encrypted keys are not supported)")
        }
        if text.contains("unable to load ca") {
            return Self(.tls, "TLS: cannot load the CA certificates")
        }
        if text.contains("wrong version number") || text.contains("packet length too long")
            || text.contains("record layer failure")
        {
            return Self(.tls, "TLS: handshake with \(options.endpoint) failed (is it a TLS port?)")
        }
        let openSSL = log.first { $0.contains("OpenSSL Error") }.map { ": \($0)" } ?? ""
        return Self(.tls, "TLS: handshake with \(options.endpoint) failed\(openSSL)")
    }

    private static func isTLSLine(_ line: String) -> Bool {
        line.contains("OpenSSL Error") || line.contains("host name verification failed")
            || line.contains("Unable to load")
    }

    private static func errnoText(_ code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text).lowercased()
    }

    private static func reasonText(_ code: Int32) -> String {
        guard let text = mosquitto_reason_string(code) else { return "reason code \(code)" }
        return String(cString: text).lowercased().trimmingSuffix(".")
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
