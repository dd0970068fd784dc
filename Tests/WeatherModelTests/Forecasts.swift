import Foundation
import WeatherModel
import WireContract

/// Forecasts built by hand for the payload tests: the shapes providers produce, without a provider.
enum Forecasts {
    static let berlin = LocationInfo(
        id: "berlin", name: "Berlin", latitude: 52.52, longitude: 13.405, timezone: "Europe/Berlin")
    static let newYork = LocationInfo(
        id: "nyc", name: "New York", latitude: 40.7128, longitude: -74.006, timezone: "America/New_York")
    static let honolulu = LocationInfo(
        id: "honolulu", name: "Honolulu", latitude: 21.3069, longitude: -157.8583, timezone: "Pacific/Honolulu")
    static let kolkata = LocationInfo(
        id: "kolkata", name: "Kolkata", latitude: 22.5726, longitude: 88.3639, timezone: "Asia/Kolkata")
    static let adelaide = LocationInfo(
        id: "adelaide", name: "Adelaide", latitude: -34.9285, longitude: 138.6007, timezone: "Australia/Adelaide")
    static let kathmandu = LocationInfo(
        id: "kathmandu", name: "Kathmandu", latitude: 27.7172, longitude: 85.324, timezone: "Asia/Kathmandu")
    static let tromso = LocationInfo(
        id: "tromso", name: "Tromsø", latitude: 69.6496, longitude: 18.956, timezone: "Europe/Oslo")
    /// No zone configured and none reported: payloads are written in UTC.
    static let noZone = LocationInfo(id: "sea-1", name: "Somewhere \"at\" sea", latitude: 0, longitude: -30)

    static let locations = [berlin, newYork, honolulu, kolkata, adelaide, kathmandu, tromso, noZone]

    static func zone(of location: LocationInfo) -> ZoneInfo {
        location.timezone.flatMap(ZoneInfo.init(identifier:)) ?? .utc
    }

    static func builder(
        _ location: LocationInfo, now: Date, units: UnitSettings = .metric, provider: String = "open-meteo",
        hourLimit: Int = 48, dayLimit: Int = 7
    ) -> PayloadBuilder {
        PayloadBuilder(
            location: location, zone: zone(of: location), provider: provider,
            attribution: "Weather data by Open-Meteo.com (CC BY 4.0)", fetchedAt: now,
            expiresAt: now.addingTimeInterval(900), units: units, hourLimit: hourLimit, dayLimit: dayLimit)
    }

    /// A reading with every value set; `index` varies them.
    static func fullReading(at time: Date, index: Int = 0) -> Reading {
        var reading = Reading(time: time)
        let conditions = Condition.allCases
        let condition = conditions[index % conditions.count]
        reading.condition = condition
        reading.summary = nil
        reading.providerCode = String(index % 100)
        reading.isDay = index % 3 == 0 ? nil : index % 3 == 1
        reading.temperature = -12.34 + Double(index) * 0.77
        reading.apparentTemperature = -15.06 + Double(index) * 0.81
        reading.dewPoint = -20.5 + Double(index) * 0.4
        reading.humidity = Double(index * 7 % 101)
        reading.cloudCoverage = Double(index * 13 % 101)
        reading.precipitationProbability = Double(index * 17 % 101)
        reading.pressure = 985.5 + Double(index % 40)
        reading.windSpeed = Double(index % 60) * 1.3
        reading.windGust = Double(index % 60) * 2.1
        reading.windBearing = Double(index * 37 % 400) - 20
        reading.precipitation = index % 4 == 0 ? 0 : Double(index % 9) * 0.37
        reading.precipitationType = PrecipitationType.allCases[index % 4]
        reading.uvIndex = Double(index % 12) * 0.93
        reading.visibility = Double(index % 30) + 0.25
        return reading
    }

    /// A day with every value set.
    static func fullDay(_ date: CivilDate, index: Int = 0) -> Day {
        var day = Day(date: date)
        day.condition = Condition.allCases[index % Condition.allCases.count]
        day.providerCode = "code-\(index)"
        day.temperatureMax = 20.44 + Double(index)
        day.temperatureMin = -3.55 + Double(index)
        day.apparentTemperatureMax = 19.96 + Double(index)
        day.apparentTemperatureMin = -7.25 + Double(index)
        day.precipitation = Double(index % 5) * 3.3
        day.precipitationProbability = Double(index * 23 % 101)
        day.precipitationType = PrecipitationType.allCases[index % 4]
        day.windSpeed = 30.5
        day.windGust = 61.2
        day.windBearing = Double(index * 53 % 360)
        day.humidity = 66.6
        day.pressure = 1009.94
        day.uvIndex = 6.04
        day.moonPhase = index % 2 == 0 ? nil : 0.4567
        return day
    }

    /// Hourly readings on the zone's full hours, from 6 hours before the hour containing `now`.
    static func hours(
        around now: Date, zone: ZoneInfo, count: Int = 72, intervalMinutes: Int = 60, full: Bool = true
    ) -> [Reading] {
        let interval = Double(intervalMinutes * 60)
        let offset = Double(zone.offset(at: now))
        let containing = ((now.timeIntervalSince1970 + offset) / interval).rounded(.down) * interval - offset
        let first = containing - 6 * 3600
        return (0..<count).map { index in
            let time = Date(timeIntervalSince1970: first + Double(index) * interval)
            return full ? fullReading(at: time, index: index) : Reading(time: time)
        }
    }

    /// Days from two days before today (in the location's zone) on.
    static func days(around now: Date, zone: ZoneInfo, count: Int = 12, full: Bool = true) -> [Day] {
        let today = zone.localDate(now)
        return (0..<count).map { index in
            let date = today.adding(days: index - 2)
            return full ? fullDay(date, index: index) : Day(date: date)
        }
    }

    /// A complete forecast as of `now`, with alerts (one expired).
    static func complete(_ location: LocationInfo, now: Date, intervalMinutes: Int = 60) -> Forecast {
        let zone = zone(of: location)
        return Forecast(
            current: fullReading(at: now.addingTimeInterval(-600), index: 5),
            hours: hours(
                around: now, zone: zone, count: intervalMinutes == 60 ? 72 : 40, intervalMinutes: intervalMinutes),
            intervalMinutes: intervalMinutes, days: days(around: now, zone: zone),
            alerts: alerts(now: now), timezone: location.timezone)
    }

    /// A forecast whose provider said almost nothing: every value unknown.
    static func empty(_ location: LocationInfo, now: Date) -> Forecast {
        let zone = zone(of: location)
        return Forecast(
            current: Reading(time: now), hours: hours(around: now, zone: zone, full: false),
            days: days(around: now, zone: zone, full: false), alerts: nil)
    }

    static func alerts(now: Date) -> [Alert] {
        [
            Alert(
                id: "expired", title: "Frost", severity: .minor, description: "Over.",
                onset: now.addingTimeInterval(-86400),
                expires: now.addingTimeInterval(-60), source: "DWD", uri: "https://example.com/1"),
            Alert(
                id: "urn:oid:2.49.0.1.276.0.DWD.PVW.1", title: "Storm \"Zoe\"", severity: .severe,
                description: "Gusts to 100 km/h.\nStay inside.", onset: now.addingTimeInterval(-3600),
                expires: now.addingTimeInterval(7200), source: "DWD", uri: "https://example.com/2"),
            Alert(id: "open-ended", title: "Heat", severity: .unknown),
        ]
    }
}
