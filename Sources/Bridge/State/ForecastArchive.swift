import FoundationEssentials
import Providers
import WeatherModel

/// The on-disk form of a location's state in `state_dir` (not a published payload): canonical
/// units, instants as Unix seconds. Unknown or damaged files are ignored, never trusted.
enum ForecastArchive {
    static let version = 1

    static func encode(_ state: LocationState) -> JSONValue {
        var object = JSONObject()
        object["version"] = .number(Double(version))
        object["provider"] = JSONValue(state.provider)
        object["fetched_at"] = time(state.fetchedAt)
        object["expires_at"] = time(state.expiresAt)
        object["last_success"] = time(state.lastSuccess)
        object["last_attempt"] = time(state.lastAttempt)
        object["next_poll"] = time(state.nextPoll)
        object["consecutive_failures"] = .number(Double(state.consecutiveFailures))
        object["last_error"] =
            state.lastError.map { error in
                [
                    "at": time(error.at), "provider": .string(error.provider), "message": .string(error.message),
                    "http_status": JSONValue(error.httpStatus),
                ]
            } ?? .null
        var validators = JSONObject()
        for (provider, value) in state.validators.sorted(by: { $0.key < $1.key }) {
            validators[provider] = ["last_modified": JSONValue(value.lastModified), "etag": JSONValue(value.etag)]
        }
        object["validators"] = .object(validators)
        var notBefore = JSONObject()
        for (provider, date) in state.notBefore.sorted(by: { $0.key < $1.key }) { notBefore[provider] = time(date) }
        object["not_before"] = .object(notBefore)
        object["forecast"] = state.forecast.map(encode) ?? .null
        return .object(object)
    }

    static func decode(_ json: JSONValue) -> LocationState? {
        guard json["version"]?.int == version, let nextPoll = date(json["next_poll"]) else { return nil }
        var state = LocationState(nextPoll: nextPoll)
        state.provider = json["provider"]?.string
        state.fetchedAt = date(json["fetched_at"])
        state.expiresAt = date(json["expires_at"])
        state.lastSuccess = date(json["last_success"])
        state.lastAttempt = date(json["last_attempt"])
        state.consecutiveFailures = json["consecutive_failures"]?.int ?? 0
        if let error = json["last_error"], let at = date(error["at"]) {
            state.lastError = LocationState.LastError(
                at: at, provider: error["provider"]?.string ?? "", message: error["message"]?.string ?? "",
                httpStatus: error["http_status"]?.int)
        }
        for (provider, value) in json["validators"]?.object ?? JSONObject() {
            state.validators[provider] = HTTPValidators(
                lastModified: value["last_modified"]?.string, etag: value["etag"]?.string)
        }
        for (provider, value) in json["not_before"]?.object ?? JSONObject() {
            if let at = date(value) { state.notBefore[provider] = at }
        }
        if let forecast = json["forecast"], !forecast.isNull {
            guard let decoded = decodeForecast(forecast) else { return nil }
            state.forecast = decoded
        }
        return state
    }

    // MARK: - Forecast

    static func encode(_ forecast: Forecast) -> JSONValue {
        [
            "current": encode(forecast.current),
            "sunrise": time(forecast.sunrise), "sunset": time(forecast.sunset),
            "hours": .array(forecast.hours.map(encode)),
            "interval_minutes": .number(Double(forecast.intervalMinutes)),
            "days": .array(forecast.days.map(encode)),
            "alerts": forecast.alerts.map { .array($0.map(encode)) } ?? .null,
            "timezone": JSONValue(forecast.timezone),
        ]
    }

    static func decodeForecast(_ json: JSONValue) -> Forecast? {
        guard let current = json["current"].flatMap(decodeReading) else { return nil }
        return Forecast(
            current: current, sunrise: date(json["sunrise"]), sunset: date(json["sunset"]),
            hours: (json["hours"]?.array ?? []).compactMap(decodeReading),
            intervalMinutes: json["interval_minutes"]?.int ?? 60,
            days: (json["days"]?.array ?? []).compactMap(decodeDay),
            alerts: json["alerts"]?.array.map { $0.compactMap(decodeAlert) },
            timezone: json["timezone"]?.string)
    }

    static func encode(_ reading: Reading) -> JSONValue {
        [
            "time": time(reading.time), "condition": JSONValue(reading.condition?.rawValue),
            "summary": JSONValue(reading.summary), "provider_code": JSONValue(reading.providerCode),
            "is_day": JSONValue(reading.isDay), "temperature": JSONValue(reading.temperature),
            "apparent_temperature": JSONValue(reading.apparentTemperature), "dew_point": JSONValue(reading.dewPoint),
            "humidity": JSONValue(reading.humidity), "cloud_coverage": JSONValue(reading.cloudCoverage),
            "precipitation_probability": JSONValue(reading.precipitationProbability),
            "pressure": JSONValue(reading.pressure), "wind_speed": JSONValue(reading.windSpeed),
            "wind_gust": JSONValue(reading.windGust), "wind_bearing": JSONValue(reading.windBearing),
            "precipitation": JSONValue(reading.precipitation),
            "precipitation_type": JSONValue(reading.precipitationType?.rawValue),
            "uv_index": JSONValue(reading.uvIndex), "visibility": JSONValue(reading.visibility),
        ]
    }

