import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Builds local calendar days from hourly readings, for providers without a daily series
/// (OpenWeatherMap's free forecast, met.no, NWS hourly), and fills what a provider's daily
/// series lacks (humidity, pressure) from its hours.
public enum DayBuilder {
    /// Days in `zone` from `hours` (each valid for `intervalMinutes`), in order.
    public static func days(from hours: [Reading], intervalMinutes: Int, zone: ZoneInfo) -> [Day] {
        let inOrder = hours.indices.dropFirst().allSatisfy { hours[$0 - 1].time <= hours[$0].time }
        let ordered = inOrder ? hours : hours.sorted { $0.time < $1.time }
        var order: [CivilDate] = []
        var groups: [CivilDate: [Int]] = [:]
        for index in ordered.indices {
            let date = zone.localDate(ordered[index].time)
            if groups[date] == nil { order.append(date) }
            groups[date, default: []].append(index)
        }
        let hoursEach = Double(max(1, intervalMinutes)) / 60
        return order.map { date in day(date, from: ordered, at: groups[date] ?? [], hoursEach: hoursEach) }
    }

    /// One day from the readings at `indices` of `hours`, in one pass.
    static func day(_ date: CivilDate, from hours: [Reading], at indices: [Int], hoursEach: Double) -> Day {
        var day = Day(date: date)
        var humidity = Mean()
        var pressure = Mean()
        var amount: Double?
        var x = 0.0
        var y = 0.0
        var bearings = 0
        for index in indices {
            day.temperatureMax = larger(day.temperatureMax, hours[index].temperature)
            day.temperatureMin = smaller(day.temperatureMin, hours[index].temperature)
            day.apparentTemperatureMax = larger(day.apparentTemperatureMax, hours[index].apparentTemperature)
            day.apparentTemperatureMin = smaller(day.apparentTemperatureMin, hours[index].apparentTemperature)
            if let value = hours[index].precipitation { amount = (amount ?? 0) + value * hoursEach }
            day.precipitationProbability = larger(day.precipitationProbability, hours[index].precipitationProbability)
            day.windSpeed = larger(day.windSpeed, hours[index].windSpeed)
            day.windGust = larger(day.windGust, hours[index].windGust)
            day.uvIndex = larger(day.uvIndex, hours[index].uvIndex)
            humidity.add(hours[index].humidity)
            pressure.add(hours[index].pressure)
            if let bearing = hours[index].windBearing {
                // The mean direction weighted by speed, so a calm hour does not swing the day.
                let weight = max(0.1, hours[index].windSpeed ?? 1)
                x += cos(bearing * .pi / 180) * weight
                y += sin(bearing * .pi / 180) * weight
                bearings += 1
            }
        }
        day.precipitation = amount
        day.humidity = humidity.value
        day.pressure = pressure.value
        if bearings > 0, x != 0 || y != 0 {
            let degrees = atan2(y, x) * 180 / .pi
            day.windBearing = degrees < 0 ? degrees + 360 : degrees
        }
        let readings = indices.map { hours[$0] }
        let representative = representativeReading(readings)
        day.condition = representative?.condition?.adjusted(isDay: true)
        day.summary = representative?.condition.map { $0.adjusted(isDay: true).summary }
        day.providerCode = representative?.providerCode
        day.precipitationType = mostCommon(readings.compactMap(\.precipitationType))
        return day
    }

    /// `days` in date order, each date once (the first entry for it wins).
    public static func distinctDays(_ days: [Day]) -> [Day] {
        var seen = Set<CivilDate>()
        return days.filter { seen.insert($0.date).inserted }.sorted { $0.date < $1.date }
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
    /// and storms outrank clouds when they last more than one entry; on a tie, the earlier.
    static func representativeReading(_ readings: [Reading]) -> Reading? {
        let daytime = readings.filter { $0.isDay ?? true }
        let pool = daytime.isEmpty ? readings : daytime
        let counted = counts(pool.compactMap { $0.condition?.adjusted(isDay: true) })
        guard !counted.isEmpty else { return pool.first }
        let significant = counted.filter { $0.count >= 2 || pool.count <= 4 }
        var best: (condition: Condition, count: Int)?
        for candidate in significant.isEmpty ? counted : significant {
            if let current = best,
                (weight(candidate.value), candidate.count) <= (weight(current.condition), current.count)
            {
                continue
            }
            best = (candidate.value, candidate.count)
        }
        return pool.first { $0.condition?.adjusted(isDay: true) == best?.condition }
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

    /// The most frequent value; on a tie, the one seen first.
    static func mostCommon<T: Hashable>(_ values: [T]) -> T? {
        var best: (value: T, count: Int)?
        for candidate in counts(values) where candidate.count > best?.count ?? 0 { best = candidate }
        return best?.value
    }

    /// Each distinct value with how often it occurs, in order of first appearance.
    static func counts<T: Hashable>(_ values: [T]) -> [(value: T, count: Int)] {
        var result: [(value: T, count: Int)] = []
        var positions: [T: Int] = [:]
        for value in values {
            if let position = positions[value] {
                result[position].count += 1
            } else {
                positions[value] = result.count
                result.append((value, 1))
            }
        }
        return result
    }

    static func larger(_ current: Double?, _ value: Double?) -> Double? {
        guard let value else { return current }
        guard let current else { return value }
        return Swift.max(current, value)
    }

    static func smaller(_ current: Double?, _ value: Double?) -> Double? {
        guard let value else { return current }
        guard let current else { return value }
        return Swift.min(current, value)
    }

    /// A running mean that adds in order (the same sum as `reduce(0, +)`).
    struct Mean {
        var sum = 0.0
        var count = 0

        mutating func add(_ value: Double?) {
            guard let value else { return }
            sum += value
            count += 1
        }

        var value: Double? { count == 0 ? nil : sum / Double(count) }
    }
}
