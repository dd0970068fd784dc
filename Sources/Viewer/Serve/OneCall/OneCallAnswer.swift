import FoundationEssentials
import Rendering
import WeatherModel

/// A One Call 3.0 answer (`/data/3.0/onecall`) made from one location's retained payloads, as
/// OpenWeatherMap writes it: the same keys, JSON types, units (`units=`) and time conventions
/// (Unix seconds, `timezone_offset`). Pure: a view model and a query in, a JSON value out.
///
/// What the payloads do not have is left out, never made up as 0: a `null` value, `minutely`,
/// the days' `dew_point` and `clouds`. `moonrise` and `moonset` are computed (``Moon``). `temp` and `feels_like` of a day
/// are the hours at 06:00 (`morn`), 12:00 (`day`), 18:00 (`eve`) and 23:00 (`night`) local, as
/// OpenWeatherMap's recorded answers have them; an hour the hourly payload no longer (or not yet)
/// has is the day's minimum (`morn`, `night`), maximum (`day`) or their mean (`eve`).
struct OneCallAnswer {
    let model: WeatherViewModel
    let query: OneCallQuery
    /// `weather2mqtt`: where the answer came from (location, provider, attribution, distance).
    let origin: JSONObject

    /// OpenWeatherMap's daily and hourly limits.
    static let hourLimit = 48
    static let dayLimit = 8
    /// OpenWeatherMap's visibility never exceeds 10 km.
    static let visibilityLimit = 10_000.0

    var json: JSONValue {
        var object = JSONObject()
        object.appendUnchecked("lat", .number(Self.rounded(model.location.latitude, 4)))
        object.appendUnchecked("lon", .number(Self.rounded(model.location.longitude, 4)))
        object.appendUnchecked("timezone", .string(model.location.timezone ?? "UTC"))
        object.appendUnchecked("timezone_offset", .number(Double(model.zone.offset(at: model.now))))
        if !query.exclude.contains(.current), let current = model.current {
            object.appendUnchecked("current", .object(self.current(current)))
        }
        if !query.exclude.contains(.hourly) {
            object.appendUnchecked("hourly", .array(model.hours.prefix(Self.hourLimit).map { .object(hour($0)) }))
        }
        if !query.exclude.contains(.daily) {
            object.appendUnchecked("daily", .array(model.days.prefix(Self.dayLimit).map { .object(day($0)) }))
        }
        // OpenWeatherMap leaves `alerts` out when there are none.
        if !query.exclude.contains(.alerts), !model.alerts.isEmpty {
            object.appendUnchecked("alerts", .array(model.alerts.map { .object(alert($0)) }))
        }
        object.appendUnchecked("weather2mqtt", .object(origin))
        return .object(object)
    }

    // MARK: blocks

    private func current(_ current: CurrentConditions) -> JSONObject {
        var object = JSONObject()
        let values = current.values
        object.appendUnchecked("dt", unix(values.time ?? model.now))
        if let sunrise = current.sunrise { object.appendUnchecked("sunrise", unix(sunrise)) }
        if let sunset = current.sunset { object.appendUnchecked("sunset", unix(sunset)) }
        reading(values, into: &object)
        return object
    }

    private func hour(_ hour: HourForecast) -> JSONObject {
        var object = JSONObject()
        object.appendUnchecked("dt", unix(hour.time))
        reading(hour.values, into: &object)
        add("pop", hour.values.precipitationProbability.map { Self.rounded($0 / 100, 2) }, to: &object)
        return object
    }

    /// The keys a current reading and an hour share, in OpenWeatherMap's order.
    private func reading(_ values: WeatherValues, into object: inout JSONObject) {
        add("temp", values.temperature.map(temperature), to: &object)
        add("feels_like", values.apparentTemperature.map(temperature), to: &object)
        add("pressure", values.pressure.map { $0.rounded() }, to: &object)
        add("humidity", values.humidity.map { $0.rounded() }, to: &object)
        add("dew_point", values.dewPoint.map(temperature), to: &object)
        add("uvi", values.uvIndex.map { Self.rounded($0, 2) }, to: &object)
        add("clouds", values.cloudCoverage.map { $0.rounded() }, to: &object)
        add("visibility", values.visibility.map { min(Self.visibilityLimit, ($0 * 1000).rounded()) }, to: &object)
        add("wind_speed", values.windSpeed.map(speed), to: &object)
        add("wind_deg", values.windBearing.map { $0.rounded().truncatingRemainder(dividingBy: 360) }, to: &object)
        add("wind_gust", values.windGust.map(speed), to: &object)
        if let intensity = values.precipitation, intensity > 0 {
            let key = values.precipitationType == .snow ? "snow" : "rain"
            object.appendUnchecked(key, ["1h": .number(Self.rounded(intensity, 2))])
        }
        if let condition = values.condition {
            let weather = OneCallWeather.of(condition, intensity: values.precipitation, clouds: values.cloudCoverage)
            let isDay = values.isDay ?? (condition != .clearNight)
            object.appendUnchecked("weather", [self.weather(weather, condition: condition, isDay: isDay)])
        }
    }

