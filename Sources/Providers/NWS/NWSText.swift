import WeatherModel

/// The NWS's text and unit conventions: `shortForecast` phrases, icon URLs, wind strings,
/// compass directions and `QuantitativeValue`s (`{"unitCode": "wmoUnit:degC", "value": 3}`).
enum NWSText {
    /// The condition a `shortForecast` names (`"Chance Light Snow then Mostly Cloudy"`): the
    /// phrase before `then` counts, keywords from the most to the least significant.
    /// `nil` when no keyword matches (`"Hot"`, `"Cold"`): the icon decides then.
    static func condition(shortForecast text: String) -> Condition? {
        let lower = text.lowercased()
        let phrase = Substring(lower).range(of: " then ").map { String(lower[..<$0.lowerBound]) } ?? lower
        func has(_ words: String...) -> Bool { words.contains { phrase.contains($0) } }
        if has("tornado", "hurricane", "tropical storm", "funnel cloud") { return .exceptional }
        if has("thunder", "t-storm", "tstorm") { return .lightningRainy }
        if has("hail") { return .hail }
        if has("freezing", "sleet", "wintry mix", "rain and snow", "snow and rain", "ice pellets") {
            return .snowyRainy
        }
        if has("snow", "flurries", "blizzard") { return .snowy }
        if has("heavy rain") { return .pouring }
        if has("rain", "showers", "drizzle", "sprinkles") { return .rainy }
        if has("fog", "haze", "smoke", "dust", "mist") { return .fog }
        if has("windy", "breezy", "blustery", "gusty") {
            return has("cloudy", "overcast") ? .windyVariant : .windy
        }
        if has("partly cloudy", "partly sunny") { return .partlyCloudy }
        if has("cloudy", "overcast") { return .cloudy }
        if has("sunny", "clear", "fair") { return .sunny }
        return nil
    }

    /// The codes of an icon URL (`https://api.weather.gov/icons/land/day/tsra,40/ovc?size=medium`):
    /// `"tsra,40/ovc"` (the provider's own code), the first code without its probability
    /// (`"tsra"`) and whether it is a day icon.
    static func icon(_ url: String) -> (code: String, first: String, isDay: Bool?)? {
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        var parts = path.split(separator: "/").map(String.init)
        if let index = parts.firstIndex(of: "icons") { parts.removeFirst(index + 1) }
        var isDay: Bool?
        if let index = parts.firstIndex(where: { $0 == "day" || $0 == "night" }) {
            isDay = parts[index] == "day"
            parts.removeFirst(index + 1)
        }
        guard let first = parts.first?.split(separator: ",").first.map(String.init), !first.isEmpty else { return nil }
        return (parts.joined(separator: "/"), first, isDay)
    }

    /// The condition of an icon code (NWS's icon set: `skc`, `few`, …, `tsra_hi`, `fog`).
    static func condition(iconCode code: String) -> Condition? {
        switch code {
        case "skc", "few", "hot", "cold": .sunny
        case "sct": .partlyCloudy
        case "bkn", "ovc": .cloudy
        case "wind_skc", "wind_few": .windy
        case "wind_sct", "wind_bkn", "wind_ovc": .windyVariant
        case "snow", "blizzard": .snowy
        case "rain_snow", "rain_sleet", "snow_sleet", "fzra", "rain_fzra", "snow_fzra", "sleet": .snowyRainy
        case "rain", "rain_showers", "rain_showers_hi": .rainy
        case "tsra", "tsra_sct", "tsra_hi": .lightningRainy
        case "tornado", "hurricane", "tropical_storm": .exceptional
        case "dust", "smoke", "haze", "fog": .fog
        default: nil
        }
    }

    /// km/h from `"10 mph"` or `"10 to 15 mph"`. A range gives its **upper** bound: a
    /// 12-hour period's wind is the strongest it will blow (a day's `wind_speed` is a
    /// maximum in SPEC §4), and an hourly period rarely has a range at all.
    static func speed(_ value: JSONValue?) -> Double? {
        guard let value else { return nil }
        if value.object != nil { return quantity(value, as: .speed) }
        guard let text = value.string else { return nil }
        let words = text.split(separator: " ")
        let numbers = words.compactMap { Double($0) }.filter { $0.isFinite && $0 >= 0 }
        guard let upper = numbers.max(), let unitWord = words.last else { return nil }
        let unit = SpeedUnit(parsing: String(unitWord)) ?? .milesPerHour
        return unit.toKilometresPerHour(upper)
    }

    /// Degrees for a compass direction (`"NNW"` → 337.5); `nil` for `"Calm"`, `"Variable"`, ….
    static func bearing(_ text: String?) -> Double? {
        guard let text, let index = Compass.points.firstIndex(of: text.uppercased().trimmingSpaces()) else {
            return nil
        }
        return Double(index) * 22.5
    }

    enum Quantity {
        case temperature, speed, percent, length, precipitation, pressure, angle
    }

    /// A `QuantitativeValue` in the canonical unit (°C, km/h, %, km, mm, hPa, degrees);
    /// `value` null or an unknown unit for the quantity → `nil`.
    static func quantity(_ value: JSONValue?, as kind: Quantity) -> Double? {
        guard let value, let number = (value["value"] ?? value["maxValue"])?.double else { return nil }
        let code = value["unitCode"]?.string ?? ""
        let unit = (code.split(separator: ":").last.map(String.init) ?? code).lowercased()
        switch kind {
        case .temperature:
            switch unit {
            case "degc", "": return number
            case "degf": return (number - 32) * 5 / 9
            case "k": return number - 273.15
            default: return nil
            }
        case .speed:
            switch unit {
            case "km_h-1": return number
            case "m_s-1": return number * 3.6
            case "mi_h-1", "mph": return number * 1.609344
            case "kn", "kt": return number * 1.852
            default: return nil
            }
        case .percent, .angle:
            return unit.hasPrefix("percent") || unit.hasPrefix("degree") || unit.isEmpty ? number : nil
        case .length:
            switch unit {
            case "m": return number / 1000
            case "km": return number
            case "mi": return number * 1.609344
            case "ft": return number * 0.0003048
            default: return nil
            }
        case .precipitation:
            switch unit {
            case "mm": return number
            case "cm": return number * 10
            case "in": return number * 25.4
            case "m": return number * 1000
            default: return nil
            }
        case .pressure:
            switch unit {
            case "pa": return number / 100
            case "hpa", "mbar", "mb": return number
            case "inhg", "in_hg": return number * 33.8638866667
            default: return nil
            }
        }
    }
}
