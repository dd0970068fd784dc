import Foundation
import Testing
import WeatherModel
import WireContract

@Suite("PayloadBuilder")
struct PayloadBuilderTests {
    static let envelopeKeys = ["schema", "location", "provider", "attribution", "fetched_at", "expires_at", "units"]
    static let readingKeys = [
        "time", "condition", "summary", "provider_code", "is_day", "temperature", "apparent_temperature", "dew_point",
        "humidity", "cloud_coverage", "precipitation_probability", "pressure", "wind_speed", "wind_gust",
        "wind_bearing", "wind_direction", "precipitation", "precipitation_type", "uv_index", "visibility",
    ]
    static let dayKeys = [
        "date", "condition", "summary", "provider_code", "temperature_max", "temperature_min",
        "apparent_temperature_max", "apparent_temperature_min", "precipitation", "precipitation_probability",
        "precipitation_type", "wind_speed", "wind_gust", "wind_bearing", "wind_direction", "humidity", "pressure",
        "uv_index", "sunrise", "sunset", "moon_phase",
    ]
    static let alertKeys = [
        "id", "title", "severity", "description", "onset", "expires", "source", "uri", "event", "awareness",
        "instruction", "sender", "attribution",
    ]

    struct Case: Sendable, CustomTestStringConvertible {
        var location: LocationInfo
        var now: String
        var hour: String
        var today: String
        var testDescription: String { "\(location.name) at \(now)" }

        /// At `now` (UTC), hours[0] is `hour` and days[0] is `today`.
        init(_ location: LocationInfo, _ now: String, _ hour: String, _ today: String) {
            self.location = location
            self.now = now
            self.hour = hour
            self.today = today
        }
    }

    static let nowCases: [Case] = [
        // 23:30 on the 6th in New York is 04:30Z on the 7th.
        Case(Forecasts.newYork, "2026-02-07T04:30:00Z", "2026-02-06T23:00:00-05:00", "2026-02-06"),
        Case(Forecasts.newYork, "2026-02-07T04:59:59Z", "2026-02-06T23:00:00-05:00", "2026-02-06"),
        Case(Forecasts.newYork, "2026-02-07T05:00:00Z", "2026-02-07T00:00:00-05:00", "2026-02-07"),
        Case(Forecasts.honolulu, "2026-02-07T09:45:00Z", "2026-02-06T23:00:00-10:00", "2026-02-06"),
        // 00:15 on the 7th in Kolkata is still the 6th in UTC.
        Case(Forecasts.kolkata, "2026-02-06T18:45:00Z", "2026-02-07T00:00:00+05:30", "2026-02-07"),
        Case(Forecasts.kolkata, "2026-02-06T18:29:59Z", "2026-02-06T23:00:00+05:30", "2026-02-06"),
        Case(Forecasts.adelaide, "2026-01-15T13:45:00Z", "2026-01-16T00:00:00+10:30", "2026-01-16"),
        Case(Forecasts.adelaide, "2026-01-15T13:15:00Z", "2026-01-15T23:00:00+10:30", "2026-01-15"),
        Case(Forecasts.adelaide, "2026-07-15T14:45:00Z", "2026-07-16T00:00:00+09:30", "2026-07-16"),
        Case(Forecasts.kathmandu, "2026-06-01T18:20:00Z", "2026-06-02T00:00:00+05:45", "2026-06-02"),
        // The morning Berlin springs forward: 01:30Z is 03:30 CEST.
        Case(Forecasts.berlin, "2026-03-29T01:30:00Z", "2026-03-29T03:00:00+02:00", "2026-03-29"),
        Case(Forecasts.noZone, "2026-02-06T23:59:59Z", "2026-02-06T23:00:00+00:00", "2026-02-06"),
    ]

    @Test("hours[0] is the hour containing now and days[0] is today in the location's zone", arguments: nowCases)
    func now(testCase: Case) {
        let now = instant(testCase.now)
        var forecast = Forecasts.complete(testCase.location, now: now)
        forecast.hours.reverse()  // the order a provider sends is not trusted
        let payloads = Forecasts.builder(testCase.location, now: now).payloads(for: forecast, now: now)
        #expect(payloads.hourly["hours"]?[0]?["time"]?.string == testCase.hour)
        #expect(payloads.daily["days"]?[0]?["date"]?.string == testCase.today)
    }

