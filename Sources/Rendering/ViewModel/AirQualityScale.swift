/// The words for an air-quality index: the European Environment Agency's six bands of the
/// European AQI and the US EPA's six categories of the US AQI.
public enum AirQualityScale {
    /// `good` (0–20), `fair` (–40), `moderate` (–60), `poor` (–80), `very poor` (–100),
    /// `extremely poor` (above 100).
    public static func european(_ index: Double) -> String {
        switch index {
        case ..<20.5: "good"
        case ..<40.5: "fair"
        case ..<60.5: "moderate"
        case ..<80.5: "poor"
        case ..<100.5: "very poor"
        default: "extremely poor"
        }
    }

    /// `good` (0–50), `moderate` (–100), `unhealthy for sensitive groups` (–150), `unhealthy`
    /// (–200), `very unhealthy` (–300), `hazardous` (above 300).
    public static func us(_ index: Double) -> String {
        switch index {
        case ..<50.5: "good"
        case ..<100.5: "moderate"
        case ..<150.5: "unhealthy for sensitive groups"
        case ..<200.5: "unhealthy"
        case ..<300.5: "very unhealthy"
        default: "hazardous"
        }
    }

    /// A provider's own index on its scale: "US AQI 42 (good)", "AQHI 3", "DAQI 2", "AQI 35 (0-100)".
    static func providerIndex(_ index: Double, scale: String) -> String {
        let value = Int(index.rounded())
        return switch scale {
        case "us-epa": "US AQI \(value) (\(us(index)))"
        case "eccc-aqhi": "AQHI \(value)"
        case "uk-daqi": "DAQI \(value)"
        default: "AQI \(value) (0-100)"
        }
    }

    /// The short form on an e-ink header: "AQI 27", or the provider's index ("AQHI 3").
    public static func short(_ model: WeatherViewModel) -> String? {
        if let index = model.europeanAQI ?? model.usAQI { return "AQI \(Int(index.rounded()))" }
        guard let index = model.providerIndex else { return nil }
        let name =
            switch model.providerIndexScale {
            case "eccc-aqhi": "AQHI"
            case "uk-daqi": "DAQI"
            default: "AQI"
            }
        return "\(name) \(Int(index.rounded()))"
    }

    /// "European AQI 27 (fair) · US AQI 61 (moderate) · PM2.5 8 · PM10 13 µg/m³": the
    /// values the model has, `nil` when it has none.
    public static func summary(_ model: WeatherViewModel, separator: String = " · ", asciiOnly: Bool = false) -> String?
    {
        let microgram = asciiOnly ? "ug/m3" : "µg/m³"
        var parts: [String] = []
        if let index = model.europeanAQI { parts.append("European AQI \(Int(index.rounded())) (\(european(index)))") }
        if let index = model.usAQI { parts.append("US AQI \(Int(index.rounded())) (\(us(index)))") }
        if parts.isEmpty, let index = model.providerIndex, let scale = model.providerIndexScale {
            parts.append(providerIndex(index, scale: scale))
        }
        var particles: [String] = []
        if let value = model.pm2_5 { particles.append("PM2.5 \(Int(value.rounded()))") }
        if let value = model.pm10 { particles.append("PM10 \(Int(value.rounded()))") }
        if !particles.isEmpty { parts.append(particles.joined(separator: separator) + " " + microgram) }
        return parts.isEmpty ? nil : parts.joined(separator: separator)
    }
}
