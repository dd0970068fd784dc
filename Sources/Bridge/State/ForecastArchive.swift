import FoundationEssentials
import Providers
import WeatherModel

/// The on-disk form of a location's state in `state_dir` (not a published payload): canonical
/// units, instants as Unix seconds. Unknown or damaged files are ignored, never trusted.
enum ForecastArchive {
    /// 2: hours as columns and absent fields left out; version 1 files are still read.
    static let version = 2

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
        // When the extra requests were last made, so a restart (or cron's run --once) keeps their pace.
        if let at = state.nowcastFetchedAt { object["nowcast_fetched_at"] = time(at) }
        if let at = state.airQualityFetchedAt { object["air_quality_fetched_at"] = time(at) }
        return .object(object)
    }

    static func decode(_ json: JSONValue) -> LocationState? {
        guard let fileVersion = json["version"]?.int, (1...version).contains(fileVersion),
            let nextPoll = date(json["next_poll"])
        else { return nil }
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
        state.nowcastFetchedAt = date(json["nowcast_fetched_at"])
        state.airQualityFetchedAt = date(json["air_quality_fetched_at"])
        if let forecast = json["forecast"], !forecast.isNull {
            guard let decoded = decodeForecast(forecast) else { return nil }
            state.forecast = decoded
        }
        return state
    }

    // MARK: - Forecast

    static func encode(_ forecast: Forecast) -> JSONValue {
        var encoded: JSONValue = [
            "current": encode(forecast.current),
            "sunrise": time(forecast.sunrise), "sunset": time(forecast.sunset),
            "hours": encode(hours: forecast.hours),
            "interval_minutes": .number(Double(forecast.intervalMinutes)),
            "days": .array(forecast.days.map(encode)),
            "alerts": forecast.alerts.map { .array($0.map(encode)) } ?? .null,
            "timezone": JSONValue(forecast.timezone),
        ]
        // Written only when set, so archives of answers with a current block stay as they were.
        if forecast.currentIsFromSeries, var object = encoded.object {
            object["current_from_series"] = .bool(true)
            encoded = .object(object)
        }
        if !forecast.lacking.isEmpty, var object = encoded.object {
            object["lacking"] = .array(forecast.lacking.names.map { .string($0) })
            encoded = .object(object)
        }
        return encoded
    }

    static func decodeForecast(_ json: JSONValue) -> Forecast? {
        guard let current = json["current"].flatMap(decodeReading) else { return nil }
        var forecast = Forecast(
            current: current, sunrise: date(json["sunrise"]), sunset: date(json["sunset"]),
            hours: decodeHours(json["hours"]),
            intervalMinutes: json["interval_minutes"]?.int ?? 60,
            days: (json["days"]?.array ?? []).compactMap(decodeDay),
            alerts: json["alerts"]?.array.map { $0.compactMap(decodeAlert) },
            timezone: json["timezone"]?.string)
        forecast.currentIsFromSeries = json["current_from_series"]?.bool == true
        forecast.lacking = ForecastParts(names: json["lacking"]?.array?.compactMap(\.string) ?? [])
        return forecast
    }

    /// The current reading as an object of the fields it has.
    static func encode(_ reading: Reading) -> JSONValue {
        var object = JSONObject()
        object["time"] = time(reading.time)
        for field in ReadingField.allCases {
            let value = field.encode(reading)
            if !value.isNull { object[field.rawValue] = value }
        }
        return .object(object)
    }

    static func decodeReading(_ json: JSONValue) -> Reading? {
        guard let time = date(json["time"]) else { return nil }
        var reading = Reading(time: time)
        for field in ReadingField.allCases {
            if let value = json[field.rawValue] { field.decode(&reading, value) }
        }
        return reading
    }

    /// Hours as columns, one array per field the provider filled: a third of the bytes of one
    /// object per hour, and a third of the work to build and write them.
    static func encode(hours: [Reading]) -> JSONValue {
        var columns = JSONObject()
        columns["time"] = .array(hours.map { time($0.time) })
        for field in ReadingField.allCases {
            let values = hours.map { field.encode($0) }
            if values.contains(where: { !$0.isNull }) { columns[field.rawValue] = .array(values) }
        }
        return .object(columns)
    }

    /// Hours from columns (this version) or from one object per hour (version 1 files).
    static func decodeHours(_ json: JSONValue?) -> [Reading] {
        if let rows = json?.array { return rows.compactMap(decodeReading) }
        guard let columns = json?.object, let times = columns["time"]?.array else { return [] }
        let present = ReadingField.allCases.compactMap { field in columns[field.rawValue]?.array.map { (field, $0) } }
        var hours: [Reading] = []
        hours.reserveCapacity(times.count)
        for (index, value) in times.enumerated() {
            guard let at = date(value) else { continue }
            var reading = Reading(time: at)
            for (field, column) in present where index < column.count { field.decode(&reading, column[index]) }
            hours.append(reading)
        }
        return hours
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
            "source": JSONValue(alert.source), "uri": JSONValue(alert.uri), "event": JSONValue(alert.event),
            "awareness": JSONValue(alert.awareness), "instruction": JSONValue(alert.instruction),
            "sender": JSONValue(alert.sender), "attribution": JSONValue(alert.attribution),
        ]
    }

    static func decodeAlert(_ json: JSONValue) -> Alert? {
        guard let id = json["id"]?.string, let title = json["title"]?.string else { return nil }
        return Alert(
            id: id, title: title, severity: AlertSeverity(parsing: json["severity"]?.string),
            description: json["description"]?.string, onset: date(json["onset"]), expires: date(json["expires"]),
            source: json["source"]?.string, uri: json["uri"]?.string, event: json["event"]?.string,
            awareness: json["awareness"]?.string, instruction: json["instruction"]?.string,
            sender: json["sender"]?.string, attribution: json["attribution"]?.string)
    }

    static func time(_ date: Date?) -> JSONValue { JSONValue(date.map { $0.timeIntervalSince1970 }) }

    static func date(_ json: JSONValue?) -> Date? {
        json?.double.map { Date(timeIntervalSince1970: $0) }
    }
}

