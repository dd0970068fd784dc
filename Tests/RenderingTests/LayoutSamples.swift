import Rendering
import WeatherModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hand-made frame inputs covering the cases a wall display must get right: day and night,
/// rain and snow, an alert, stale data. Used by the golden tests and to draw the README
/// samples.
enum LayoutSamples {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    /// 24 hours from `startHour`, temperatures following a day's swing around `mean`.
    static func hours(
        from startHour: Int, mean: Double, swing: Double, rain: [Int: Double], firstWeekday: Int
    ) -> [FrameInput.Hour] {
        (0..<24).map { offset in
            let hour = (startHour + offset) % 24
            let temperature = mean + swing * cos((Double(hour) - 15) / 24 * 2 * .pi) + Double(offset % 3) * 0.3
            let newDay = hour == 0 && offset > 0 ? weekdays[(firstWeekday + 1) % 7] : nil
            return FrameInput.Hour(
                hour: hour, temperature: (temperature * 10).rounded() / 10,
                precipitationProbability: rain[offset] ?? 0, newDay: newDay)
        }
    }

    static func days(_ conditions: [Condition], highs: [Double], lows: [Double], firstWeekday: Int) -> [FrameInput.Day]
    {
        conditions.indices.map { index in
            FrameInput.Day(
                label: index == 0 ? "Today" : weekdays[(firstWeekday + index) % 7], condition: conditions[index],
                high: highs[index], low: lows[index])
        }
    }

    /// Berlin on a rainy November afternoon.
    static let dayRain = FrameInput(
        locationName: "Berlin", observedAt: "14:05", condition: .rainy, isDay: true, summary: "Light rain",
        temperature: 7.4, feelsLike: 4.6, high: 9.1, low: 2.3, windSpeed: "14 km/h", windDirection: "WSW",
        windBearing: 247, humidity: "87%", sunrise: "07:42", sunset: "16:01",
        hours: hours(
            from: 14, mean: 5, swing: 3.5,
            rain: [0: 70, 1: 80, 2: 60, 3: 40, 4: 20, 5: 10, 14: 10, 15: 30, 16: 45, 17: 30],
            firstWeekday: 1),
        nowFraction: 0.08,
        days: days(
            [.rainy, .cloudy, .partlyCloudy, .sunny, .snowyRainy, .lightningRainy, .fog],
            highs: [9.1, 8, 10.4, 12, 4.5, 6, 3], lows: [2.3, 3.9, 1, -1.5, -2, 0.4, -3.2], firstWeekday: 1),
        staleness: .fresh, ageText: nil, attribution: "Weather data by Open-Meteo.com (CC BY 4.0)")

    /// Tromsø on a snowy night.
    static let nightSnow = FrameInput(
        locationName: "Tromsø", observedAt: "22:40", condition: .snowy, isDay: false, summary: "Snow",
        temperature: -7.6, feelsLike: -13.2, high: -4, low: -11.5, windSpeed: "22 km/h", windDirection: "N",
        windBearing: 5, humidity: "91%", sunrise: "10:55", sunset: "12:41",
        hours: hours(
            from: 22, mean: -8, swing: 2.5, rain: [0: 90, 1: 90, 2: 80, 3: 75, 4: 60, 5: 40, 6: 20, 12: 20, 13: 40],
            firstWeekday: 4),
        nowFraction: 0.67,
        days: days(
            [.snowy, .snowy, .cloudy, .clearNight, .partlyCloudy, .windy, .snowy],
            highs: [-4, -6.5, -9, -12, -10, -5, -3], lows: [-11.5, -12, -15.4, -19, -16, -8, -7], firstWeekday: 4),
        staleness: .fresh, attribution: "Weather data from MET Norway")

