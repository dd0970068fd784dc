import WeatherModel

/// An Ecowitt gateway's local `GET /get_livedata_info`: lists of `{id, val, unit}` whose
/// values are strings with the unit inside or beside them (`"65%"`, `"947.4 hPa"`, `"-14.2"`
/// with `"unit": "C"`, `"2.2 m/s"`), in whatever units the gateway's display is set to.
/// Ids: 0x02 outdoor temperature, 0x03 dew point, 0x07 outdoor humidity, 0x0A wind direction,
/// 0x0B wind speed, 0x0C gust, 0x17 UV index, 3 feels-like; rain 0x0E rate, 0x13 year, 0x10 day.
public enum EcowittLiveDataDecoder {
    public static func decode(_ bytes: some Collection<UInt8>) throws(StationDecodeError) -> StationObservation {
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch {
            throw StationDecodeError("not a get_livedata_info answer: \(error)")
        }
        guard json["common_list"]?.array != nil || json["wh25"]?.array != nil else {
            throw StationDecodeError("not a get_livedata_info answer: no common_list or wh25")
        }
        var observation = StationObservation()
        for item in json["common_list"]?.array ?? [] {
            guard let id = item["id"]?.string, let text = item["val"]?.string,
                let (value, inline) = StationNumber.withUnit(text)
            else { continue }
            let unit = inline.isEmpty ? item["unit"]?.string ?? "" : inline
            switch id.lowercased() {
            case "0x02": observation.values[.temperature] = temperature(value, unit)
            case "0x03": observation.values[.dewPoint] = temperature(value, unit)
            case "3": observation.values[.apparentTemperature] = temperature(value, unit)
            case "0x07": observation.values[.humidity] = value
            case "0x0a": observation.values[.windBearing] = value
            case "0x0b": observation.values[.windSpeed] = speed(value, unit)
            case "0x0c": observation.values[.windGust] = speed(value, unit)
            case "0x17": observation.values[.uvIndex] = value
            default: break
            }
            if let battery = item["battery"]?.string.flatMap(StationNumber.parse) {
                observation.batteries[id] = battery
            }
        }
        for item in json["rain"]?.array ?? json["piezoRain"]?.array ?? [] {
            guard let id = item["id"]?.string?.lowercased(), let text = item["val"]?.string,
                let (value, unit) = StationNumber.withUnit(text)
            else { continue }
            let millimetres = PrecipitationUnit(parsing: unit.replacingAll("/Hr", with: "")).map {
                $0.toMillimetres(value)
            }
            switch id {
            case "0x0e": observation.values[.precipitation] = millimetres
            case "0x13": observation.rain = millimetres.map { RainReport(.counter, millimetres: $0, name: "0x13") }
            case "0x10" where observation.rain == nil:
                observation.rain = millimetres.map { RainReport(.dailyTotal, millimetres: $0, name: "0x10") }
            default: break
            }
        }
        if let sensor = json["wh25"]?[0] {
            let absolute = sensor["abs"]?.string.flatMap(StationNumber.withUnit).flatMap(pressure)
            let relative = sensor["rel"]?.string.flatMap(StationNumber.withUnit).flatMap(pressure)
            if absolute != nil || relative != nil {
                observation.pressure = PressureReport(absolute: absolute, relative: relative)
            }
        }
        return observation
    }

    static func temperature(_ value: Double, _ unit: String) -> Double? {
        TemperatureUnit(parsing: unit.isEmpty ? "C" : unit)?.toCelsius(value)
    }

    static func speed(_ value: Double, _ unit: String) -> Double? {
        SpeedUnit(parsing: unit)?.toKilometresPerHour(value)
    }

    static func pressure(_ reading: (value: Double, unit: String)) -> Double? {
        PressureUnit(parsing: reading.unit)?.toHectopascal(reading.value)
    }
}