    @Test(
        "over two days, every 7 minutes: hours[0] contains now, the hours follow in order",
        arguments: [
            Forecasts.newYork, Forecasts.kolkata, Forecasts.kathmandu, Forecasts.adelaide,
        ])
    func sweep(location: LocationInfo) throws {
        let start = instant("2026-10-03T00:00:00Z")
        let zone = Forecasts.zone(of: location)
        let forecast = Forecast(
            current: Reading(time: start), hours: Forecasts.hours(around: start, zone: zone, count: 80, full: false))
        var problems: [String] = []
        for step in 0..<(2 * 24 * 60 / 7) {
            let now = start.addingTimeInterval(Double(step * 7 * 60))
            let hourly = Forecasts.builder(location, now: now).hourly(forecast, now: now)
            let times = (hourly["hours"]?.array ?? []).compactMap { $0["time"]?.string.flatMap { ISO8601.date($0) } }
            guard let first = times.first else {
                problems.append("\(now): no hours")
                continue
            }
            if !(first <= now && now < first.addingTimeInterval(3600)) { problems.append("\(now): hours[0] \(first)") }
            if times != times.sorted() || Set(times).count != times.count { problems.append("\(now): out of order") }
        }
        #expect(problems.isEmpty, "\(problems.prefix(3))")
    }

    @Test("three-hourly forecasts: hours[0] is the period containing now")
    func threeHourly() {
        let now = instant("2026-02-06T10:00:00Z")
        let forecast = Forecasts.complete(Forecasts.noZone, now: now, intervalMinutes: 180)
        let hourly = Forecasts.builder(Forecasts.noZone, now: now).hourly(forecast, now: now)
        #expect(hourly["interval_minutes"]?.double == 180)
        #expect(hourly["hours"]?[0]?["time"]?.string == "2026-02-06T09:00:00+00:00")
    }

    @Test("hourly and daily limits", arguments: [(48, 7, 48, 7), (12, 3, 12, 3), (0, 0, 0, 0), (500, 500, 66, 10)])
    func limits(hourLimit: Int, dayLimit: Int, hours: Int, days: Int) {
        let now = instant("2026-02-06T10:20:00Z")
        // 72 hours from 6 before now, 12 days from 2 before today.
        let forecast = Forecasts.complete(Forecasts.berlin, now: now)
        let builder = Forecasts.builder(Forecasts.berlin, now: now, hourLimit: hourLimit, dayLimit: dayLimit)
        let payloads = builder.payloads(for: forecast, now: now)
        #expect(payloads.hourly["hours"]?.array?.count == hours)
        #expect(payloads.daily["days"]?.array?.count == days)
    }

    @Test("the default limits are 48 hours and 7 days")
    func defaultLimits() {
        let now = instant("2026-02-06T10:20:00Z")
        let builder = PayloadBuilder(
            location: Forecasts.berlin, zone: zone("Europe/Berlin"), provider: "open-meteo", attribution: nil,
            fetchedAt: now, expiresAt: now, units: .metric)
        let payloads = builder.payloads(for: Forecasts.complete(Forecasts.berlin, now: now), now: now)
        #expect(payloads.hourly["hours"]?.array?.count == 48)
        #expect(payloads.daily["days"]?.array?.count == 7)
    }

