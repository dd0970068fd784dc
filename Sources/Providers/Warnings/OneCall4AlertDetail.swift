import FoundationEssentials
import WeatherModel

/// OpenWeatherMap One Call 4.0: a forecast lists only alert ids (`alerts: ["urn:oid:…"]`);
/// `GET /alert/{id}` answers one alert's detail. Ids are stable, so a detail is fetched once
/// per new id and kept while the id is listed (the bridge's `AlertSources`).
public enum OneCall4AlertDetail {
    /// `/alert/{id}?appid=…`, the id percent-encoded (it contains `:`).
    public static func path(id: String) -> String {
        var encoded = ""
        for byte in id.utf8 {
            let character = Character(Unicode.Scalar(byte))
            if byte < 0x80, character.isLetter || character.isNumber || "-._~".contains(character) {
                encoded.append(character)
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                encoded += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return "/alert/" + encoded
    }

    /// Decodes one detail. The description in `language` when the list has it (matched on
    /// the language part, `pt` for `pt-BR`), else English, else the first. `event` is often
    /// empty: the title is then the tags (`Rain`), and the event the first tag.
    public static func decode(_ body: [UInt8], language: String?) throws(ProviderError) -> Alert {
        let json = try ProviderCatalog.parse(body, provider: "openweathermap")
        guard let id = json["id"]?.text else {
            throw .invalidResponse("openweathermap: the alert detail has no \"id\"")
        }
        let tags = (json["tags"]?.array ?? []).compactMap(\.text)
        let event = json["event"]?.text ?? tags.first
        let title = json["event"]?.text ?? (tags.isEmpty ? "Weather alert" : tags.joined(separator: ", "))
        let texts = (json["description"]?.array ?? []).compactMap { entry -> (String, String)? in
            guard let text = entry["description"]?.text else { return nil }
            return ((entry["language"]?.text ?? "").lowercased(), text)
        }
        let wanted = (language ?? "en").lowercased().split(separator: "-").first.map(String.init) ?? "en"
        let description =
            texts.first { $0.0.hasPrefix(wanted) }?.1 ?? texts.first { $0.0.hasPrefix("en") }?.1 ?? texts.first?.1
        return Alert(
            id: id, title: title, severity: AlertSeverity(guessingFrom: title), description: description,
            onset: json["start"]?.unixTime, expires: json["end"]?.unixTime, event: event,
            sender: json["sender_name"]?.text
        ).from(.openweathermap)
    }
}
