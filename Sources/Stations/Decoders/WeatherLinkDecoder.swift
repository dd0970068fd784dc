import FoundationEssentials
import WeatherModel

/// Davis WeatherLink Live: the HTTP `/v1/current_conditions` answer (`{"data": {…}}`) and
/// the UDP real-time broadcast (the same `conditions`, wind and rain only). Each ISS
/// (`data_structure_type` 1) is a sub-sensor `txid:<n>`; the barometer (type 3) belongs to the
/// device; indoor (type 4) and soil/leaf (type 2) records are not read. Temperatures °F, wind
/// mph, pressure inHg, rain in bucket counts of `rain_size` (1: 0.01 in, 2: 0.2 mm, 3: 0.1 mm,
/// 4: 0.001 in).
public enum WeatherLinkDecoder {
    public static func decode(_ bytes: some Collection<UInt8>) throws(StationDecodeError) -> [StationObservation] {
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch {
            throw StationDecodeError("not a WeatherLink Live answer: \(error)")
        }
        let data = json["data"]?.object != nil ? json["data"]! : json
        guard let conditions = data["conditions"]?.array else {
            if let error = json["error"], !error.isNull {
                throw StationDecodeError(
                    "the WeatherLink Live answered an error: \(String(describing: error).prefix(120))")
            }
            throw StationDecodeError("not a WeatherLink Live answer: no \"conditions\" list")
        }
        let device = data["did"]?.string
        let time = StationNumber.parse(data["ts"]).map(Date.init(timeIntervalSince1970:))
        var observations: [StationObservation] = []
        for record in conditions {
            switch record["data_structure_type"]?.int {
            case 1:
                let txid = record["txid"]?.int.map(String.init)
                var observation = StationObservation(
                    sensor: txid.map { "txid:" + $0 } ?? "", identity: StationIdentity(serial: device, id: txid),
                    time: time)
                readISS(record, into: &observation)
                observations.append(observation)
            case 3:
                var observation = StationObservation(identity: StationIdentity(serial: device), time: time)
                let inHg = PressureUnit.inchesOfMercury
                observation.pressure = PressureReport(
                    absolute: StationNumber.parse(record["bar_absolute"]).map(inHg.toHectopascal),
                    relative: StationNumber.parse(record["bar_sea_level"]).map(inHg.toHectopascal))
                observations.append(observation)
            default:
                continue
            }
        }
        return observations
    }

    static func readISS(_ record: JSONValue, into observation: inout StationObservation) {
        let fahrenheit = TemperatureUnit.fahrenheit
        let mph = SpeedUnit.milesPerHour
        observation.values[.temperature] = StationNumber.parse(record["temp"]).map(fahrenheit.toCelsius)
        observation.values[.humidity] = StationNumber.parse(record["hum"])
        observation.values[.dewPoint] = StationNumber.parse(record["dew_point"]).map(fahrenheit.toCelsius)
        observation.values[.windSpeed] = StationNumber.parse(record["wind_speed_last"]).map(mph.toKilometresPerHour)
        observation.values[.windBearing] = StationNumber.parse(record["wind_dir_last"])
        // The HTTP answer has the 2-minute high, the broadcast only the 10-minute one.
        let gust =
            StationNumber.parse(record["wind_speed_hi_last_2_min"])
            ?? StationNumber.parse(record["wind_speed_hi_last_10_min"])
        observation.values[.windGust] = gust.map(mph.toKilometresPerHour)
        observation.values[.uvIndex] = StationNumber.parse(record["uv_index"])
        if let size = bucket(record["rain_size"]?.int) {
            observation.values[.precipitation] = StationNumber.parse(record["rain_rate_last"]).map { $0 * size }
            // The year's counter outlives the device's own midnight (which may lag, issue 4 of the
            // local API); the day's count only where there is no year count.
            if let year = StationNumber.parse(record["rainfall_year"]) {
                observation.rain = RainReport(.counter, millimetres: year * size, name: "rainfall_year")
            } else if let day = StationNumber.parse(record["rainfall_daily"]) {
                observation.rain = RainReport(.dailyTotal, millimetres: day * size, name: "rainfall_daily")
            }
        }
        if let flag = StationNumber.parse(record["trans_battery_flag"]) {
            observation.batteries["trans_battery"] = flag
        }
    }

    /// Millimetres per bucket tip.
    static func bucket(_ size: Int?) -> Double? {
        switch size {
        case 1: 0.254
        case 2: 0.2
        case 3: 0.1
        case 4: 0.0254
        default: nil
        }
    }
}
