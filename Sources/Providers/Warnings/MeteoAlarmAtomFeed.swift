import FoundationEssentials
import WeatherModel

/// The legacy MeteoAlarm Atom feed: one `<entry>` per warning and area, CAP fields in the
/// `cap:` namespace, no texts. Read entry by entry with byte searches (no XML library, no
/// document of the whole feed); `&amp;`-style references are decoded.
enum MeteoAlarmAtomFeed {
    static func decode(_ body: [UInt8], region: MeteoAlarm.RegionMatcher) throws(ProviderError) -> [Alert] {
        var alerts: [Alert] = []
        var seen: Set<String> = []
        try each(body) { entry in
            if let code = region.codeBytes, !ByteScan.contains(code, in: body, entry) { return }
            guard region.matches(code: emmaID(body, entry), name: text("cap:areaDesc", body, entry)),
                let alert = alert(body, entry), seen.insert(alert.id).inserted
            else { return }
            alerts.append(alert)
        }
        return alerts
    }

    static func regions(_ body: [UInt8]) throws(ProviderError) -> [MeteoAlarm.Region] {
        var names: [String: String] = [:]
        try each(body) { entry in
            guard let code = emmaID(body, entry) else { return }
            names[code] = text("cap:areaDesc", body, entry) ?? code
        }
        return names.map { MeteoAlarm.Region(code: $0.key, name: $0.value) }.sorted { $0.code < $1.code }
    }

    /// Calls `body` with the byte range of each `<entry>…</entry>`.
    static func each(_ feed: [UInt8], _ body: (Range<Int>) -> Void) throws(ProviderError) {
        guard ByteScan.contains(Array("<feed".utf8), in: feed, 0..<min(feed.count, 4096)) else {
            throw .invalidResponse("meteoalarm: the answer is neither the JSON feed nor an Atom <feed>")
        }
        let open = Array("<entry>".utf8)
        let close = Array("</entry>".utf8)
        var index = 0
        while let start = ByteScan.find(open, in: feed, index..<feed.count) {
            guard let end = ByteScan.find(close, in: feed, start.upperBound..<feed.count) else {
                throw .invalidResponse("meteoalarm: the Atom feed ends inside an <entry> (truncated?)")
            }
            body(start.upperBound..<end.lowerBound)
            index = end.upperBound
        }
    }

    static func alert(_ body: [UInt8], _ entry: Range<Int>) -> Alert? {
        if let status = text("cap:status", body, entry), status != "Actual" { return nil }
        if text("cap:message_type", body, entry) == "Cancel" { return nil }
        guard let id = text("cap:identifier", body, entry),
            let title = text("title", body, entry) ?? text("cap:event", body, entry)
        else { return nil }
        let event = text("cap:event", body, entry)
        // "Yellow Wind warning" (Poland) or "Orange Thunderstorm Warning issued for …" (the
        // title, Germany): the colour is the first word.
        let level = [event, title].lazy.compactMap { text in
            text?.split(separator: " ").first.flatMap { AwarenessLevel(parsing: "0; " + $0.lowercased()) }
        }.first
        func time(_ name: String) -> Date? { text(name, body, entry).flatMap { ISO8601.date($0) } }
        return Alert(
            id: id, title: title,
            severity: level?.severity ?? AlertSeverity(parsing: text("cap:severity", body, entry)),
            onset: time("cap:onset") ?? time("cap:effective"), expires: time("cap:expires"),
            uri: capLink(body, entry), event: event, awareness: level?.colour,
            attribution: MeteoAlarm.attribution(sender: nil)
        ).from(.meteoalarm)
    }

    /// The text of the first `<name>…</name>` in the entry, references decoded.
    static func text(_ name: String, _ body: [UInt8], _ entry: Range<Int>) -> String? {
        guard let open = ByteScan.find(Array("<\(name)>".utf8), in: body, entry),
            let close = ByteScan.find(Array("</\(name)>".utf8), in: body, open.upperBound..<entry.upperBound)
        else { return nil }
        let raw = String(decoding: body[open.upperBound..<close.lowerBound], as: UTF8.self)
        let value = XMLText.decode(raw)
        let trimmed = String(value.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The `EMMA_ID` among the entry's `<cap:geocode>` blocks.
    static func emmaID(_ body: [UInt8], _ entry: Range<Int>) -> String? {
        var index = entry.lowerBound
        let open = Array("<cap:geocode>".utf8)
        let close = Array("</cap:geocode>".utf8)
        while let start = ByteScan.find(open, in: body, index..<entry.upperBound),
            let end = ByteScan.find(close, in: body, start.upperBound..<entry.upperBound)
        {
            let block = start.upperBound..<end.lowerBound
            if text("valueName", body, block) == "EMMA_ID" { return text("value", body, block) }
            index = end.upperBound
        }
        return nil
    }

    /// The `href` of the entry's `<link … type="application/cap+xml"/>`.
    static func capLink(_ body: [UInt8], _ entry: Range<Int>) -> String? {
        guard let type = ByteScan.find(Array("type=\"application/cap+xml\"".utf8), in: body, entry) else { return nil }
        var start = type.lowerBound
        while start > entry.lowerBound, body[start] != UInt8(ascii: "<") { start -= 1 }
        guard let href = ByteScan.find(Array("href=\"".utf8), in: body, start..<type.lowerBound) else { return nil }
        var end = href.upperBound
        while end < type.lowerBound, body[end] != UInt8(ascii: "\"") { end += 1 }
        return XMLText.decode(String(decoding: body[href.upperBound..<end], as: UTF8.self))
    }
}

/// XML character references and the five predefined entities.
enum XMLText {
    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].prefix(12).firstIndex(of: ";") else {
                result += rest[amp...]
                return result
            }
            let name = rest[rest.index(after: amp)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"][String(name)]
            if let named {
                result += named
            } else if name.hasPrefix("#"), let scalar = number(name.dropFirst()).flatMap(Unicode.Scalar.init) {
                result.unicodeScalars.append(scalar)
            } else {
                result += rest[amp...semicolon]
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    static func number(_ text: Substring) -> UInt32? {
        if text.hasPrefix("x") || text.hasPrefix("X") { return UInt32(text.dropFirst(), radix: 16) }
        return UInt32(text, radix: 10)
    }
}
