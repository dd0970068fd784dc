import FoundationEssentials
import WeatherModel

/// DWD warnings through Bright Sky: `GET /alerts?lat=…&lon=…` answers the alerts of the one
/// DWD warn cell the server finds for the point (`alerts: []` is the normal quiet state).
public enum BrightSkyAlerts {
    /// `/alerts?lat={lat}&lon={lon}` (4 decimals).
    public static func path(latitude: Double, longitude: Double) -> String {
        "/alerts?lat=" + ProviderQuery.coordinate(latitude) + "&lon=" + ProviderQuery.coordinate(longitude)
    }

    /// Decodes the answer; texts in German when `language` starts with `de`, else English
    /// (Bright Sky has only these two). Test messages (`status` other than `actual`) are
    /// left out. DWD has no colour of its own: `awareness` follows MeteoAlarm's scale for
    /// DWD's levels 1–4 (minor yellow … extreme red, as MeteoAlarm publishes DWD).
    public static func decode(_ body: [UInt8], language: String?) throws(ProviderError) -> [Alert] {
        let json = try ProviderCatalog.parse(body, provider: "brightsky")
        guard let alerts = json["alerts"]?.array else {
            throw .invalidResponse("brightsky: the answer has no \"alerts\" list")
        }
        let suffix = (language ?? "en").lowercased().hasPrefix("de") ? "_de" : "_en"
        func text(_ alert: JSONValue, _ key: String) -> String? {
            alert[key + suffix]?.text ?? alert[key + "_en"]?.text ?? alert[key + "_de"]?.text
        }
        return alerts.compactMap { alert -> Alert? in
            if let status = alert["status"]?.text, status.lowercased() != "actual" { return nil }
            guard let id = alert["alert_id"]?.text ?? alert["id"]?.int.map(String.init),
                let title = text(alert, "headline") ?? text(alert, "event")
            else { return nil }
            let severity = AlertSeverity(parsing: alert["severity"]?.string)
            let colour: String? =
                switch severity {
                case .minor: "yellow"
                case .moderate: "orange"
                case .severe, .extreme: "red"
                case .unknown: nil
                }
            return Alert(
                id: id, title: title, severity: severity, description: text(alert, "description"),
                onset: alert["onset"]?.isoTime ?? alert["effective"]?.isoTime, expires: alert["expires"]?.isoTime,
                event: text(alert, "event"), awareness: colour, instruction: text(alert, "instruction"),
                sender: "Deutscher Wetterdienst"
            ).from(.brightsky)
        }
    }
}
