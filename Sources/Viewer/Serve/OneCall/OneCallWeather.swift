import WeatherModel

/// The `weather[0]` of an OpenWeatherMap answer: its condition id, group, description and icon
/// (`https://openweathermap.org/weather-conditions`). The one table from a §4 condition to
/// OpenWeatherMap's ids and icons.
struct OneCallWeather: Sendable, Equatable {
    var id: Int
    /// The group, always English (`Rain`, `Clouds`).
    var main: String
    /// OpenWeatherMap's English description of `id` (`light rain`).
    var description: String
    /// The icon without its `d`/`n` (`10`).
    var icon: String

    /// OpenWeatherMap's condition for `condition`; `intensity` (mm/h) picks light, moderate or
    /// heavy rain and snow, `clouds` (percent) few, scattered or broken clouds.
    static func of(_ condition: Condition, intensity: Double?, clouds: Double?) -> OneCallWeather {
        switch condition {
        case .sunny, .clearNight: return clearSky
        case .partlyCloudy, .windy, .windyVariant:
            switch clouds ?? (condition == .windy ? 0 : 40) {
            case ..<11: return condition == .partlyCloudy ? fewClouds : clearSky
            case ..<25: return fewClouds
            case ..<51: return scatteredClouds
            default: return brokenClouds
            }
        case .cloudy: return overcastClouds
        case .fog: return fog
        case .rainy:
            let rate = intensity ?? 0
            return rate >= 7.6 ? heavyRain : rate >= 2.5 ? moderateRain : lightRain
        case .pouring: return heavyRain
        case .snowy:
            let rate = intensity ?? 0
            return rate >= 2.5 ? heavySnow : rate >= 1 ? snow : lightSnow
        case .snowyRainy: return rainAndSnow
        case .hail: return freezingRain
        case .lightning: return thunderstorm
        case .lightningRainy: return thunderstormWithRain
        case .exceptional: return squalls
        }
    }

    static let thunderstormWithRain = OneCallWeather(201, "Thunderstorm", "thunderstorm with rain", "11")
    static let thunderstorm = OneCallWeather(211, "Thunderstorm", "thunderstorm", "11")
    static let lightRain = OneCallWeather(500, "Rain", "light rain", "10")
    static let moderateRain = OneCallWeather(501, "Rain", "moderate rain", "10")
    static let heavyRain = OneCallWeather(502, "Rain", "heavy intensity rain", "10")
    static let freezingRain = OneCallWeather(511, "Rain", "freezing rain", "13")
    static let lightSnow = OneCallWeather(600, "Snow", "light snow", "13")
    static let snow = OneCallWeather(601, "Snow", "snow", "13")
    static let heavySnow = OneCallWeather(602, "Snow", "heavy snow", "13")
    static let rainAndSnow = OneCallWeather(616, "Snow", "rain and snow", "13")
    static let fog = OneCallWeather(741, "Fog", "fog", "50")
    static let squalls = OneCallWeather(771, "Squall", "squalls", "50")
    static let clearSky = OneCallWeather(800, "Clear", "clear sky", "01")
    static let fewClouds = OneCallWeather(801, "Clouds", "few clouds", "02")
    static let scatteredClouds = OneCallWeather(802, "Clouds", "scattered clouds", "03")
    static let brokenClouds = OneCallWeather(803, "Clouds", "broken clouds", "04")
    static let overcastClouds = OneCallWeather(804, "Clouds", "overcast clouds", "04")

    private init(_ id: Int, _ main: String, _ description: String, _ icon: String) {
        self.id = id
        self.main = main
        self.description = description
        self.icon = icon
    }
}
