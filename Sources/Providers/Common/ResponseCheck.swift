import WeatherModel

/// The checks every provider answer goes through before decoding: status codes to errors,
/// HTML and truncated bodies refused, JSON parsed with limits.
public enum ResponseCheck {
    /// Throws for anything but a 2xx answer. `message` pulls the provider's own error text out
    /// of an error body (for a clear message); `secrets` are cut from it (some providers echo
    /// the key back).
    public static func requireSuccess(
        _ response: ProviderResponse, provider: String, secrets: [String] = [],
        message: (JSONValue) -> String? = defaultMessage
    ) throws(ProviderError) {
        if (200..<300).contains(response.status) { return }
        if response.status == 304 { throw .notModified(Freshness(response: response)) }
        let parsed = try? JSONParser.parse(response.body)
        var text = parsed.flatMap(message) ?? statusText(response.status)
        text = redact(text, secrets: secrets)
        if text.count > 200 { text = String(text.prefix(200)) + "…" }
        let retryAfter = retryAfterSeconds(response)
        switch response.status {
        case 401, 403: throw .unauthorized("\(provider) refused the request (HTTP \(response.status)): \(text)")
        case 429: throw .rateLimited("\(provider): \(text)", retryAfter: retryAfter)
        default: throw .http(status: response.status, message: "\(provider): \(text)", retryAfter: retryAfter)
        }
    }

    /// Parses a successful answer's body as JSON; HTML, empty and truncated bodies are errors.
    public static func json(_ response: ProviderResponse, provider: String) throws(ProviderError) -> JSONValue {
        try json(response.body, provider: provider)
    }

    /// Parses a body as JSON; HTML, empty and truncated bodies are errors that say so.
    public static func json(_ body: [UInt8], provider: String) throws(ProviderError) -> JSONValue {
        let firstByte = body.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        guard let firstByte else { throw .invalidResponse("\(provider) sent an empty body") }
        if firstByte == UInt8(ascii: "<") {
            throw .invalidResponse("\(provider) sent HTML, not JSON (a captive portal or an error page?)")
        }
        do {
            return try JSONParser.parse(body)
        } catch {
            throw .invalidResponse("\(provider) sent JSON that does not parse: \(error)")
        }
    }

    /// The usual places a provider puts its error text: `reason`, `message`, `detail`, `title`, `error`.
    public static func defaultMessage(_ body: JSONValue) -> String? {
        for key in ["reason", "message", "detail", "title", "error"] {
            if let text = body[key]?.string, !text.isEmpty { return text }
        }
        return nil
    }

    /// `text` with every secret replaced by `***`.
    public static func redact(_ text: String, secrets: [String]) -> String {
        var result = text
        for secret in secrets where secret.count >= 4 {
            result = result.replacingAll(secret, with: "***")
        }
        return result
    }

    static func statusText(_ status: Int) -> String {
        switch status {
        case 400: "bad request"
        case 401: "unauthorized"
        case 403: "forbidden"
        case 404: "not found"
        case 429: "too many requests"
        case 500: "internal server error"
        case 502: "bad gateway"
        case 503: "service unavailable"
        case 504: "gateway timeout"
        default: "HTTP status \(status)"
        }
    }
}

extension Substring {
    func range(of target: String) -> Range<Substring.Index>? {
        let needle = Array(target.utf8)
        let hay = self.utf8
        guard needle.count <= hay.count else { return nil }
        var index = hay.startIndex
        while index != hay.endIndex {
            if hay[index...].starts(with: needle) {
                let end = hay.index(index, offsetBy: needle.count)
                return index..<end
            }
            index = hay.index(after: index)
        }
        return nil
    }
}
