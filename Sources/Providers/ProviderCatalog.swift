import FoundationEssentials
import ProviderFacts
import WeatherModel

/// Every provider the bridge knows, by the name configuration uses (`providers:` keys and
/// a location's `providers: [...]`).
public enum ProviderCatalog {
    /// The provider names, in the order SPEC §5 lists them (`ProviderDescriptor.all`).
    public static var names: [String] { ProviderDescriptor.names }

    /// Every provider, in the order of `ProviderID` (the one list a new provider joins).
    public static let kinds: [ProviderKind] = ProviderID.allCases.map(kind)

    /// How the provider `id` is built: each provider's folder declares its own
    /// (`<Provider>+Kind.swift`); a new case of `ProviderID` stops the build here until it has one.
    static func kind(_ id: ProviderID) -> ProviderKind {
        switch id {
        case .openMeteo: OpenMeteo.kind
        case .openWeatherMap: OpenWeatherMap.kind
        case .pirateWeather: PirateWeather.kind
        case .metNo: MetNo.kind
        case .nws: NWS.kind
        }
    }

    /// Builds the provider called `name`.
    ///
    /// - Parameters:
    ///   - baseURL: `providers.<name>.base_url`; empty means the provider's public service.
    ///   - apiKey: `api_key` / `api_key_file` (the providers whose descriptor `needsKey`).
    ///   - api: OpenWeatherMap's `api:` (`onecall`, the default, `onecall4` or `free`); ignored by the others.
    ///   - userAgent: `weather2mqtt/<version> (<contact>)`, sent with every request.
    ///   - contact: the configuration's `contact:`; MET Norway and the NWS refuse anonymous clients.
    ///   - pointsCache: where the NWS provider keeps `/points` answers (the bridge's `state_dir`).
    public static func make(
        name: String, baseURL: String, apiKey: String?, api: String?, userAgent: String, contact: String?,
        pointsCache: (any NWSPointsCache)?
    ) throws(ProviderError) -> any WeatherProvider {
        guard let kind = kinds.first(where: { $0.descriptor.name == name }) else {
            throw .invalidResponse("unknown provider `\(name)` (valid: \(names.joined(separator: ", ")))")
        }
        let facts = kind.descriptor
        let base = baseURL.trimmingSpaces()
        let key = apiKey?.trimmingSpaces() ?? ""
        if facts.needsKey, key.isEmpty {
            throw .unauthorized("\(name) needs an API key (`api_key` or `api_key_file`)")
        }
        if facts.needsContact, (contact ?? "").trimmingSpaces().isEmpty {
            throw .unauthorized(
                "\(name) requires a contact (an e-mail address or URL) in the User-Agent: "
                    + "set `contact:` in the configuration")
        }
        return try kind.build(
            ProviderSetup(
                baseURL: base.isEmpty ? facts.defaultBaseURL : base, apiKey: key, api: api, userAgent: userAgent,
                pointsCache: pointsCache))
    }

    /// Whether the provider called `name` writes its condition texts in `language` when asked
    /// (`ProviderDescriptor.answersInLanguage`: OpenWeatherMap and Pirate Weather take `lang=`).
    /// Where it does not, the payloads' summaries are the bridge's own words for the condition.
    public static func answersIn(_ language: Language, provider name: String) -> Bool {
        language == .en || ProviderDescriptor.named(name)?.answersInLanguage == true
    }

    /// The attribution a provider's terms ask for in every payload; `nil` for an unknown name.
    public static func attribution(for name: String) -> String? {
        ProviderDescriptor.named(name)?.attribution
    }

    /// Throws unless `userAgent` carries a contact: a parenthesised comment holding an e-mail
    /// address or a URL, as MET Norway's and the NWS's terms of service ask
    /// (`weather2mqtt/1.0 (me@example.com)`).
    static func requireIdentifying(_ userAgent: String, provider: String) throws(ProviderError) {
        let hasContact: Bool = {
            guard let open = userAgent.firstIndex(of: "("), let close = userAgent.lastIndex(of: ")"), open < close
            else { return false }
            let comment = userAgent[userAgent.index(after: open)..<close].trimmingSpaces()
            return comment.contains("@") || comment.contains(".")
        }()
        guard hasContact else {
            throw .unauthorized(
                "\(provider) requires a User-Agent with a contact, like `weather2mqtt/1.0 (you@example.com)`: "
                    + "set `contact:` in the configuration")
        }
    }

