import FoundationEssentials
import WeatherModel

extension WeatherViewModel {
    /// The nowcast's sentence said again in the view's language from the payload's fields
    /// (`starts_at`, `ends_at`, `window_end`, `peak_intensity`, `precipitation_type`), as of the
    /// view's `now`; `nil` without a nowcast or without those fields (the payload's `summary` then).
    static func nowcastSentence(_ json: JSONValue, now: Date, language: Language) -> String? {
        guard json["available"]?.bool == true, let end = json["window_end"]?.string.flatMap({ ISO8601.date($0) }),
            end > now
        else { return nil }
        func time(_ key: String) -> Date? { json[key]?.string.flatMap { ISO8601.date($0) } }
        let factor: Double =
            switch json["units"]?["precipitation_intensity"]?.string {
            case "in/h": 25.4
            case "cm/h": 10
            default: 1
            }
        let peak = json["peak_intensity"]?.double.map { $0 * factor }
        return NowcastOutlook.sentence(
            now: now, startsAt: time("starts_at"), endsAt: time("ends_at"), windowEnd: end, peak: peak,
            type: json["precipitation_type"]?.string.flatMap(PrecipitationType.init(rawValue:)),
            words: language.messages)
    }
}
