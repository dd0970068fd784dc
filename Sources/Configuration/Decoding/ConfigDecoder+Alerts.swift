import ProviderFacts
import YAML

extension ConfigDecoder {
    /// A location's `alerts:` list and `meteoalarm:` region (SPEC §2). `alerts: []` (or no
    /// `alerts:`) means none; `alerts: auto` the source the coordinates make obvious (kept as
    /// `["auto"]`); without `alerts:` a location with a `meteoalarm:` region gets `[meteoalarm]`.
    func alertSettings(_ section: ConfigSection, path: String, into location: inout LocationSettings)
        throws(ConfigurationError)
    {
        if let node = section.value("meteoalarm") {
            let region = try self.section(node, path: section.name("meteoalarm"), keys: ["country", "region"])
            guard let country = try string(region, "country") else {
                throw fail(
                    node.line,
                    "\(region.name("country")) is required: the country as MeteoAlarm names its feed "
                        + "(germany, austria, bosnia-herzegovina, …)")
            }
            let slug = country.lowercased().split(whereSeparator: { $0 == " " || $0 == "_" }).joined(separator: "-")
            guard !slug.isEmpty, slug.allSatisfy({ ($0 >= "a" && $0 <= "z") || $0 == "-" }) else {
                throw fail(
                    region.value("country")?.line,
                    "\(region.name("country")) must be a country name in letters, such as germany or "
                        + "bosnia-herzegovina (got '\(MessageText.shown(country))')")
            }
            guard let code = try string(region, "region") else {
                throw fail(
                    node.line,
                    "\(region.name("region")) is required: an EMMA_ID code (DE343) or an area name from the feed "
                        + "(weather2mqtt check lists the regions a country's feed has)")
            }
            location.meteoAlarm = MeteoAlarmRegion(country: slug, region: code)
        }
        if let node = section.entry("alerts")?.value {
            location.alerts = try alertList(node, name: section.name("alerts"))
        } else if location.meteoAlarm != nil {
            location.alerts = [WarningSource.meteoalarm.rawValue]
        }
        let listsMeteoAlarm = location.alerts?.contains(WarningSource.meteoalarm.rawValue) == true
        if listsMeteoAlarm && location.meteoAlarm == nil {
            throw fail(
                section.value("alerts")?.line,
                "\(path) lists meteoalarm under alerts but has no region: add "
                    + "meteoalarm: { country: germany, region: DE343 } (an EMMA_ID code or an area name)")
        }
        if !listsMeteoAlarm && location.meteoAlarm != nil {
            throw fail(
                section.value("meteoalarm")?.line,
                "\(path) has a meteoalarm: region but its alerts: list does not name meteoalarm; add it to the list")
        }
    }

    private func alertList(_ node: YAMLNode, name: String) throws(ConfigurationError) -> [String] {
        let valid = WarningSource.allCases.map(\.rawValue)
        if node.isNull { return [] }
        if node.items == nil, let word = try? text(node, name), word == "auto" { return ["auto"] }
        guard let items = node.items else {
            throw fail(
                node.line,
                "\(name) must be a list such as [brightsky], [] for none or auto, not \(node.kindDescription) "
                    + "(valid: \(valid.joined(separator: ", ")))")
        }
        var names: [String] = []
        for item in items {
            let source = try text(item, name)
            guard WarningSource(rawValue: source) != nil else {
                let hint = MessageText.suggestion(for: source, among: valid).map { "did you mean '\($0)'? " } ?? ""
                throw fail(
                    item.line,
                    "\(name): unknown warning source '\(MessageText.shown(source))' (\(hint)valid: "
                        + valid.joined(separator: ", ") + ")")
            }
            guard !names.contains(source) else { throw fail(item.line, "\(name) lists '\(source)' twice") }
            names.append(source)
        }
        return names
    }

    /// `providers.brightsky|metalerts|meteoalarm`: `base_url`, and `format` for meteoalarm.
    func alertSources(_ node: YAMLNode?) throws(ConfigurationError) -> [String: AlertSourceSettings] {
        var result: [String: AlertSourceSettings] = [:]
        let names = KnownProvider.allCases.map(\.rawValue) + WarningSource.warningOnly.map(\.rawValue)
        let providers = try section(node, path: "providers", keys: names)
        for source in WarningSource.warningOnly {
            guard let entry = providers.entry(source.rawValue) else { continue }
            let section = try section(entry.value, path: "providers.\(source.rawValue)", keys: source.settingsKeys)
            var settings = AlertSourceSettings(baseURL: try httpURL(section, "base_url") ?? source.defaultBaseURL)
            if let format = try string(section, "format") {
                guard format == "json" || format == "atom" else {
                    throw fail(
                        section.value("format")?.line,
                        "\(section.name("format")) must be json (the API feed, with texts) or atom (the legacy "
                            + "feed) (got '\(MessageText.shown(format))')")
                }
                settings.format = format
            }
            result[source.rawValue] = settings
        }
        return result
    }
}
