import ProviderFacts
import WeatherModel

extension Alert {
    /// The alert with `source` and `attribution` filled from `source` where they are empty.
    func from(_ source: WarningSource) -> Alert {
        var alert = self
        alert.source = source.rawValue
        if alert.attribution == nil { alert.attribution = source.attribution }
        return alert
    }
}