    /// A clear summer evening: the moon, no rain at all.
    static let clearNight = FrameInput(
        locationName: "Lisboa", observedAt: "23:10", condition: .clearNight, isDay: false, summary: "Clear",
        temperature: 21.3, feelsLike: 21, high: 31.2, low: 18.9, windSpeed: "9 km/h", windDirection: "NW",
        windBearing: 315, humidity: "54%", sunrise: "06:12", sunset: "21:04",
        hours: hours(from: 23, mean: 24, swing: 6, rain: [:], firstWeekday: 6), nowFraction: 0.17,
        days: days(
            [.sunny, .sunny, .partlyCloudy, .sunny, .windyVariant, .sunny],
            highs: [31.2, 33, 29, 30.5, 27, 28], lows: [18.9, 19.4, 18, 18.1, 17, 16.6], firstWeekday: 6),
        staleness: .fresh)

    /// Data several hours old, with a storm warning.
    static let staleAlert = FrameInput(
        locationName: "Frankfurt am Main", observedAt: "09:15", condition: .lightningRainy, isDay: true,
        summary: "Thunderstorm with rain", temperature: 24.5, feelsLike: 26, high: 29.3, low: 17.2,
        windSpeed: "31 km/h", windDirection: "SW", windBearing: 225, humidity: "78%", sunrise: "05:31",
        sunset: "21:12",
        hours: hours(
            from: 9, mean: 22, swing: 5, rain: [3: 30, 4: 60, 5: 85, 6: 90, 7: 70, 8: 40], firstWeekday: 3),
        nowFraction: 0.5,
        days: days(
            [.lightningRainy, .pouring, .cloudy, .partlyCloudy, .sunny],
            highs: [29.3, 22, 21, 24.8, 27], lows: [17.2, 15, 13.6, 14, 15.1], firstWeekday: 3),
        alerts: [
            .init(
                title: "Severe thunderstorm warning: hail and gusts up to 90 km/h", severity: .severe,
                validity: "until 9:00 PM", attribution: "Warnings: Deutscher Wetterdienst, via Bright Sky"),
            .init(title: "Heat advisory", severity: .minor, validity: "from 11:00 AM until 7:00 PM"),
        ],
        staleness: .stale, ageText: "5 h old", attribution: "Weather data by Open-Meteo.com (CC BY 4.0)")

    /// Data from the day before yesterday.
    static let veryStale: FrameInput = {
        var input = dayRain
        input.staleness = .veryStale
        input.ageText = "2 d old"
        input.observedAt = "Mon 14:05"
        return input
    }()

    /// An hour-old reading: the small badge.
    static let old: FrameInput = {
        var input = nightSnow
        input.staleness = .old
        input.ageText = "1 h old"
        return input
    }()

    static let overview = OverviewInput(
        entries: [
            .init(name: "Home", condition: .partlyCloudy, isDay: true, temperature: 7.4, high: 9.1, low: 2.3),
            .init(name: "Cabin", condition: .snowy, isDay: true, temperature: -3.2, high: -1, low: -8.4),
            .init(
                name: "Office", condition: .rainy, isDay: true, temperature: 9.8, high: 11, low: 6.5,
                staleness: .stale, ageText: "3 h old"),
            .init(name: "Grandma in Łódź", condition: .fog, isDay: true, temperature: 2.1, high: 4, low: -0.4),
        ], observedAt: "14:05")

    /// Every sample by name.
    /// Berlin with rain due in 20 minutes (the nowcast strip) and the AQI.
    static let nowcast: FrameInput = {
        var input = dayRain
        input.condition = .cloudy
        input.summary = "Overcast"
        input.nowcast = "Light rain starting in about 20 min, for 40 min"
        input.airQuality = "AQI 27"
        return input
    }()

    /// Berlin's rainy afternoon with the temperature from the user's own station.
    static let station: FrameInput = {
        var input = dayRain
        input.temperatureFromStation = true
        return input
    }()

    static let all: [(String, FrameInput)] = [
        ("day-rain", dayRain), ("night-snow", nightSnow), ("clear-night", clearNight), ("stale-alert", staleAlert),
        ("very-stale", veryStale), ("old", old), ("nowcast", nowcast), ("station", station),
    ]
}
