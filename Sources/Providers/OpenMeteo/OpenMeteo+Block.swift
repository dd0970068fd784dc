import FoundationEssentials
import WeatherModel

/// One of the answer's blocks (`current`, `hourly`, `daily`) with its `*_units`.
///
/// Each variable is looked up once per block (a column, with its unit parsed once), not once
/// per row: an hourly block is 15 variables × 192 hours.
///
/// Open-Meteo writes every local time of an answer with the one UTC offset valid when it was
/// asked (`utc_offset_seconds`), also for the days after a daylight-saving change (open-meteo
/// issues #261, #1545): ISO 8601 texts are read at that offset (`textZone`), and a daily
/// unixtime is the local midnight at that offset.
struct Block {
    let values: JSONObject
    let units: JSONObject
    /// The location's zone (daylight saving included).
    let zone: ZoneInfo
    /// The zone local texts are written in: the answer's fixed offset, else `zone`.
    var textZone: ZoneInfo
    /// The answer's `utc_offset_seconds`, if it has one.
    let answerOffset: Int?

    init?(_ json: JSONValue, _ name: String, zone: ZoneInfo) {
        guard let values = json[name]?.object else { return nil }
        self.values = values
        self.units = json[name + "_units"]?.object ?? JSONObject()
        self.zone = zone
        let offset = json["utc_offset_seconds"]?.double.flatMap { abs($0) <= 18 * 3600 ? Int($0) : nil }
        self.answerOffset = offset
        self.textZone = offset.map { ZoneInfo(fixed: $0) } ?? zone
    }

    /// The row indices: a series block has a `time` array; a current block has single
    /// values (one row, index `nil`).
    var rows: [Int?] {
        if let times = values["time"]?.array { return times.indices.map { $0 } }
        return [nil]
    }

    func column(_ key: String, _ conversion: Column.Conversion = .none) -> Column {
        let entry = values[key]
        return Column(entry: entry, unit: entry == nil ? "" : units[key]?.string ?? "", conversion: conversion)
    }

    /// The readings of every row (at most `limit`); an entry without a valid time is an error.
    ///
    /// Local texts are read at the answer's offset; should they instead follow daylight saving
    /// (their steps are even only in the location's zone), they are read in the zone, a
    /// repeated wall-clock hour (fall back) taken as the later instant the second time.
    func readings(legacy: Bool, limit: Int = .max) throws(ProviderError) -> [Reading] {
        var result = try rawReadings(legacy: legacy, limit: limit)
        guard values["time"]?.array?.first?.string != nil, !Self.evenSteps(result), textZone != zone else {
            return result
        }
        var local = self
        local.textZone = zone
        var inZone = try local.rawReadings(legacy: legacy, limit: limit)
        for index in inZone.indices.dropFirst() {
            var tries = 0
            while inZone[index].time <= inZone[index - 1].time, tries < 8 {
                inZone[index].time = inZone[index].time.addingTimeInterval(1800)
                tries += 1
            }
        }
        if Self.evenSteps(inZone) { result = inZone }
        return result
    }

    private func rawReadings(legacy: Bool, limit: Int) throws(ProviderError) -> [Reading] {
        let columns = ReadingColumns(self, legacy: legacy)
        let rows = rows.prefix(limit)
        var result: [Reading] = []
        result.reserveCapacity(rows.count)
        for index in rows {
            result.append(try columns.reading(at: index))
        }
        return result
    }

    /// Whether consecutive readings are all the same positive step apart.
    static func evenSteps(_ readings: [Reading]) -> Bool {
        guard readings.count > 2 else { return true }
        let step = readings[1].time.timeIntervalSince(readings[0].time)
        return step > 0
            && readings.indices.dropFirst().allSatisfy {
                readings[$0].time.timeIntervalSince(readings[$0 - 1].time) == step
            }
    }

    /// The days of every row; an entry without a valid date is an error.
    func days() throws(ProviderError) -> [Day] {
        let columns = DayColumns(self)
        let rows = rows
        var result: [Day] = []
        result.reserveCapacity(rows.count)
        for index in rows {
            result.append(try columns.day(at: index))
        }
        return result
    }
}

/// One variable of a block: its values, and the conversion its declared unit calls for.
struct Column {
    /// How values are brought to the canonical unit (°C, km/h, mm, km).
    enum Conversion {
        case none
        case temperature
        case speed
        case precipitation
        case distance
    }

    let entry: JSONValue?
    let items: [JSONValue]?
    /// Multiplies (or, for temperatures, converts) a value into the canonical unit.
    private let convert: (Double) -> Double

