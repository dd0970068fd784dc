import ProviderFacts
import WeatherModel

/// A warning source a location can list under `alerts:` (SPEC §4 alerts), apart from its
/// forecast provider: each names its default base URL and the credit its data needs.
public enum WarningSource: String, Sendable, CaseIterable {
    /// US National Weather Service, `/alerts/active?point=`.
    case nws
    /// Deutscher Wetterdienst through Bright Sky, `/alerts?lat=&lon=` (Germany).
    case brightsky
    /// MET Norway MetAlerts 2.0, `/weatherapi/metalerts/2.0/current.json?lat=&lon=` (Norway).
    case metalerts
    /// EUMETNET MeteoAlarm, one feed per country, matched by region (Europe).
    case meteoalarm
    /// OpenWeatherMap One Call 4.0 alert detail, `/alert/{id}` (ids from the forecast).
    case openweathermap

    /// The credit each alert of this source carries in `attribution`.
    public var attribution: String {
        switch self {
        case .nws: "Warnings: US National Weather Service (public domain)"
        case .brightsky: "Warnings: Deutscher Wetterdienst, via Bright Sky"
        case .metalerts: "Warnings: MET Norway (CC BY 4.0)"
        case .meteoalarm: "Warnings: MeteoAlarm (EUMETNET) and the issuing national service"
        case .openweathermap: "Warnings: OpenWeatherMap, from the issuing national service"
        }
    }

    /// The source whose area covers a point, for `alerts: auto` (`WarningArea`).
    public static func defaultSource(latitude: Double, longitude: Double) -> WarningSource? {
        WarningArea.defaultSource(latitude: latitude, longitude: longitude).flatMap(WarningSource.init(rawValue:))
    }
}

extension Alert {
    /// The alert with `source` and `attribution` filled from `source` where they are empty.
    func from(_ source: WarningSource) -> Alert {
        var alert = self
        alert.source = source.rawValue
        if alert.attribution == nil { alert.attribution = source.attribution }
        return alert
    }
}
