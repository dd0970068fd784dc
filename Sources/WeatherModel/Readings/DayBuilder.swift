#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import FoundationEssentials

/// Builds local calendar days from hourly readings, for providers without a daily series
/// (OpenWeatherMap's free forecast, met.no, NWS hourly), and fills what a provider's daily
/// series lacks (humidity, pressure) from its hours.
public enum DayBuilder {
    /// Days in `zone` from `hours` (each valid for `intervalMinutes`), in order.
    public static func days(from hours: [Reading], intervalMinutes: Int, zone: ZoneInfo) -> [Day] {
        var order: [CivilDate] = []
        var groups: [CivilDate: [Reading]] = [:]
        for reading in hours.sorted(by: { $0.time < $1.time }) {
            let date = zone.localDate(reading.time)
            if groups[date] == nil { order.append(date) }
            groups[date, default: []].append(reading)
        }
        return order.map { date in
            let readings = groups[date] ?? []
            var day = Day(date: date)
            let hoursEach = Double(max(1, intervalMinutes)) / 60
            day.temperatureMax = readings.compactMap(\.temperature).max()
            day.temperatureMin = readings.compactMap(\.temperature).min()
            day.apparentTemperatureMax = readings.compactMap(\.apparentTemperature).max()
            day.apparentTemperatureMin = readings.compactMap(\.apparentTemperature).min()
            let amounts = readings.compactMap(\.precipitation)
            day.precipitation = amounts.isEmpty ? nil : amounts.reduce(0) { $0 + $1 * hoursEach }
            day.precipitationProbability = readings.compactMap(\.precipitationProbability).max()
            day.windSpeed = readings.compactMap(\.windSpeed).max()
            day.windGust = readings.compactMap(\.windGust).max()
            day.windBearing = meanBearing(readings)
            day.humidity = mean(readings.compactMap(\.humidity))
            day.pressure = mean(readings.compactMap(\.pressure))
            day.uvIndex = readings.compactMap(\.uvIndex).max()
            let representative = representativeReading(readings)
            day.condition = representative?.condition?.adjusted(isDay: true)
            day.summary = representative?.condition.map { $0.adjusted(isDay: true).summary }
            day.providerCode = representative?.providerCode
            day.precipitationType = mostCommon(readings.compactMap(\.precipitationType))
            return day
        }
    }

    /// `days` with missing humidity, pressure, wind bearing, probability and UV filled from `hours`.
    public static func filling(_ days: [Day], from hours: [Reading], intervalMinutes: Int, zone: ZoneInfo) -> [Day] {
        let built = Dictionary(
            DayBuilder.days(from: hours, intervalMinutes: intervalMinutes, zone: zone).map { ($0.date, $0) },
            uniquingKeysWith: { first, _ in first })
        return days.map { day in
            guard let fromHours = built[day.date] else { return day }
            var day = day
            day.humidity = day.humidity ?? fromHours.humidity
            day.pressure = day.pressure ?? fromHours.pressure
            day.windBearing = day.windBearing ?? fromHours.windBearing
            day.precipitationProbability = day.precipitationProbability ?? fromHours.precipitationProbability
            day.uvIndex = day.uvIndex ?? fromHours.uvIndex
            day.apparentTemperatureMax = day.apparentTemperatureMax ?? fromHours.apparentTemperatureMax
            day.apparentTemperatureMin = day.apparentTemperatureMin ?? fromHours.apparentTemperatureMin
            day.windGust = day.windGust ?? fromHours.windGust
            day.precipitationType = day.precipitationType ?? fromHours.precipitationType
            return day
        }
    }

    /// The reading whose condition stands for the day: daytime hours first; precipitation
    /// and storms outrank clouds when they last more than one entry.
    static func representativeReading(_ readings: [Reading]) -> Reading? {
        let daytime = readings.filter { $0.isDay ?? true }
        let pool = daytime.isEmpty ? readings : daytime
        var counts: [Condition: Int] = [:]
        for reading in pool { if let condition = reading.condition?.adjusted(isDay: true) { counts[condition, default: 0] += 1 } }
        guard !counts.isEmpty else { return pool.first }
        let significant = counts.filter { $0.value >= 2 || pool.count <= 4 }
        let best = (significant.isEmpty ? counts : significant).max { lhs, rhs in
            (weight(lhs.key), lhs.value) < (weight(rhs.key), rhs.value)
        }?.key
        return pool.first { $0.condition?.adjusted(isDay: true) == best }
    }

    static func weight(_ condition: Condition) -> Int {
        switch condition {
        case .exceptional: 9
        case .lightningRainy, .lightning, .hail: 8
        case .pouring, .snowy, .snowyRainy: 7
        case .rainy: 6
        case .windy, .windyVariant: 4
        case .fog: 3
        case .cloudy: 2
        case .partlyCloudy: 1
        case .sunny, .clearNight: 0
        }
    }

    static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    static func meanBearing(_ readings: [Reading]) -> Double? {
        var x = 0.0
        var y = 0.0
        var count = 0
        for reading in readings {
            guard let bearing = reading.windBearing else { continue }
            let weight = max(0.1, reading.windSpeed ?? 1)
            x += cos(bearing * .pi / 180) * weight
            y += sin(bearing * .pi / 180) * weight
            count += 1
        }
        guard count > 0, x != 0 || y != 0 else { return nil }
        var degrees = atan2(y, x) * 180 / .pi
        if degrees < 0 { degrees += 360 }
        return degrees
    }

    static func mostCommon<T: Hashable>(_ values: [T]) -> T? {
        var counts: [T: Int] = [:]
        for value in values { counts[value, default: 0] += 1 }
        return counts.max { $0.value < $1.value }?.key
    }
}