    init(entry: JSONValue?, unit: String, conversion: Conversion) {
        self.entry = entry
        self.items = entry?.array
        switch conversion {
        case .none:
            convert = { $0 }
        case .temperature:
            convert = (TemperatureUnit(parsing: unit) ?? .celsius).toCelsius
        case .speed:
            convert = (SpeedUnit(parsing: unit) ?? .kilometresPerHour).toKilometresPerHour
        case .precipitation:
            convert = (PrecipitationUnit(parsing: unit) ?? .millimetres).toMillimetres
        case .distance:
            // Open-Meteo reports metres, or feet with imperial units.
            switch unit.lowercased() {
            case "ft", "feet": convert = { $0 * 0.0003048 }
            case "km": convert = { $0 }
            case "mi": convert = { $0 * 1.609344 }
            default: convert = { $0 / 1000 }
            }
        }
    }

    /// The value of row `index` (a series), or the single value (`nil`: a current block).
    func value(_ index: Int?) -> JSONValue? {
        guard let index else { return entry }
        guard let items, items.indices.contains(index) else { return nil }
        return items[index]
    }

    func number(_ index: Int?) -> Double? { value(index)?.double }

    /// The number of row `index` in the canonical unit.
    func converted(_ index: Int?) -> Double? { number(index).map(convert) }

    /// A WMO code as an integer; `nil` for anything that is not one.
    func code(_ index: Int?) -> Int? {
        guard let value = number(index), abs(value) < 1e9 else { return nil }
        return Int(value)
    }

    /// A time value: unixtime numbers, or ISO 8601 text in the answer's zone.
    func instant(_ index: Int?, zone: ZoneInfo) -> Date? {
        guard let value = value(index) else { return nil }
        if let seconds = value.double {
            // Years 1900–2200; anything else is not a forecast time.
            guard seconds > -2_300_000_000, seconds < 7_300_000_000 else { return nil }
            return Date(timeIntervalSince1970: seconds)
        }
        if let text = value.string { return ISO8601.date(text, zone: zone) }
        return nil
    }

    /// A daily `time`: `YYYY-MM-DD`, or the unixtime of local midnight at the answer's offset
    /// `answerOffset` (the offset valid when asked, not the one valid that day); without one,
    /// the local midnight in `zone` nearest to it.
    func date(_ index: Int?, zone: ZoneInfo, answerOffset: Int?) -> CivilDate? {
        guard let value = value(index) else { return nil }
        if let text = value.string { return CivilDate(iso: text) }
        if let seconds = value.double, seconds > -2_300_000_000, seconds < 7_300_000_000 {
            if let answerOffset {
                return ZoneInfo.utc.localDate(Date(timeIntervalSince1970: seconds + Double(answerOffset) + 1))
            }
            return zone.localDate(Date(timeIntervalSince1970: seconds + 12 * 3600))
        }
        return nil
    }
}

/// The columns a reading is made of (current or hourly), with the legacy names as fallbacks.
struct ReadingColumns {
    let zone: ZoneInfo
    let time, code, isDay, temperature, apparentTemperature, dewPoint: Column
    let humidity, humidityLegacy, cloudCover, cloudCoverLegacy, precipitationProbability, pressure: Column
    let windSpeed, windSpeedLegacy, windGust, windGustLegacy, windBearing, windBearingLegacy: Column
    let precipitation, uvIndex, visibility: Column

    init(_ block: Block, legacy: Bool) {
        zone = block.textZone
        time = block.column("time")
        code = block.column(legacy ? "weathercode" : "weather_code")
        isDay = block.column("is_day")
        temperature = block.column(legacy ? "temperature" : "temperature_2m", .temperature)
        apparentTemperature = block.column("apparent_temperature", .temperature)
        dewPoint = block.column("dew_point_2m", .temperature)
        humidity = block.column("relative_humidity_2m")
        humidityLegacy = block.column("relativehumidity_2m")
        cloudCover = block.column("cloud_cover")
        cloudCoverLegacy = block.column("cloudcover")
        precipitationProbability = block.column("precipitation_probability")
        pressure = block.column("pressure_msl")
        windSpeed = block.column(legacy ? "windspeed" : "wind_speed_10m", .speed)
        windSpeedLegacy = block.column("windspeed_10m", .speed)
        windGust = block.column("wind_gusts_10m", .speed)
        windGustLegacy = block.column("windgusts_10m", .speed)
        windBearing = block.column(legacy ? "winddirection" : "wind_direction_10m")
        windBearingLegacy = block.column("winddirection_10m")
        precipitation = block.column("precipitation", .precipitation)
        uvIndex = block.column("uv_index")
        visibility = block.column("visibility", .distance)
    }

