import ProviderFacts
import YAML

extension ConfigDecoder {
    /// The `providers:` section: one entry per known provider name (`ProviderSettings`
    /// documents the keys).
    func providers(_ node: YAMLNode?) throws(ConfigurationError) -> [String: ProviderSettings] {
        let names = KnownProvider.allCases.map(\.rawValue) + WarningSource.warningOnly.map(\.rawValue)
        let section = try section(node, path: "providers", keys: names)
        var result: [String: ProviderSettings] = [:]
        for entry in section.entries {
            guard let provider = KnownProvider(rawValue: entry.key) else { continue }
            result[entry.key] = try settings(of: provider, entry)
        }
        return result
    }

    private func settings(of provider: KnownProvider, _ entry: ConfigEntry) throws(ConfigurationError)
        -> ProviderSettings
    {
        let section = try section(entry.value, path: "providers.\(entry.key)", keys: provider.validKeys)
        var settings = ProviderSettings(defaultsFor: provider)
        settings.line = entry.line
        if let url = try httpURL(section, "base_url") { settings.baseURL = url }
        settings.apiKey = try secret(section, "api_key", fileKey: "api_key_file")
        if let key = settings.apiKey, key.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) {
            let line = section.value("api_key") ?? section.value("api_key_file")
            throw fail(line, "\(section.name("api_key")) must not contain spaces or control characters")
        }
        settings.dailyBudget = try int(section, "daily_budget", in: 1...10_000_000)
        if let api = try string(section, "api") {
            guard api == "onecall" || api == "onecall4" || api == "free" else {
                throw fail(
                    section.value("api"),
                    "\(section.name("api")) must be onecall (One Call 3.0), onecall4 (One Call 4.0) or free "
                        + "(2.5 current + 5 day / 3 hour) "
                        + "(got '\(MessageText.shown(api))')")
            }
            settings.api = api
        }
        if let url = try httpURL(section, "geocoding_url") { settings.geocodingURL = url }
        if let url = try httpURL(section, "air_quality_url") { settings.airQualityURL = url }
        return settings
    }

    /// An `http://` or `https://` base URL, without a query or a trailing `/`.
    func httpURL(_ section: ConfigSection, _ key: String) throws(ConfigurationError) -> String? {
        guard let value = try string(section, key) else { return nil }
        let name = section.name(key)
        let line = section.value(key)
        let lowered = value.lowercased()
        let scheme = lowered.hasPrefix("https://") ? "https://" : lowered.hasPrefix("http://") ? "http://" : nil
        guard let scheme else {
            throw fail(line, "\(name) must be an http:// or https:// URL (got '\(MessageText.shown(value))')")
        }
        var url = scheme + value.dropFirst(scheme.count)
        let host = url.dropFirst(scheme.count).prefix(while: { $0 != "/" })
        guard !host.isEmpty, !host.hasPrefix(":"), !host.hasPrefix("@") else {
            throw fail(line, "\(name) has no host (got '\(MessageText.shown(value))')")
        }
        if url.contains(where: { $0 == " " || $0 == "?" || $0 == "#" }) {
            throw fail(
                line, "\(name) must be a base URL without spaces, query or fragment (got '\(MessageText.shown(value))')"
            )
        }
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }
}