    @Test(
        "a clear sky is sunny by day and clear-night by night",
        arguments: [
            (Condition.sunny, true, "sunny", "Sunny"), (.sunny, false, "clear-night", "Clear"),
            (.clearNight, true, "sunny", "Sunny"), (.clearNight, false, "clear-night", "Clear"),
            (.partlyCloudy, false, "partlycloudy", "Partly cloudy"), (.rainy, false, "rainy", "Rain"),
        ])
    func dayNight(condition: Condition, isDay: Bool, expected: String, summary: String) {
        let now = instant("2026-06-21T10:00:00Z")
        var reading = Reading(time: now)
        reading.condition = condition
        reading.isDay = isDay
        let forecast = Forecast(current: reading, hours: [reading])
        let payloads = Forecasts.builder(Forecasts.berlin, now: now).payloads(for: forecast, now: now)
        #expect(payloads.current["condition"]?.string == expected)
        #expect(payloads.current["summary"]?.string == summary)
        #expect(payloads.current["is_day"]?.bool == isDay)
        #expect(payloads.hourly["hours"]?[0]?["condition"]?.string == expected)
    }

    @Test(
        "without is_day from the provider, day and night come from the sun",
        arguments: [
            ("2026-06-21T10:00:00Z", true, "sunny"), ("2026-06-21T22:00:00Z", false, "clear-night"),
            ("2026-12-21T16:00:00Z", false, "clear-night"), ("2026-12-21T11:00:00Z", true, "sunny"),
        ])
    func dayNightFromSun(time: String, isDay: Bool, expected: String) {
        let now = instant(time)
        var reading = Reading(time: now)
        reading.condition = .sunny
        let payloads = Forecasts.builder(Forecasts.berlin, now: now).payloads(
            for: Forecast(current: reading, hours: [reading]), now: now)
        #expect(payloads.current["is_day"]?.bool == isDay)
        #expect(payloads.current["condition"]?.string == expected)
        #expect(payloads.hourly["hours"]?[0]?["condition"]?.string == expected)
    }

    @Test("a provider's own summary is kept")
    func providerSummary() {
        let now = instant("2026-06-21T22:00:00Z")
        var reading = Reading(time: now)
        reading.condition = .sunny
        reading.summary = "Mainly clear"
        let current = Forecasts.builder(Forecasts.berlin, now: now).current(Forecast(current: reading), now: now)
        #expect(current["summary"]?.string == "Mainly clear")
        #expect(current["condition"]?.string == "clear-night")
    }

    @Test("a day is never clear-night")
    func dayCondition() {
        let now = instant("2026-06-21T22:00:00Z")
        var day = Day(date: CivilDate(year: 2026, month: 6, day: 22))
        day.condition = .clearNight
        let daily = Forecasts.builder(Forecasts.berlin, now: now).daily(
            Forecast(current: Reading(time: now), days: [day]), now: now)
        #expect(daily["days"]?[0]?["condition"]?.string == "sunny")
        #expect(daily["days"]?[0]?["summary"]?.string == "Sunny")
    }

    @Test(
        "precipitation_type: null when nothing falls, whatever the provider says",
        arguments: [
            (0, .rain, .rainy, nil), (0, .snow, .snowy, nil), (0, nil, .pouring, nil), (nil, nil, .rainy, "rain"),
            (nil, nil, .snowy, "snow"),
            (nil, nil, .snowyRainy, "sleet"), (nil, nil, .hail, "hail"), (nil, nil, .sunny, nil), (nil, nil, nil, nil),
            (1.2, nil, .snowy, "snow"), (0.5, .hail, .rainy, "hail"), (2.5, .sleet, .cloudy, "sleet"),
            (3, nil, .lightningRainy, "rain"),
        ] as [(Double?, PrecipitationType?, Condition?, String?)])
    func precipitationType(amount: Double?, type: PrecipitationType?, condition: Condition?, expected: String?) {
        let now = instant("2026-06-21T10:00:00Z")
        var reading = Reading(time: now)
        reading.precipitation = amount
        reading.precipitationType = type
        reading.condition = condition
        var day = Day(date: CivilDate(year: 2026, month: 6, day: 21))
        day.precipitation = amount.map { $0 * 10 }
        day.precipitationType = type
        day.condition = condition
        let payloads = Forecasts.builder(Forecasts.berlin, now: now).payloads(
            for: Forecast(current: reading, hours: [reading], days: [day]), now: now)
        #expect(payloads.current["precipitation_type"] == JSONValue(expected))
        #expect(payloads.hourly["hours"]?[0]?["precipitation_type"] == JSONValue(expected))
        #expect(payloads.daily["days"]?[0]?["precipitation_type"] == JSONValue(expected))
    }

