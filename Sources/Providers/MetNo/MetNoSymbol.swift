import WeatherModel

/// MET Norway's weather symbols (`symbol_code`): a base name plus `_day`, `_night` or
/// `_polartwilight` where the sun matters (<https://api.met.no/weatherapi/weathericon/2.0/documentation>).
enum MetNoSymbol {
    struct Entry: Sendable {
        var condition: Condition
        var summary: String
        var precipitation: PrecipitationType?
    }

    /// Every base name met.no sends, including its two real misspellings
    /// (`lightssleetshowersandthunder`, `lightssnowshowersandthunder`) and, in case they are
    /// ever corrected, the proper spellings too.
    static let table: [String: Entry] = [
        "clearsky": Entry(condition: .sunny, summary: "Clear sky"),
        "fair": Entry(condition: .partlyCloudy, summary: "Fair"),
        "partlycloudy": Entry(condition: .partlyCloudy, summary: "Partly cloudy"),
        "cloudy": Entry(condition: .cloudy, summary: "Cloudy"),
        "fog": Entry(condition: .fog, summary: "Fog"),

        "lightrainshowers": Entry(condition: .rainy, summary: "Light rain showers", precipitation: .rain),
        "rainshowers": Entry(condition: .rainy, summary: "Rain showers", precipitation: .rain),
        "heavyrainshowers": Entry(condition: .pouring, summary: "Heavy rain showers", precipitation: .rain),
        "lightrainshowersandthunder": Entry(
            condition: .lightningRainy, summary: "Light rain showers and thunder", precipitation: .rain),
        "rainshowersandthunder": Entry(
            condition: .lightningRainy, summary: "Rain showers and thunder", precipitation: .rain),
        "heavyrainshowersandthunder": Entry(
            condition: .lightningRainy, summary: "Heavy rain showers and thunder", precipitation: .rain),

        "lightsleetshowers": Entry(condition: .snowyRainy, summary: "Light sleet showers", precipitation: .sleet),
        "sleetshowers": Entry(condition: .snowyRainy, summary: "Sleet showers", precipitation: .sleet),
        "heavysleetshowers": Entry(condition: .snowyRainy, summary: "Heavy sleet showers", precipitation: .sleet),
        "lightssleetshowersandthunder": Entry(
            condition: .lightningRainy, summary: "Light sleet showers and thunder", precipitation: .sleet),
        "lightsleetshowersandthunder": Entry(
            condition: .lightningRainy, summary: "Light sleet showers and thunder", precipitation: .sleet),
        "sleetshowersandthunder": Entry(
            condition: .lightningRainy, summary: "Sleet showers and thunder", precipitation: .sleet),
        "heavysleetshowersandthunder": Entry(
            condition: .lightningRainy, summary: "Heavy sleet showers and thunder", precipitation: .sleet),

        "lightsnowshowers": Entry(condition: .snowy, summary: "Light snow showers", precipitation: .snow),
        "snowshowers": Entry(condition: .snowy, summary: "Snow showers", precipitation: .snow),
        "heavysnowshowers": Entry(condition: .snowy, summary: "Heavy snow showers", precipitation: .snow),
        "lightssnowshowersandthunder": Entry(
            condition: .lightningRainy, summary: "Light snow showers and thunder", precipitation: .snow),
        "lightsnowshowersandthunder": Entry(
            condition: .lightningRainy, summary: "Light snow showers and thunder", precipitation: .snow),
        "snowshowersandthunder": Entry(
            condition: .lightningRainy, summary: "Snow showers and thunder", precipitation: .snow),
        "heavysnowshowersandthunder": Entry(
            condition: .lightningRainy, summary: "Heavy snow showers and thunder", precipitation: .snow),

        "lightrain": Entry(condition: .rainy, summary: "Light rain", precipitation: .rain),
        "rain": Entry(condition: .rainy, summary: "Rain", precipitation: .rain),
        "heavyrain": Entry(condition: .pouring, summary: "Heavy rain", precipitation: .rain),
        "lightrainandthunder": Entry(
            condition: .lightningRainy, summary: "Light rain and thunder", precipitation: .rain),
        "rainandthunder": Entry(condition: .lightningRainy, summary: "Rain and thunder", precipitation: .rain),
        "heavyrainandthunder": Entry(
            condition: .lightningRainy, summary: "Heavy rain and thunder", precipitation: .rain),

        "lightsleet": Entry(condition: .snowyRainy, summary: "Light sleet", precipitation: .sleet),
        "sleet": Entry(condition: .snowyRainy, summary: "Sleet", precipitation: .sleet),
        "heavysleet": Entry(condition: .snowyRainy, summary: "Heavy sleet", precipitation: .sleet),
        "lightsleetandthunder": Entry(
            condition: .lightningRainy, summary: "Light sleet and thunder", precipitation: .sleet),
        "sleetandthunder": Entry(condition: .lightningRainy, summary: "Sleet and thunder", precipitation: .sleet),
        "heavysleetandthunder": Entry(
            condition: .lightningRainy, summary: "Heavy sleet and thunder", precipitation: .sleet),

        "lightsnow": Entry(condition: .snowy, summary: "Light snow", precipitation: .snow),
        "snow": Entry(condition: .snowy, summary: "Snow", precipitation: .snow),
        "heavysnow": Entry(condition: .snowy, summary: "Heavy snow", precipitation: .snow),
        "lightsnowandthunder": Entry(
            condition: .lightningRainy, summary: "Light snow and thunder", precipitation: .snow),
        "snowandthunder": Entry(condition: .lightningRainy, summary: "Snow and thunder", precipitation: .snow),
        "heavysnowandthunder": Entry(
            condition: .lightningRainy, summary: "Heavy snow and thunder", precipitation: .snow),
    ]

    /// The base name and what the suffix says about daylight. `_polartwilight` (the sun stays
    /// just below the horizon, polar winters) counts as night: the sun is not up, and
    /// SPEC §4 wants `clear-night`, never `sunny`, while it is down.
    static func split(_ code: String) -> (base: String, isDay: Bool?) {
        for (suffix, isDay) in [("_day", true), ("_night", false), ("_polartwilight", false)]
        where code.hasSuffix(suffix) {
            return (String(code.dropLast(suffix.count)), isDay)
        }
        return (code, nil)
    }
}
