import WeatherModel

/// rtl_433's JSON events (`rtl_433/<host>/events`) and its per-field topics
/// (`rtl_433/<host>/devices/<model>/[<channel>/]<id>/<field>`). The unit is in the key:
/// `temperature_C`/`_F`, `wind_avg_km_h`/`_m_s`/`_mi_h`, `rain_mm`/`_in`, `pressure_hPa`/`_kPa`/`_inHg`.
/// Events without an `id` (flex decoders' raw rows) carry no reading and are skipped; a sensor
/// whose `sensor_type` says it is not the outdoor array (Bresser 6-in-1 type 3 and up: pool,
/// soil, thermo-hygro probes) is reported as rejected, never taken for outdoor.
public enum RTL433Decoder {
    /// One event line; `nil` for an event that is not a reading (no `id`).
    public static func decodeEvent(_ bytes: some Collection<UInt8>) throws(StationDecodeError) -> StationObservation? {
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch {
            throw StationDecodeError("not an rtl_433 event: \(error)")
        }
        guard let event = json.object, let model = event["model"]?.string else {
            throw StationDecodeError("not an rtl_433 event: no \"model\"")
        }
        guard let id = text(event["id"]) else { return nil }
        let channel = text(event["channel"])
        var observation = StationObservation(
            sensor: [model, id, channel].compactMap { $0 }.joined(separator: "/"),
            identity: StationIdentity(model: model, id: id, channel: channel))
        for (key, value) in event {
            read(key, StationNumber.parse(value), model: model, into: &observation)
        }
        if let type = event["sensor_type"]?.int, type >= 2 {
            observation.rejected = observation.values.keys.sorted().map {
                Rejection(
                    field: $0.rawValue, value: observation.values[$0], rule: .notOutdoor,
                    detail: "\(model) sensor_type \(type) is a probe, not the outdoor sensor array")
            }
            observation.values = [:]
            observation.rain = nil
        }
        return observation
    }

    /// One per-field message: `topic` is the whole topic, `payload` the value's text.
    public static func decodeField(topic: String, payload: some Collection<UInt8>) throws(StationDecodeError)
        -> StationObservation
    {
        let segments = topic.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let devices = segments.firstIndex(of: "devices"), segments.count - devices >= 4 else {
            throw StationDecodeError("not an rtl_433 devices/… topic: \(topic.prefix(120))")
        }
        let path = Array(segments[(devices + 1)...])
        let field = path[path.count - 1]
        let model = path[0]
        let id = path[path.count - 2]
        let channel = path.count >= 4 ? path[path.count - 3] : nil
        var observation = StationObservation(
            sensor: [model, id, channel].compactMap { $0 }.joined(separator: "/"),
            identity: StationIdentity(model: model, id: id, channel: channel))
        read(field, StationNumber.parse(String(decoding: payload, as: UTF8.self)), model: model, into: &observation)
        return observation
    }

    static func read(_ key: String, _ number: Double?, model: String, into observation: inout StationObservation) {
        guard let number else { return }
        let kmh = SpeedUnit.kilometresPerHour
        switch key {
        case "temperature_C": observation.values[.temperature] = number
        case "temperature_F": observation.values[.temperature] = TemperatureUnit.fahrenheit.toCelsius(number)
        case "humidity": observation.values[.humidity] = number
        case "dew_point_C": observation.values[.dewPoint] = number
        case "wind_dir_deg": observation.values[.windBearing] = number
        case "wind_avg_km_h": observation.values[.windSpeed] = kmh.toKilometresPerHour(number)
        case "wind_avg_m_s": observation.values[.windSpeed] = SpeedUnit.metresPerSecond.toKilometresPerHour(number)
        case "wind_avg_mi_h": observation.values[.windSpeed] = SpeedUnit.milesPerHour.toKilometresPerHour(number)
        case "wind_max_km_h": observation.values[.windGust] = number
        case "wind_max_m_s": observation.values[.windGust] = SpeedUnit.metresPerSecond.toKilometresPerHour(number)
        case "wind_max_mi_h": observation.values[.windGust] = SpeedUnit.milesPerHour.toKilometresPerHour(number)
        case "uvi": observation.values[.uvIndex] = number
        case "rain_rate_mm_h": observation.values[.precipitation] = number
        case "rain_rate_in_h": observation.values[.precipitation] = PrecipitationUnit.inches.toMillimetres(number)
        case "rain_mm":
            observation.rain = RainReport(.counter, millimetres: number, name: key, wrap: wrap(model))
        case "rain_in":
            observation.rain = RainReport(
                .counter, millimetres: PrecipitationUnit.inches.toMillimetres(number), name: key, wrap: wrap(model))
        case "pressure_hPa": observation.pressure = PressureReport(absolute: number)
        case "pressure_kPa": observation.pressure = PressureReport(absolute: number * 10)
        case "battery_ok", "battery_mV", "supercap_V": observation.batteries[key] = number
        case "rssi": observation.signal = number
        default: break
        }
    }

    /// Where the counters of models whose width is known wrap: the Fine Offset WS90's is 16 bits
    /// × 0.1 mm. Other models' wraps are not known here: a drop is then a reset.
    static func wrap(_ model: String) -> Double? {
        model == "Fineoffset-WS90" ? 6553.6 : nil
    }

    static func text(_ value: JSONValue?) -> String? {
        switch value {
        case .string(let text)?: text
        case .number(let number)? where number == number.rounded() && abs(number) < 1e15: String(Int(number))
        default: nil
        }
    }
}