    /// A published `precipitation` of 0 says that nothing falls, so `precipitation_type` must
    /// be null with it, even where the provider's value was a trace that rounds to 0.
    @Test(
        "precipitation that rounds to 0 has no precipitation_type",
        arguments: [
            ("metric", 0.04), ("metric", 0.049), ("imperial", 0.1), ("imperial", 0.12),
        ])
    func traceRoundsToZero(preset: String, millimetres: Double) throws {
        let units = try #require(UnitSettings.preset(named: preset))
        let now = instant("2026-06-21T10:00:00Z")
        var reading = Reading(time: now)
        reading.precipitation = millimetres
        reading.precipitationType = .rain
        reading.condition = .rainy
        var day = Day(date: CivilDate(year: 2026, month: 6, day: 21))
        day.precipitation = millimetres
        day.precipitationType = .rain
        day.condition = .rainy
        let payloads = Forecasts.builder(Forecasts.berlin, now: now, units: units).payloads(
            for: Forecast(current: reading, hours: [reading], days: [day]), now: now)
        for (name, object) in [
            ("current", payloads.current), ("hours[0]", payloads.hourly["hours"]?[0]),
            ("days[0]", payloads.daily["days"]?[0]),
        ] {
            #expect(object?["precipitation"]?.double == 0, "\(name)")
            #expect(object?["precipitation_type"]?.isNull == true, "\(name): \(object?["precipitation_type"] as Any)")
        }
    }

    @Test(
        "the envelope carries the configured units, and the values are converted to them",
        arguments: [
            ("metric", 20.0, 36.0, 1013.3, 25.4, 16.09344),
            ("imperial", 68, 22.4, 29.92, 1, 10),
            ("si", 20, 10, 1013.3, 25.4, 16.1),
            ("uk", 20, 22.4, 1013.3, 25.4, 10),
        ])
    func units(preset: String, temperature: Double, wind: Double, pressure: Double, rain: Double, visibility: Double)
        throws
    {
        let units = try #require(UnitSettings.preset(named: preset))
        let now = instant("2026-06-21T10:00:00Z")
        var reading = Reading(time: now)
        reading.temperature = 20
        reading.windSpeed = 36
        reading.pressure = 1013.25
        reading.precipitation = 25.4
        reading.visibility = 16.09344
        let payloads = Forecasts.builder(Forecasts.berlin, now: now, units: units).payloads(
            for: Forecast(
                current: reading, hours: [reading], days: [Day(date: CivilDate(year: 2026, month: 6, day: 21))]),
            now: now)
        for payload in [payloads.current, payloads.hourly, payloads.daily, payloads.alerts] {
            #expect(payload["units"] == units.json)
        }
        let current = payloads.current
        #expect(current["temperature"]?.double == temperature)
        #expect(current["wind_speed"]?.double == rounded(wind, decimals: 1))
        #expect(current["pressure"]?.double == pressure)
        #expect(current["precipitation"]?.double == rounded(rain, decimals: 1))
        #expect(current["visibility"]?.double == rounded(visibility, decimals: 1))
    }