    static func decodeReading(_ json: JSONValue) -> Reading? {
        guard let time = date(json["time"]) else { return nil }
        var reading = Reading(time: time)
        reading.condition = json["condition"]?.string.flatMap(Condition.init(rawValue:))
        reading.summary = json["summary"]?.string
        reading.providerCode = json["provider_code"]?.string
        reading.isDay = json["is_day"]?.bool
        reading.temperature = json["temperature"]?.double
        reading.apparentTemperature = json["apparent_temperature"]?.double
        reading.dewPoint = json["dew_point"]?.double
        reading.humidity = json["humidity"]?.double
        reading.cloudCoverage = json["cloud_coverage"]?.double
        reading.precipitationProbability = json["precipitation_probability"]?.double
        reading.pressure = json["pressure"]?.double
        reading.windSpeed = json["wind_speed"]?.double
        reading.windGust = json["wind_gust"]?.double
        reading.windBearing = json["wind_bearing"]?.double
        reading.precipitation = json["precipitation"]?.double
        reading.precipitationType = json["precipitation_type"]?.string.flatMap(PrecipitationType.init(rawValue:))
        reading.uvIndex = json["uv_index"]?.double
        reading.visibility = json["visibility"]?.double
        return reading
    }

    static func encode(_ day: Day) -> JSONValue {
        [
            "date": .string(day.date.description), "condition": JSONValue(day.condition?.rawValue),
            "summary": JSONValue(day.summary), "provider_code": JSONValue(day.providerCode),
            "temperature_max": JSONValue(day.temperatureMax), "temperature_min": JSONValue(day.temperatureMin),
            "apparent_temperature_max": JSONValue(day.apparentTemperatureMax),
            "apparent_temperature_min": JSONValue(day.apparentTemperatureMin),
            "precipitation": JSONValue(day.precipitation),
            "precipitation_probability": JSONValue(day.precipitationProbability),
            "precipitation_type": JSONValue(day.precipitationType?.rawValue),
            "wind_speed": JSONValue(day.windSpeed), "wind_gust": JSONValue(day.windGust),
            "wind_bearing": JSONValue(day.windBearing), "humidity": JSONValue(day.humidity),
            "pressure": JSONValue(day.pressure), "uv_index": JSONValue(day.uvIndex),
            "sunrise": time(day.sunrise), "sunset": time(day.sunset), "moon_phase": JSONValue(day.moonPhase),
        ]
    }

    static func decodeDay(_ json: JSONValue) -> Day? {
        guard let date = json["date"]?.string.flatMap({ CivilDate(iso: $0) }) else { return nil }
        var day = Day(date: date)
        day.condition = json["condition"]?.string.flatMap(Condition.init(rawValue:))
        day.summary = json["summary"]?.string
        day.providerCode = json["provider_code"]?.string
        day.temperatureMax = json["temperature_max"]?.double
        day.temperatureMin = json["temperature_min"]?.double
        day.apparentTemperatureMax = json["apparent_temperature_max"]?.double
        day.apparentTemperatureMin = json["apparent_temperature_min"]?.double
        day.precipitation = json["precipitation"]?.double
        day.precipitationProbability = json["precipitation_probability"]?.double
        day.precipitationType = json["precipitation_type"]?.string.flatMap(PrecipitationType.init(rawValue:))
        day.windSpeed = json["wind_speed"]?.double
        day.windGust = json["wind_gust"]?.double
        day.windBearing = json["wind_bearing"]?.double
        day.humidity = json["humidity"]?.double
        day.pressure = json["pressure"]?.double
        day.uvIndex = json["uv_index"]?.double
        day.sunrise = ForecastArchive.date(json["sunrise"])
        day.sunset = ForecastArchive.date(json["sunset"])
        day.moonPhase = json["moon_phase"]?.double
        return day
    }

    static func encode(_ alert: Alert) -> JSONValue {
        [
            "id": .string(alert.id), "title": .string(alert.title), "severity": .string(alert.severity.rawValue),
            "description": JSONValue(alert.description), "onset": time(alert.onset), "expires": time(alert.expires),
            "source": JSONValue(alert.source), "uri": JSONValue(alert.uri),
        ]
    }

    static func decodeAlert(_ json: JSONValue) -> Alert? {
        guard let id = json["id"]?.string, let title = json["title"]?.string else { return nil }
        return Alert(
            id: id, title: title, severity: AlertSeverity(parsing: json["severity"]?.string),
            description: json["description"]?.string, onset: date(json["onset"]), expires: date(json["expires"]),
            source: json["source"]?.string, uri: json["uri"]?.string)
    }

    static func time(_ date: Date?) -> JSONValue { JSONValue(date.map { $0.timeIntervalSince1970 }) }

    static func date(_ json: JSONValue?) -> Date? {
        json?.double.map { Date(timeIntervalSince1970: $0) }
    }
}