/// One optional field of a `Reading` in the state file: its key (the raw value), and how it
/// becomes JSON and back (plain switches: key paths and closures cost ten times as much per value).
enum ReadingField: String, CaseIterable {
    case condition, summary
    case providerCode = "provider_code"
    case isDay = "is_day"
    case temperature
    case apparentTemperature = "apparent_temperature"
    case dewPoint = "dew_point"
    case humidity
    case cloudCoverage = "cloud_coverage"
    case precipitationProbability = "precipitation_probability"
    case pressure
    case windSpeed = "wind_speed"
    case windGust = "wind_gust"
    case windBearing = "wind_bearing"
    case precipitation
    case precipitationType = "precipitation_type"
    case uvIndex = "uv_index"
    case visibility

    func encode(_ reading: Reading) -> JSONValue {
        switch self {
        case .condition: JSONValue(reading.condition?.rawValue)
        case .summary: JSONValue(reading.summary)
        case .providerCode: JSONValue(reading.providerCode)
        case .isDay: JSONValue(reading.isDay)
        case .precipitationType: JSONValue(reading.precipitationType?.rawValue)
        default: JSONValue(number(of: reading))
        }
    }

    func decode(_ reading: inout Reading, _ value: JSONValue) {
        switch self {
        case .condition: reading.condition = value.string.flatMap(Condition.init(rawValue:))
        case .summary: reading.summary = value.string
        case .providerCode: reading.providerCode = value.string
        case .isDay: reading.isDay = value.bool
        case .precipitationType: reading.precipitationType = value.string.flatMap(PrecipitationType.init(rawValue:))
        case .temperature: reading.temperature = value.double
        case .apparentTemperature: reading.apparentTemperature = value.double
        case .dewPoint: reading.dewPoint = value.double
        case .humidity: reading.humidity = value.double
        case .cloudCoverage: reading.cloudCoverage = value.double
        case .precipitationProbability: reading.precipitationProbability = value.double
        case .pressure: reading.pressure = value.double
        case .windSpeed: reading.windSpeed = value.double
        case .windGust: reading.windGust = value.double
        case .windBearing: reading.windBearing = value.double
        case .precipitation: reading.precipitation = value.double
        case .uvIndex: reading.uvIndex = value.double
        case .visibility: reading.visibility = value.double
        }
    }

    private func number(of reading: Reading) -> Double? {
        switch self {
        case .temperature: reading.temperature
        case .apparentTemperature: reading.apparentTemperature
        case .dewPoint: reading.dewPoint
        case .humidity: reading.humidity
        case .cloudCoverage: reading.cloudCoverage
        case .precipitationProbability: reading.precipitationProbability
        case .pressure: reading.pressure
        case .windSpeed: reading.windSpeed
        case .windGust: reading.windGust
        case .windBearing: reading.windBearing
        case .precipitation: reading.precipitation
        case .uvIndex: reading.uvIndex
        case .visibility: reading.visibility
        case .condition, .summary, .providerCode, .isDay, .precipitationType: nil
        }
    }
}
