import WeatherModel

/// OpenWeatherMap's weather condition ids (`weather[].id`), grouped by hundreds:
/// 2xx thunderstorm, 3xx drizzle, 5xx rain, 6xx snow, 7xx atmosphere, 800 clear, 80x clouds.
enum OWMConditionCode {
    /// The Home Assistant condition, before the day/night adjustment.
    static func condition(_ id: Int) -> Condition? {
        switch id {
        case 200, 201, 202, 230, 231, 232: .lightningRainy
        case 210, 211, 212, 221: .lightning
        case 300...321: .rainy
        case 502, 503, 504, 522: .pouring
        case 511: .snowyRainy
        case 500...531: .rainy
        case 611...616: .snowyRainy
        case 600...622: .snowy
        case 701, 711, 721, 741: .fog
        case 771: .windy
        case 731, 751, 761, 762, 781: .exceptional
        case 800: .sunny
        case 801, 802: .partlyCloudy
        case 803, 804: .cloudy
        case 906: .hail
        default: nil
        }
    }

    /// What falls, by the id alone.
    static func precipitationType(_ id: Int) -> PrecipitationType? {
        switch id {
        case 200...202, 230...232, 300...321, 500...504, 520...531: .rain
        case 511, 611...616: .sleet
        case 600...602, 620...622: .snow
        case 906: .hail
        default: nil
        }
    }
}