    /// A base URL without its trailing slashes.
    static func trimmedBaseURL(_ text: String) -> String {
        var result = text.trimmingSpaces()
        while result.hasSuffix("/") { result.removeLast() }
        return result
    }

    /// `response` without header values that would overflow an integer in `Freshness`,
    /// `RateLimit` or `retryAfterSeconds` (a year of 20 digits, a limit of `1e300`): those
    /// trap today, and a hostile proxy must not crash the bridge. Remove once Common checks.
    static func defused(_ response: ProviderResponse) -> ProviderResponse {
        var response = response
        response.headers = response.headers.filter { header in
            let name = header.name.lowercased()
            if ["date", "expires", "last-modified", "retry-after"].contains(name) {
                var run = 0
                for character in header.value {
                    run = character.isASCII && character.isNumber ? run + 1 : 0
                    if run > 6 { return false }
                }
                return true
            }
            if name.contains("ratelimit") || name == "x-forecast-api-calls" {
                let first = header.value.split(separator: ",").first.map { $0.trimmingSpaces() } ?? ""
                guard let number = Double(first) else { return true }
                return abs(number) < 1e12
            }
            return true
        }
        return response
    }

    /// Parses an answer body: HTML, empty and truncated bodies are `.invalidResponse`.
    static func parse(_ body: [UInt8], provider: String) throws(ProviderError) -> JSONValue {
        try ResponseCheck.json(
            ProviderResponse(status: 200, body: body, receivedAt: Date(timeIntervalSince1970: 0)), provider: provider)
    }
}

// Reading provider JSON defensively: a value of the wrong type is `nil`, never a trap.
extension JSONValue {
    /// Unix seconds as an instant, if plausible for weather data (after 1970-01-12, before
    /// 2286): absurd numbers are `nil`, so they can never overflow a date calculation.
    var unixTime: Date? {
        guard let seconds = lenientDouble, seconds > 1_000_000, seconds < 10_000_000_000 else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// An ISO 8601 timestamp (with its offset) as an instant, if plausible.
    var isoTime: Date? {
        guard let text = string, let date = ISO8601.date(text),
            date.timeIntervalSince1970 > 1_000_000, date.timeIntervalSince1970 < 10_000_000_000
        else { return nil }
        return date
    }

    /// A non-empty string.
    var text: String? {
        guard let value = string?.trimmingSpaces(), !value.isEmpty else { return nil }
        return value
    }
}

extension String {
    /// The text with its first letter upper-cased (`"overcast clouds"` → `"Overcast clouds"`).
    var capitalisedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}

extension String {
    /// Lower-case ASCII letters and digits, everything else `-` (for alert ids).
    var slug: String {
        String(
            lowercased().unicodeScalars.map { scalar in
                ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? Character(scalar) : "-"
            })
    }
}

extension AlertSeverity {
    /// The severity an alert's title implies, for providers that send none: MeteoAlarm
    /// colours (`Red`, `Orange`/`Amber`, `Yellow`, `Green`), then the NWS words (`Warning`,
    /// `Watch`, `Advisory`/`Statement`); otherwise `unknown`.
    init(guessingFrom text: String) {
        let words = text.lowercased().split(whereSeparator: { !$0.isLetter }).map(String.init)
        let table: [(String, AlertSeverity)] = [
            ("red", .extreme), ("orange", .severe), ("amber", .severe), ("yellow", .moderate), ("green", .minor),
            ("warning", .severe), ("watch", .moderate), ("advisory", .minor), ("statement", .minor),
        ]
        self = table.first { words.contains($0.0) }?.1 ?? .unknown
    }
}