    @Test("every key is present, in SPEC order, null when unknown")
    func keys() throws {
        let now = instant("2026-06-21T10:00:00Z")
        let forecast = Forecasts.empty(Forecasts.berlin, now: now)
        var withAlert = forecast
        withAlert.alerts = [Alert(id: "a", title: "t", severity: .minor)]
        let payloads = Forecasts.builder(Forecasts.berlin, now: now).payloads(for: withAlert, now: now)
        let current = try #require(payloads.current.object)
        #expect(current.keys == Self.envelopeKeys + Self.readingKeys + ["sunrise", "sunset", "sources", "rain_today"])
        // Nothing known, so nothing has a source.
        #expect(current["sources"] == .object(JSONObject()))
        let alwaysKnown = Set(["time", "is_day", "sunrise", "sunset", "sources"] + Self.envelopeKeys)
        for (key, value) in current where !alwaysKnown.contains(key) {
            #expect(value.isNull, "current.\(key) = \(value)")
        }
        #expect(payloads.hourly.object?.keys == Self.envelopeKeys + ["interval_minutes", "hours"])
        #expect(payloads.daily.object?.keys == Self.envelopeKeys + ["days"])
        #expect(payloads.alerts.object?.keys == Self.envelopeKeys + ["alerts"])
        let hours = try #require(payloads.hourly["hours"]?.array)
        #expect(!hours.isEmpty)
        for hour in hours { #expect(hour.object?.keys == Self.readingKeys) }
        let days = try #require(payloads.daily["days"]?.array)
        #expect(!days.isEmpty)
        for day in days { #expect(day.object?.keys == Self.dayKeys) }
        #expect(payloads.alerts["alerts"]?[0]?.object?.keys == Self.alertKeys)
        #expect(payloads.alerts["alerts"]?[0]?["description"]?.isNull == true)
        #expect(payloads.current["location"]?.object?.keys == ["id", "name", "latitude", "longitude", "timezone"])
        #expect(payloads.current["schema"]?.double == 1)
    }

    @Test("a location without a zone has timezone null and is written in UTC")
    func noZone() {
        let now = instant("2026-06-21T10:00:00Z")
        let current = Forecasts.builder(Forecasts.noZone, now: now).current(
            Forecasts.empty(Forecasts.noZone, now: now), now: now)
        #expect(current["location"]?["timezone"]?.isNull == true)
        #expect(current["time"]?.string == "2026-06-21T10:00:00+00:00")
    }

    @Test("expired alerts are dropped; current, future and open-ended ones are kept, in order")
    func alerts() {
        let now = instant("2026-06-21T10:00:00Z")
        var forecast = Forecasts.complete(Forecasts.berlin, now: now)
        forecast.alerts?.append(
            Alert(id: "ends-now", title: "Ends now", severity: .moderate, expires: now))
        forecast.alerts?.append(
            Alert(
                id: "tomorrow", title: "Tomorrow", severity: .extreme, onset: now.addingTimeInterval(86400),
                expires: now.addingTimeInterval(2 * 86400)))
        let alerts = Forecasts.builder(Forecasts.berlin, now: now).alerts(forecast, now: now)
        let ids = alerts["alerts"]?.array?.compactMap { $0["id"]?.string }
        #expect(ids == ["urn:oid:2.49.0.1.276.0.DWD.PVW.1", "open-ended", "tomorrow"])
        #expect(alerts["alerts"]?[0]?["severity"]?.string == "severe")
        #expect(alerts["alerts"]?[0]?["expires"]?.string == "2026-06-21T14:00:00+02:00")
        #expect(alerts["alerts"]?[1]?["expires"]?.isNull == true)
    }

    @Test("no alerts, or a provider without alerts, is an empty list")
    func noAlerts() {
        let now = instant("2026-06-21T10:00:00Z")
        for list in [nil, []] as [[Alert]?] {
            let alerts = Forecasts.builder(Forecasts.berlin, now: now).alerts(
                Forecast(current: Reading(time: now), alerts: list), now: now)
            #expect(alerts["alerts"] == .array([]))
        }
    }

    @Test("values are cleaned: clamped, normalised, never -0")
    func cleaning() throws {
        let now = instant("2026-06-21T10:00:00Z")
        var reading = Reading(time: now)
        reading.temperature = -0.04
        reading.dewPoint = -0.0
        reading.humidity = 104
        reading.cloudCoverage = -3
        reading.windSpeed = -2
        reading.windGust = -0.01
        reading.windBearing = 359.7
        reading.precipitation = -0.5
        reading.uvIndex = -1
        let current = Forecasts.builder(Forecasts.berlin, now: now).current(Forecast(current: reading), now: now)
        #expect(current["temperature"]?.double == 0)
        #expect(current["humidity"]?.double == 100)
        #expect(current["cloud_coverage"]?.double == 0)
        #expect(current["wind_speed"]?.double == 0)
        #expect(current["wind_bearing"]?.double == 0)
        #expect(current["wind_direction"]?.string == "N")
        #expect(current["precipitation"]?.double == 0)
        #expect(current["uv_index"]?.double == 0)
        let text = current.serialized()
        #expect(!text.contains(":-0,") && !text.contains(":-0}") && !text.contains("-0.0"), "\(text)")
    }

    /// `wind_direction` is the compass text for the `wind_bearing` published beside it.
    @Test("wind_direction names the published wind_bearing", arguments: [33.7, 11.3, 348.7, 56.2, 191.3, -11.3])
    func directionMatchesBearing(bearing: Double) throws {
        let now = instant("2026-06-21T10:00:00Z")
        var reading = Reading(time: now)
        reading.windBearing = bearing
        var day = Day(date: CivilDate(year: 2026, month: 6, day: 21))
        day.windBearing = bearing
        let payloads = Forecasts.builder(Forecasts.berlin, now: now).payloads(
            for: Forecast(current: reading, hours: [reading], days: [day]), now: now)
        for object in [payloads.current, payloads.hourly["hours"]?[0], payloads.daily["days"]?[0]] {
            let published = try #require(object?["wind_bearing"]?.double)
            #expect(
                object?["wind_direction"]?.string == Compass.point(for: published), "bearing \(bearing) -> \(published)"
            )
        }
    }

    @Test("current sunrise and sunset: the provider's, else computed for the place")
    func sunriseSunset() throws {
        let now = instant("2026-06-21T10:00:00Z")
        let berlin = Forecasts.builder(Forecasts.berlin, now: now)
        let given = berlin.current(
            Forecast(
                current: Reading(time: now), sunrise: instant("2026-06-21T02:44:00Z"),
                sunset: instant("2026-06-21T19:33:00Z")),
            now: now)
        #expect(given["sunrise"]?.string == "2026-06-21T04:44:00+02:00")
        #expect(given["sunset"]?.string == "2026-06-21T21:33:00+02:00")
        let computed = berlin.current(Forecast(current: Reading(time: now)), now: now)
        let sunrise = try #require(computed["sunrise"]?.string.flatMap { ISO8601.date($0) })
        let sunset = try #require(computed["sunset"]?.string.flatMap { ISO8601.date($0) })
        #expect(abs(sunrise.timeIntervalSince(instant("2026-06-21T02:43:00Z"))) <= 180)
        #expect(abs(sunset.timeIntervalSince(instant("2026-06-21T19:33:00Z"))) <= 180)
    }

    @Test("polar night: sunrise and sunset are null, in current and in days")
    func polarNight() {
        let now = instant("2026-12-15T11:00:00Z")
        let payloads = Forecasts.builder(Forecasts.tromso, now: now).payloads(
            for: Forecasts.empty(Forecasts.tromso, now: now), now: now)
        #expect(payloads.current["sunrise"]?.isNull == true)
        #expect(payloads.current["sunset"]?.isNull == true)
        #expect(payloads.daily["days"]?[0]?["sunrise"]?.isNull == true)
        #expect(payloads.daily["days"]?[0]?["moon_phase"]?.double != nil)
    }

    @Test("times are written with the location's offset; days carry their own sunrise and moon phase")
    func daysContent() throws {
        let now = instant("2026-01-15T13:45:00Z")
        let payloads = Forecasts.builder(Forecasts.adelaide, now: now).payloads(
            for: Forecasts.complete(Forecasts.adelaide, now: now), now: now)
        #expect(payloads.current["fetched_at"]?.string == "2026-01-16T00:15:00+10:30")
        #expect(payloads.current["expires_at"]?.string == "2026-01-16T00:30:00+10:30")
        let days = try #require(payloads.daily["days"]?.array)
        for day in days {
            let date = try #require(day["date"]?.string)
            #expect(day["sunrise"]?.string?.hasPrefix(date) == true)
            #expect(day["sunset"]?.string?.hasPrefix(date) == true)
            let phase = try #require(day["moon_phase"]?.double)
            #expect((0...1).contains(phase))
        }
        #expect(days[1]["moon_phase"]?.double == 0.46)
    }
}