    private func day(_ day: DayForecast) -> JSONObject {
        var object = JSONObject()
        let zone = model.zone
        object.appendUnchecked("dt", unix(zone.date(CivilDateTime(date: day.date, hour: 12))))
        if let sunrise = day.sunrise { object.appendUnchecked("sunrise", unix(sunrise)) }
        if let sunset = day.sunset { object.appendUnchecked("sunset", unix(sunset)) }
        // Computed for the location (the payloads have none); 0 on a day without one, as OpenWeatherMap writes it.
        let moon = Moon.riseAndSet(
            on: day.date, latitude: model.location.latitude, longitude: model.location.longitude, zone: zone)
        object.appendUnchecked("moonrise", moon.moonrise.map(unix) ?? 0)
        object.appendUnchecked("moonset", moon.moonset.map(unix) ?? 0)
        add("moon_phase", day.moonPhase.map { Self.rounded($0, 2) }, to: &object)
        if let condition = day.condition {
            object.appendUnchecked("summary", .string(summary(day.summary, condition)))
        } else if let summary = day.summary {
            object.appendUnchecked("summary", .string(summary))
        }
        let hours = Dictionary(
            model.hours.filter { $0.local.date == day.date && $0.local.minute == 0 }.map { ($0.local.hour, $0.values) },
            uniquingKeysWith: { first, _ in first })
        func parts(_ value: (WeatherValues) -> Double?, min low: Double?, max high: Double?) -> [(String, Double?)] {
            let mean = low.flatMap { low in high.map { (low + $0) / 2 } }
            return [
                ("day", hours[12].flatMap(value) ?? high), ("night", hours[23].flatMap(value) ?? low),
                ("eve", hours[18].flatMap(value) ?? mean), ("morn", hours[6].flatMap(value) ?? low),
            ]
        }
        var temp = JSONObject()
        let daily = parts(\.temperature, min: day.temperatureMin, max: day.temperatureMax)
        add("day", daily[0].1.map(temperature), to: &temp)
        add("min", day.temperatureMin.map(temperature), to: &temp)
        add("max", day.temperatureMax.map(temperature), to: &temp)
        for (key, value) in daily.dropFirst() { add(key, value.map(temperature), to: &temp) }
        object.appendUnchecked("temp", .object(temp))
        var feels = JSONObject()
        let apparent = parts(\.apparentTemperature, min: day.apparentTemperatureMin, max: day.apparentTemperatureMax)
        for (key, value) in apparent { add(key, value.map(temperature), to: &feels) }
        object.appendUnchecked("feels_like", .object(feels))
        add("pressure", day.pressure.map { $0.rounded() }, to: &object)
        add("humidity", day.humidity.map { $0.rounded() }, to: &object)
        add("wind_speed", day.windSpeed.map(speed), to: &object)
        add("wind_deg", day.windBearing.map { $0.rounded().truncatingRemainder(dividingBy: 360) }, to: &object)
        add("wind_gust", day.windGust.map(speed), to: &object)
        if let condition = day.condition {
            // A day's icon is always the day's (`d`), as OpenWeatherMap's are.
            let weather = OneCallWeather.of(condition.adjusted(isDay: true), intensity: nil, clouds: nil)
            object.appendUnchecked("weather", [self.weather(weather, condition: condition, isDay: true)])
        }
        add("pop", day.precipitationProbability.map { Self.rounded($0 / 100, 2) }, to: &object)
        if let amount = day.precipitation, amount > 0 {
            object.appendUnchecked(day.precipitationType == .snow ? "snow" : "rain", .number(Self.rounded(amount, 2)))
        }
        add("uvi", day.uvIndex.map { Self.rounded($0, 2) }, to: &object)
        return object
    }

    private func alert(_ alert: WeatherAlert) -> JSONObject {
        var object = JSONObject()
        object.appendUnchecked("sender_name", .string(alert.sender ?? alert.source ?? ""))
        object.appendUnchecked("event", .string(alert.title))
        if let onset = alert.onset { object.appendUnchecked("start", unix(onset)) }
        if let expires = alert.expires { object.appendUnchecked("end", unix(expires)) }
        object.appendUnchecked("description", .string(alert.description ?? ""))
        object.appendUnchecked("tags", [])
        if let attribution = alert.attribution { object.appendUnchecked("attribution", .string(attribution)) }
        return object
    }

    // MARK: values

    /// `weather[0]`: the id and group of the table, the description in the asked language
    /// (OpenWeatherMap's words in English, weatherview's word for the condition in the others).
    private func weather(_ weather: OneCallWeather, condition: Condition, isDay: Bool) -> JSONValue {
        let description =
            query.language == .en ? weather.description : condition.adjusted(isDay: isDay).summary(in: query.language)
        return [
            "id": .number(Double(weather.id)), "main": .string(weather.main), "description": .string(description),
            "icon": .string(weather.icon + (isDay ? "d" : "n")),
        ]
    }

    /// A day's summary: the payload's in English, else weatherview's word for the condition.
    private func summary(_ text: String?, _ condition: Condition) -> String {
        query.language == .en ? text ?? condition.summary : condition.summary(in: query.language)
    }

    private func temperature(_ celsius: Double) -> Double { Self.rounded(query.units.temperature(celsius), 2) }

    private func speed(_ kilometresPerHour: Double) -> Double { Self.rounded(query.units.speed(kilometresPerHour), 2) }

    private func unix(_ date: Date) -> JSONValue { .number(date.timeIntervalSince1970.rounded(.down)) }

    private func add(_ key: String, _ value: Double?, to object: inout JSONObject) {
        if let value { object.appendUnchecked(key, .number(value == 0 ? 0 : value)) }
    }

    /// `value` to `places` decimals (never `-0`).
    static func rounded(_ value: Double, _ places: Int) -> Double {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let result = (value * scale).rounded() / scale
        return result == 0 ? 0 : result
    }
}
