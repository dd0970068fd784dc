import WeatherModel

/// Dark Sky / Pirate Weather `icon` values: the classic set (`clear-day`, `rain`, …) and
/// the extended one Pirate Weather sends with `icon=pirate` (`mostly-cloudy-night`,
/// `heavy-rain`, …).
enum PirateIcon {
    static func condition(_ icon: String) -> Condition? {
        switch base(icon) {
        case "clear", "mostly-clear": .sunny
        case "partly-cloudy": .partlyCloudy
        case "cloudy", "mostly-cloudy": .cloudy
        case "fog", "mist", "haze", "smoke": .fog
        case "rain", "drizzle", "light-rain", "possible-rain", "precipitation", "possible-precipitation": .rainy
        case "heavy-rain": .pouring
        case "snow", "light-snow", "heavy-snow", "flurries", "possible-snow": .snowy
        case "sleet", "light-sleet", "very-light-sleet", "heavy-sleet", "mixed", "possible-sleet", "ice",
            "freezing-rain":
            .snowyRainy
        case "hail": .hail
        case "thunderstorm", "possible-thunderstorm": .lightningRainy
        case "wind", "breezy", "dangerous-wind": .windy
        case "tornado": .exceptional
        default: nil
        }
    }

    /// `true` for `…-day`, `false` for `…-night`, else `nil`.
    static func isDay(_ icon: String) -> Bool? {
        if icon.hasSuffix("-day") { return true }
        if icon.hasSuffix("-night") { return false }
        return nil
    }

    /// The icon without its `-day`/`-night` suffix.
    static func base(_ icon: String) -> String {
        let lower = icon.lowercased()
        if lower.hasSuffix("-day") { return String(lower.dropLast(4)) }
        if lower.hasSuffix("-night") { return String(lower.dropLast(6)) }
        return lower
    }

    /// `precipType` (`rain`, `snow`, `sleet`, `hail`; `none` and anything else are `nil`).
    static func precipitationType(_ text: String?) -> PrecipitationType? {
        switch text?.lowercased() {
        case "rain": .rain
        case "snow": .snow
        case "sleet", "ice", "freezing-rain", "mixed": .sleet
        case "hail": .hail
        default: nil
        }
    }
}
