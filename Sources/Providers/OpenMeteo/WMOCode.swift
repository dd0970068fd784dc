import WeatherModel

/// WMO weather interpretation codes (WW), as Open-Meteo reports them.
enum WMOCode {
    /// The Home Assistant condition for a code, before the day/night adjustment.
    static func condition(_ code: Int) -> Condition? {
        switch code {
        case 0, 1: .sunny
        case 2: .partlyCloudy
        case 3: .cloudy
        case 45, 48: .fog
        case 51, 53, 55, 61, 63, 80: .rainy
        case 65, 81, 82: .pouring
        case 56, 57, 66, 67: .snowyRainy
        case 71, 73, 75, 77, 85, 86: .snowy
        case 95: .lightningRainy
        case 96, 99: .hail
        default: nil
        }
    }

    static func summary(_ code: Int) -> String? {
        switch code {
        case 0: "Clear sky"
        case 1: "Mainly clear"
        case 2: "Partly cloudy"
        case 3: "Overcast"
        case 45: "Fog"
        case 48: "Depositing rime fog"
        case 51: "Light drizzle"
        case 53: "Drizzle"
        case 55: "Dense drizzle"
        case 56: "Light freezing drizzle"
        case 57: "Freezing drizzle"
        case 61: "Light rain"
        case 63: "Rain"
        case 65: "Heavy rain"
        case 66: "Light freezing rain"
        case 67: "Freezing rain"
        case 71: "Light snow"
        case 73: "Snow"
        case 75: "Heavy snow"
        case 77: "Snow grains"
        case 80: "Light rain showers"
        case 81: "Rain showers"
        case 82: "Violent rain showers"
        case 85: "Light snow showers"
        case 86: "Snow showers"
        case 95: "Thunderstorm"
        case 96: "Thunderstorm with light hail"
        case 99: "Thunderstorm with hail"
        default: nil
        }
    }

    static func precipitationType(_ code: Int) -> PrecipitationType? {
        switch code {
        case 51, 53, 55, 61, 63, 65, 80, 81, 82, 95: .rain
        case 56, 57, 66, 67: .sleet
        case 71, 73, 75, 77, 85, 86: .snow
        case 96, 99: .hail
        default: nil
        }
    }
}
