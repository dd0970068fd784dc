import FoundationEssentials
import WeatherModel

/// The MeteoAlarm JSON API feed `{"warnings": [{"alert": {CAP…}, "uuid": …}, …]}`, read
/// one warning at a time (`JSONArrayScan`); with a region given as a code, warnings whose
/// bytes do not contain the code are not even parsed.
enum MeteoAlarmJSONFeed {
    static func decode(
        _ body: [UInt8], region: MeteoAlarm.RegionMatcher, language: String?
    ) throws(ProviderError) -> [Alert] {
        var alerts: [Alert] = []
        try each(body) { range in
            if let code = region.codeBytes, !ByteScan.contains(code, in: body, range) { return }
            guard let warning = try? JSONParser.parse(body[range]) else { return }
            if let alert = alert(warning, region: region, language: language) { alerts.append(alert) }
        }
        return alerts
    }

    static func regions(_ body: [UInt8]) throws(ProviderError) -> [MeteoAlarm.Region] {
        var names: [String: String] = [:]
        try each(body) { range in
            guard let warning = try? JSONParser.parse(body[range]) else { return }
            for info in warning["alert"]?["info"]?.array ?? [] {
                let english = (info["language"]?.text ?? "").lowercased().hasPrefix("en")
                for area in info["area"]?.array ?? [] {
                    guard let code = emmaID(area) else { continue }
                    let name = area["areaDesc"]?.text ?? code
                    if names[code] == nil || english { names[code] = name }
                }
            }
        }
        return names.map { MeteoAlarm.Region(code: $0.key, name: $0.value) }.sorted { $0.code < $1.code }
    }

    /// Calls `body` with each warning's bytes; a feed that is not the expected object is
    /// `.invalidResponse` naming the byte where it went wrong.
    static func each(_ feed: [UInt8], _ body: (Range<Int>) -> Void) throws(ProviderError) {
        let found: Bool
        do {
            found = try JSONArrayScan.elements(of: "warnings", in: feed, body)
        } catch let error as JSONArrayScan.Malformed {
            throw .invalidResponse("meteoalarm: the feed is not valid JSON (at byte \(error.offset))")
        } catch {
            throw .invalidResponse("meteoalarm: the feed could not be read")
        }
        if !found { throw .invalidResponse("meteoalarm: the feed has no \"warnings\" list") }
    }

    static func emmaID(_ area: JSONValue) -> String? {
        (area["geocode"]?.array ?? []).first { $0["valueName"]?.string == "EMMA_ID" }?["value"]?.text
    }

    /// The warning as an alert if one of its areas (in any language) is the region; texts
    /// from the `info` in `language`, else English, else the first. Cancellations and
    /// messages that are not `Actual` are left out.
    static func alert(_ warning: JSONValue, region: MeteoAlarm.RegionMatcher, language: String?) -> Alert? {
        guard let cap = warning["alert"], let id = cap["identifier"]?.text else { return nil }
        if let status = cap["status"]?.text, status != "Actual" { return nil }
        if cap["msgType"]?.text == "Cancel" { return nil }
        let infos = cap["info"]?.array ?? []
        let covered = infos.contains { info in
            (info["area"]?.array ?? []).contains { region.matches(code: emmaID($0), name: $0["areaDesc"]?.text) }
        }
        guard covered else { return nil }
        let wanted = (language ?? "en").lowercased().split(separator: "-").first.map(String.init) ?? "en"
        func lang(_ info: JSONValue) -> String { (info["language"]?.text ?? "").lowercased() }
        guard
            let info = infos.first(where: { lang($0).hasPrefix(wanted) }) ?? infos.first(where: {
                lang($0).hasPrefix("en")
            })
                ?? infos.first
        else { return nil }
        let parameter = (info["parameter"]?.array ?? []).first { $0["valueName"]?.string == "awareness_level" }
        let level = AwarenessLevel(parsing: parameter?["value"]?.string)
        let sender = info["senderName"]?.text ?? cap["sender"]?.text
        guard let title = info["headline"]?.text ?? info["event"]?.text else { return nil }
        return Alert(
            id: id, title: title, severity: level?.severity ?? AlertSeverity(parsing: info["severity"]?.string),
            description: info["description"]?.text, onset: info["onset"]?.isoTime ?? info["effective"]?.isoTime,
            expires: info["expires"]?.isoTime, uri: info["web"]?.text, event: info["event"]?.text,
            awareness: level?.colour, instruction: info["instruction"]?.text, sender: sender,
            attribution: MeteoAlarm.attribution(sender: sender)
        ).from(.meteoalarm)
    }
}
