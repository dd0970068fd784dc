import FoundationEssentials
import WeatherModel

/// weewx-mqtt loop packets: values as strings, each key either with its unit appended
/// (`outTemp_C`, `windSpeed_kph`, `rain_cm`, `barometer_mbar`) or bare in the packet's
/// `usUnits` system (1 US: °F, mph, inHg, in; 16 METRIC: °C, km/h, mbar, **cm**; 17 METRICWX:
/// °C, m/s, mbar, mm). A partial packet leaves what it does not carry as it was. `rain` is the
/// rain since the previous packet; `barometer` is sea-level, `pressure` the station's.
public enum WeewxDecoder {
    public static func decode(_ bytes: some Collection<UInt8>) throws(StationDecodeError) -> StationObservation {
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch {
            throw StationDecodeError("not a weewx loop packet: \(error)")
        }
        guard let packet = json.object, packet["dateTime"] != nil || packet["usUnits"] != nil else {
            throw StationDecodeError("not a weewx loop packet: no dateTime or usUnits")
        }
        // Not a whole number an Int holds (anyone on the broker can publish 1e29): as if absent.
        let system = StationNumber.parse(packet["usUnits"]).flatMap { Int(exactly: $0) } ?? 16
        var observation = StationObservation(
            time: StationNumber.parse(packet["dateTime"]).map(Date.init(timeIntervalSince1970:)))
        var pressure = PressureReport()
        for (key, value) in packet {
            guard let number = StationNumber.parse(value) else { continue }
            let (name, suffix) = split(key)
            let unit = suffix ?? defaultUnit(name, system: system)
            switch name {
            case "outTemp": observation.values[.temperature] = temperature(number, unit)
            case "dewpoint": observation.values[.dewPoint] = temperature(number, unit)
            case "appTemp": observation.values[.apparentTemperature] = temperature(number, unit)
            case "outHumidity": observation.values[.humidity] = number
            case "windDir": observation.values[.windBearing] = number
            case "windSpeed": observation.values[.windSpeed] = speed(number, unit)
            case "windGust": observation.values[.windGust] = speed(number, unit)
            case "UV": observation.values[.uvIndex] = number
            case "rainRate": observation.values[.precipitation] = rain(number, unit)
            case "rain":
                observation.rain = rain(number, unit).map { RainReport(.increment, millimetres: $0, name: "rain") }
            case "barometer": pressure.relative = hectopascal(number, unit)
            case "pressure": pressure.absolute = hectopascal(number, unit)
            default: break
            }
        }
        if pressure.absolute != nil || pressure.relative != nil { observation.pressure = pressure }
        return observation
    }

    /// `outTemp_C` → ("outTemp", "C"); `rainRate_mm_per_hour` → ("rainRate", "mm_per_hour").
    static func split(_ key: String) -> (String, String?) {
        guard let underscore = key.firstIndex(of: "_") else { return (key, nil) }
        return (String(key[..<underscore]), String(key[key.index(after: underscore)...]))
    }

    static func defaultUnit(_ name: String, system: Int) -> String {
        let us = system == 1
        switch name {
        case "outTemp", "dewpoint", "appTemp": return us ? "F" : "C"
        case "windSpeed", "windGust": return us ? "mph" : system == 17 ? "meter_per_second" : "kph"
        case "rain": return us ? "inch" : system == 17 ? "mm" : "cm"
        case "rainRate": return us ? "inch_per_hour" : system == 17 ? "mm_per_hour" : "cm_per_hour"
        case "barometer", "pressure": return us ? "inHg" : "mbar"
        default: return ""
        }
    }

    static func temperature(_ value: Double, _ unit: String) -> Double? {
        switch unit {
        case "C", "degree_C": value
        case "F", "degree_F": TemperatureUnit.fahrenheit.toCelsius(value)
        default: nil
        }
    }

    static func speed(_ value: Double, _ unit: String) -> Double? {
        switch unit {
        case "kph", "km_per_hour": value
        case "mph", "mile_per_hour": SpeedUnit.milesPerHour.toKilometresPerHour(value)
        case "meter_per_second", "mps": SpeedUnit.metresPerSecond.toKilometresPerHour(value)
        case "knot": SpeedUnit.knots.toKilometresPerHour(value)
        default: nil
        }
    }

    static func rain(_ value: Double, _ unit: String) -> Double? {
        switch unit {
        case "mm", "mm_per_hour": value
        case "cm", "cm_per_hour": value * 10
        case "inch", "in", "inch_per_hour": PrecipitationUnit.inches.toMillimetres(value)
        default: nil
        }
    }

    static func hectopascal(_ value: Double, _ unit: String) -> Double? {
        switch unit {
        case "mbar", "hPa": value
        case "inHg", "inch_Hg": PressureUnit.inchesOfMercury.toHectopascal(value)
        case "kPa": value * 10
        case "mmHg", "mm_Hg": PressureUnit.millimetresOfMercury.toHectopascal(value)
        default: nil
        }
    }
}
