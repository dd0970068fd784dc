import WeatherModel

/// One value of a `type: mqtt` station (ESPHome, DIY receivers): where it is and what it means.
///
/// Keys (under `fields:`, keyed by what it is): `topic` (default: the station's `topic`),
/// `path` (dotted JSON path such as `rain_d` or `sensors.0.temp`; none: the payload is the
/// number), `unit` (as written on the device: `°F`, `mph`, `inHg`, `in`, …; default the
/// canonical unit) and `kind` (`instantaneous`, `counter`, `daily_total`, `increment`; rain only).
public struct GenericField: Sendable, Equatable {
    /// What the value is: a `StationQuantity` name, `rain` (with `kind`) or `station_pressure`.
    public enum Target: Sendable, Equatable {
        case quantity(StationQuantity)
        case rain(RainReport.Kind)
        case stationPressure
    }

    public var target: Target
    public var topic: String?
    public var path: [String]
    public var unit: String?

    public init(target: Target, topic: String? = nil, path: [String] = [], unit: String? = nil) {
        self.target = target
        self.topic = topic
        self.path = path
        self.unit = unit
    }

    /// The names a field can have under `fields:`.
    public static let names = StationQuantity.allCases.map(\.rawValue) + ["rain", "station_pressure"]

    /// Converts `value`, written in `unit`, to the canonical unit; `nil` for a unit this quantity has not.
    public func canonical(_ value: Double) -> Double? {
        guard let unit, !unit.isEmpty else { return value }
        switch target {
        case .quantity(.temperature), .quantity(.apparentTemperature), .quantity(.dewPoint):
            return TemperatureUnit(parsing: unit)?.toCelsius(value)
        case .quantity(.windSpeed), .quantity(.windGust):
            return SpeedUnit(parsing: unit)?.toKilometresPerHour(value)
        case .quantity(.pressure), .stationPressure:
            return PressureUnit(parsing: unit)?.toHectopascal(value)
        case .quantity(.precipitation), .rain:
            return PrecipitationUnit(parsing: unit)?.toMillimetres(value)
        case .quantity(.humidity):
            return unit == "%" ? value : nil
        case .quantity(.windBearing):
            return ["°", "deg", "degrees"].contains(unit) ? value : nil
        case .quantity(.uvIndex):
            return nil
        }
    }

    /// Whether `unit` is one `canonical` understands (checked when the configuration is read).
    public var unitIsKnown: Bool { canonical(1) != nil }
}
