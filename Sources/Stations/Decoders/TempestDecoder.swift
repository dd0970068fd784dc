import FoundationEssentials
import WeatherModel

/// WeatherFlow Tempest UDP broadcasts (JSON, port 50222): `obs_st`, `rapid_wind`,
/// `evt_precip`, `evt_strike`, `hub_status`, `device_status`. Units are the vendor's: m/s,
/// mb (station pressure), °C, mm in the last minute. A `null` (power-save mode) is missing.
public enum TempestDecoder {
    public static func decode(_ bytes: some Collection<UInt8>) throws(StationDecodeError) -> StationObservation {
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch {
            throw StationDecodeError("not a Tempest datagram: \(error)")
        }
        guard let type = json["type"]?.string else {
            throw StationDecodeError("not a Tempest datagram: no \"type\"")
        }
        let serial = json["serial_number"]?.string
        var observation = StationObservation(identity: StationIdentity(serial: serial))
        switch type {
        case "obs_st":
            guard let obs = json["obs"]?[0]?.array, obs.count >= 13 else {
                throw StationDecodeError("Tempest obs_st without an \"obs\" row of 18 values")
            }
            readObservation(obs, into: &observation)
        case "rapid_wind":
            guard let ob = json["ob"]?.array, ob.count >= 3 else {
                throw StationDecodeError("Tempest rapid_wind without an \"ob\" of 3 values")
            }
            observation.time = StationNumber.parse(ob[0]).map(Date.init(timeIntervalSince1970:))
            observation.values[.windSpeed] = StationNumber.parse(ob[1]).map(
                SpeedUnit.metresPerSecond.toKilometresPerHour)
            observation.values[.windBearing] = StationNumber.parse(ob[2])
        case "evt_precip":
            observation.time = StationNumber.parse(json["evt"]?[0]).map(Date.init(timeIntervalSince1970:))
            observation.precipitationStarted = true
        case "evt_strike":
            observation.time = StationNumber.parse(json["evt"]?[0]).map(Date.init(timeIntervalSince1970:))
        case "device_status":
            observation.batteries["voltage"] = StationNumber.parse(json["voltage"])
            observation.signal = StationNumber.parse(json["rssi"])
            observation.failed = failedQuantities(json["sensor_status"]?.int ?? 0)
        case "hub_status":
            observation.identity = StationIdentity(serial: serial)
            observation.signal = StationNumber.parse(json["rssi"])
        default:
            throw StationDecodeError("unknown Tempest message type '\(type.prefix(32))'")
        }
        return observation
    }

    /// `obs_st` indices: 0 time, 1 lull, 2 average, 3 gust (m/s), 4 direction, 5 sample interval,
    /// 6 station pressure (mb), 7 temperature (°C), 8 humidity, 9 lux, 10 UV, 11 W/m², 12 rain in
    /// the minute (mm), 13 precipitation type, 14 strike distance, 15 strikes, 16 battery (V), 17 report interval.
    static func readObservation(_ obs: [JSONValue], into observation: inout StationObservation) {
        let metresPerSecond = SpeedUnit.metresPerSecond
        observation.time = StationNumber.parse(obs[0]).map(Date.init(timeIntervalSince1970:))
        observation.values[.windSpeed] = StationNumber.parse(obs[2]).map(metresPerSecond.toKilometresPerHour)
        observation.values[.windGust] = StationNumber.parse(obs[3]).map(metresPerSecond.toKilometresPerHour)
        observation.values[.windBearing] = StationNumber.parse(obs[4])
        observation.values[.temperature] = StationNumber.parse(obs[7])
        observation.values[.humidity] = StationNumber.parse(obs[8])
        observation.values[.uvIndex] = StationNumber.parse(obs[10])
        if let station = StationNumber.parse(obs[6]) { observation.pressure = PressureReport(absolute: station) }
        if let minute = StationNumber.parse(obs[12]) {
            observation.rain = RainReport(.increment, millimetres: minute, name: "obs_st")
        }
        if obs.count > 16, let volts = StationNumber.parse(obs[16]) { observation.batteries["voltage"] = volts }
    }

    /// `sensor_status` bits (vendor's table): 0x8 pressure, 0x10 temperature, 0x20 humidity,
    /// 0x40 wind, 0x80 precipitation, 0x100 light/UV failed. Lightning noise/disturber (0x1–0x4)
    /// and the power-booster bits are not failures of a reading.
    static func failedQuantities(_ status: Int) -> Set<StationQuantity> {
        var failed: Set<StationQuantity> = []
        if status & 0x8 != 0 { failed.insert(.pressure) }
        if status & 0x10 != 0 { failed.formUnion([.temperature, .dewPoint, .apparentTemperature]) }
        if status & 0x20 != 0 { failed.formUnion([.humidity, .dewPoint]) }
        if status & 0x40 != 0 { failed.formUnion([.windSpeed, .windGust, .windBearing]) }
        if status & 0x80 != 0 { failed.insert(.precipitation) }
        if status & 0x100 != 0 { failed.insert(.uvIndex) }
        return failed
    }
}
