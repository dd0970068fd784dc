import FoundationEssentials
import WeatherModel

/// MET Norway MetAlerts 2.0: `GET /current.json?lat=…&lon=…&lang=…` answers a GeoJSON
/// `FeatureCollection` of the CAP alerts whose area holds the point (an empty collection is
/// the normal quiet state). The terms ask for an identifying User-Agent and at most one
/// request per 10 minutes per client (`WarningSource.cadence`).
public enum MetAlerts {
    /// `/current.json?lat={lat}&lon={lon}&lang={en|no}`: Norwegian texts when `language`
    /// starts with `no`, `nb` or `nn`, else English.
    public static func path(latitude: Double, longitude: Double, language: String?) -> String {
        "/current.json?lat=" + ProviderQuery.coordinate(latitude) + "&lon=" + ProviderQuery.coordinate(longitude)
            + "&lang=" + (norwegian(language) ? "no" : "en")
    }

    static func norwegian(_ language: String?) -> Bool {
        let code = (language ?? "").lowercased()
        return code.hasPrefix("no") || code.hasPrefix("nb") || code.hasPrefix("nn")
    }

    /// Decodes the collection. Severity and colour come from `awareness_level`
    /// (`"2; yellow; Moderate"`), else `severity` / `riskMatrixColor`; validity from
    /// `when.interval`, ending at `eventEndingTime` when that is sooner. Messages with a
    /// `status` other than `Actual` are left out.
    public static func decode(_ body: [UInt8]) throws(ProviderError) -> [Alert] {
        let json = try ProviderCatalog.parse(body, provider: "metalerts")
        guard let features = json["features"]?.array else {
            throw .invalidResponse("metalerts: the answer is not a FeatureCollection (no \"features\")")
        }
        return features.compactMap { feature -> Alert? in
            guard let properties = feature["properties"] else { return nil }
            if let status = properties["status"]?.text, status != "Actual" { return nil }
            guard let id = properties["id"]?.text,
                let title = properties["title"]?.text ?? properties["eventAwarenessName"]?.text
            else { return nil }
            let level = AwarenessLevel(parsing: properties["awareness_level"]?.string)
            let colour = level?.colour ?? properties["riskMatrixColor"]?.text?.lowercased()
            let severity = level?.severity ?? AlertSeverity(parsing: properties["severity"]?.string)
            let interval = feature["when"]?["interval"]
            var expires = interval?[1]?.isoTime
            if let ending = properties["eventEndingTime"]?.isoTime, expires.map({ ending < $0 }) ?? true {
                expires = ending
            }
            var description = properties["description"]?.text
            if let consequences = properties["consequences"]?.text {
                description = description.map { $0 + "\n\n" + consequences } ?? consequences
            }
            return Alert(
                id: id, title: title, severity: severity, description: description,
                onset: interval?[0]?.isoTime, expires: expires, uri: properties["web"]?.text,
                event: properties["event"]?.text, awareness: colour, instruction: properties["instruction"]?.text,
                sender: "MET Norway"
            ).from(.metalerts)
        }
    }
}