    func reading(at index: Int?) throws(ProviderError) -> Reading {
        guard let time = time.instant(index, zone: zone) else {
            throw .invalidResponse("open-meteo: an entry without a valid time")
        }
        var reading = Reading(time: time)
        let code = code.code(index)
        reading.providerCode = code.map(String.init)
        reading.condition = code.flatMap(WMOCode.condition)
        reading.summary = code.flatMap(WMOCode.summary)
        reading.isDay = isDay.number(index).map { $0 != 0 }
        reading.temperature = temperature.converted(index)
        reading.apparentTemperature = apparentTemperature.converted(index)
        reading.dewPoint = dewPoint.converted(index)
        reading.humidity = humidity.number(index) ?? humidityLegacy.number(index)
        reading.cloudCoverage = cloudCover.number(index) ?? cloudCoverLegacy.number(index)
        reading.precipitationProbability = precipitationProbability.number(index)
        reading.pressure = pressure.number(index)
        reading.windSpeed = windSpeed.converted(index) ?? windSpeedLegacy.converted(index)
        reading.windGust = windGust.converted(index) ?? windGustLegacy.converted(index)
        reading.windBearing = windBearing.number(index) ?? windBearingLegacy.number(index)
        reading.precipitation = precipitation.converted(index)
        reading.precipitationType = code.flatMap(WMOCode.precipitationType)
        reading.uvIndex = uvIndex.number(index)
        reading.visibility = visibility.converted(index)
        return reading
    }
}

/// The columns a daily entry is made of, with the legacy names as fallbacks.
struct DayColumns {
    let zone: ZoneInfo
    let textZone: ZoneInfo
    let answerOffset: Int?
    let time, code, codeLegacy, temperatureMax, temperatureMin, apparentMax, apparentMin: Column
    let precipitation, precipitationProbability, windSpeed, windSpeedLegacy, windGust, windGustLegacy: Column
    let windBearing, windBearingLegacy, uvIndex, sunrise, sunset: Column

    init(_ block: Block) {
        zone = block.zone
        textZone = block.textZone
        answerOffset = block.answerOffset
        time = block.column("time")
        code = block.column("weather_code")
        codeLegacy = block.column("weathercode")
        temperatureMax = block.column("temperature_2m_max", .temperature)
        temperatureMin = block.column("temperature_2m_min", .temperature)
        apparentMax = block.column("apparent_temperature_max", .temperature)
        apparentMin = block.column("apparent_temperature_min", .temperature)
        precipitation = block.column("precipitation_sum", .precipitation)
        precipitationProbability = block.column("precipitation_probability_max")
        windSpeed = block.column("wind_speed_10m_max", .speed)
        windSpeedLegacy = block.column("windspeed_10m_max", .speed)
        windGust = block.column("wind_gusts_10m_max", .speed)
        windGustLegacy = block.column("windgusts_10m_max", .speed)
        windBearing = block.column("wind_direction_10m_dominant")
        windBearingLegacy = block.column("winddirection_10m_dominant")
        uvIndex = block.column("uv_index_max")
        sunrise = block.column("sunrise")
        sunset = block.column("sunset")
    }

    func day(at index: Int?) throws(ProviderError) -> Day {
        guard let date = time.date(index, zone: zone, answerOffset: answerOffset) else {
            throw .invalidResponse("open-meteo: a daily entry without a valid date")
        }
        var day = Day(date: date)
        let code = code.code(index) ?? codeLegacy.code(index)
        day.providerCode = code.map(String.init)
        day.condition = code.flatMap(WMOCode.condition)
        day.summary = code.flatMap(WMOCode.summary)
        day.temperatureMax = temperatureMax.converted(index)
        day.temperatureMin = temperatureMin.converted(index)
        day.apparentTemperatureMax = apparentMax.converted(index)
        day.apparentTemperatureMin = apparentMin.converted(index)
        day.precipitation = precipitation.converted(index)
        day.precipitationProbability = precipitationProbability.number(index)
        day.precipitationType = code.flatMap(WMOCode.precipitationType)
        day.windSpeed = windSpeed.converted(index) ?? windSpeedLegacy.converted(index)
        day.windGust = windGust.converted(index) ?? windGustLegacy.converted(index)
        day.windBearing = windBearing.number(index) ?? windBearingLegacy.number(index)
        day.uvIndex = uvIndex.number(index)
        day.sunrise = sunrise.instant(index, zone: textZone)
        day.sunset = sunset.instant(index, zone: textZone)
        return day
    }
}
