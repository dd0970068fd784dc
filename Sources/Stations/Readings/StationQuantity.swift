/// A value a station can supply to a location's `current`: the raw value is the payload's field
/// name (SPEC §4). Inside the module every value is in the canonical unit: °C, percent, hPa
/// (sea level), km/h, degrees, mm/h, UV index.
public enum StationQuantity: String, Sendable, CaseIterable, Comparable {
    case temperature
    case apparentTemperature = "apparent_temperature"
    case dewPoint = "dew_point"
    case humidity
    case pressure
    case windSpeed = "wind_speed"
    case windGust = "wind_gust"
    case windBearing = "wind_bearing"
    /// Intensity, mm/h.
    case precipitation
    case uvIndex = "uv_index"

    /// The physical envelope a reading must lie in (canonical units); a value outside it is
    /// rejected, never clamped.
    public var envelope: ClosedRange<Double> {
        switch self {
        case .temperature: -90...60
        case .apparentTemperature: -100...75
        case .dewPoint: -90...40
        // 0 % never happens outdoors: a reading of 0 is a probe or a dead sensor.
        case .humidity: 1...100
        case .pressure: 870...1090
        case .windSpeed: 0...400
        case .windGust: 0...450
        case .windBearing: 0...360
        case .precipitation: 0...500
        case .uvIndex: 0...20
        }
    }

    /// The largest change between two reports a few minutes apart that is taken without a
    /// second report confirming it; `nil` where values jump naturally (wind, rain, UV).
    public var step: Double? {
        switch self {
        case .temperature, .apparentTemperature, .dewPoint: 8
        case .humidity: 40
        case .pressure: 8
        default: nil
        }
    }

    public static func < (left: StationQuantity, right: StationQuantity) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
}
