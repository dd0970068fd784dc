/// A broker address written as a URL: `mqtt://host[:port]` or `mqtts://host[:port]`.
///
/// `mqtt://` defaults to port 1883, `mqtts://` to 8883. IPv6 addresses go in brackets
/// (`mqtt://[::1]:1883`). A single trailing `/` is accepted; paths, queries and user
/// information are not.
public struct MQTTURL: Sendable, Hashable, CustomStringConvertible {
    public enum Scheme: String, Sendable, Hashable {
        /// Plain TCP.
        case mqtt
        /// TLS.
        case mqtts

        /// The port used when the URL names none.
        public var defaultPort: Int { self == .mqtt ? 1883 : 8883 }
    }

    public var scheme: Scheme
    /// Host name or address; IPv6 without brackets.
    public var host: String
    public var port: Int

    /// A URL from its parts; `port` defaults to the scheme's.
    public init(scheme: Scheme, host: String, port: Int? = nil) {
        self.scheme = scheme
        self.host = host
        self.port = port ?? scheme.defaultPort
    }

    /// Parses `text`; `nil` when it is not an `mqtt://` or `mqtts://` URL with a valid host and port.
    public init?(_ text: String) {
        guard let separator = text.firstRange(of: "://") else { return nil }
        guard let scheme = Scheme(rawValue: text[..<separator.lowerBound].lowercased()) else { return nil }
        var rest = Substring(text[separator.upperBound...])
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        guard !rest.isEmpty, !rest.contains(where: { "/?#@ \t".contains($0) }) else { return nil }

        let host: Substring
        let portText: Substring?
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let after = rest[rest.index(after: close)...]
            if after.isEmpty {
                portText = nil
            } else {
                guard after.hasPrefix(":") else { return nil }
                portText = after.dropFirst()
            }
            guard host.contains(":"),
                host.allSatisfy({ $0.isHexDigit || ":.%".contains($0) || $0.isLetter || $0.isNumber })
            else { return nil }
        } else {
            let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return nil }
            host = parts[0]
            portText = parts.count == 2 ? parts[1] : nil
            guard host.allSatisfy({ ($0.isASCII && ($0.isLetter || $0.isNumber)) || "-._".contains($0) }) else {
                return nil
            }
        }
        guard !host.isEmpty else { return nil }

        var port = scheme.defaultPort
        if let portText {
            guard !portText.isEmpty, portText.count <= 5, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Int(portText), (1...65535).contains(value)
            else { return nil }
            port = value
        }
        self.init(scheme: scheme, host: String(host), port: port)
    }

    /// The URL in canonical form, always with the port: `mqtt://127.0.0.1:1883`.
    public var description: String {
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme.rawValue)://\(shownHost):\(port)"
    }
}
