import WeatherModel

/// How a quantity in one of our payloads is announced to Home Assistant: the unit string
/// Home Assistant expects, the device class that unit is valid for, how many decimals to show,
/// and a factor when our unit has no Home Assistant equivalent for that device class.
///
/// Home Assistant refuses a discovered sensor whose `unit_of_measurement` is not one its
/// device class accepts (`DEVICE_CLASS_UNITS` in `homeassistant/components/sensor/const.py`),
/// so every unit we can be configured with is mapped here, with an exhaustive `switch`: a new
/// unit in `WeatherModel` does not compile until someone decides how Home Assistant sees it.
struct HomeAssistantQuantity: Sendable, Equatable {
    /// `unit_of_measurement`.
    var unit: String
    /// `suggested_display_precision`.
    var precision: Int
    /// Multiply our value by this to get a value in `unit` (`nil`: our value already is).
    var scale: Double?
}

/// The Home Assistant side of `UnitSettings`.
enum HomeAssistantUnits {
    /// `temperature` device class: °C, °F, K.
    static func temperature(_ unit: TemperatureUnit) -> HomeAssistantQuantity {
        switch unit {
        case .celsius: HomeAssistantQuantity(unit: "°C", precision: 1)
        case .fahrenheit: HomeAssistantQuantity(unit: "°F", precision: 1)
        case .kelvin: HomeAssistantQuantity(unit: "K", precision: 1)
        }
    }

    /// `wind_speed` device class: km/h, m/s, mph, kn.
    static func speed(_ unit: SpeedUnit) -> HomeAssistantQuantity {
        switch unit {
        case .kilometresPerHour: HomeAssistantQuantity(unit: "km/h", precision: 1)
        case .metresPerSecond: HomeAssistantQuantity(unit: "m/s", precision: 1)
        case .milesPerHour: HomeAssistantQuantity(unit: "mph", precision: 1)
        case .knots: HomeAssistantQuantity(unit: "kn", precision: 1)
        }
    }

    /// `atmospheric_pressure` device class: hPa, mbar, kPa, inHg, mmHg.
    static func pressure(_ unit: PressureUnit) -> HomeAssistantQuantity {
        switch unit {
        case .hectopascal: HomeAssistantQuantity(unit: "hPa", precision: 1)
        case .millibar: HomeAssistantQuantity(unit: "mbar", precision: 1)
        case .kilopascal: HomeAssistantQuantity(unit: "kPa", precision: 2)
        case .inchesOfMercury: HomeAssistantQuantity(unit: "inHg", precision: 2)
        case .millimetresOfMercury: HomeAssistantQuantity(unit: "mmHg", precision: 0)
        }
    }

    /// `precipitation_intensity` device class: mm/h and in/h (also mm/d, in/d). Home Assistant
    /// has no cm/h, so a centimetre configuration is announced in mm/h, ten times the value.
    static func intensity(_ unit: PrecipitationUnit) -> HomeAssistantQuantity {
        switch unit {
        case .millimetres: HomeAssistantQuantity(unit: "mm/h", precision: 1)
        case .centimetres: HomeAssistantQuantity(unit: "mm/h", precision: 1, scale: 10)
        case .inches: HomeAssistantQuantity(unit: "in/h", precision: 2)
        }
    }

    /// The precipitation amount unit of a template weather (`precipitation_unit`): mm, cm, in.
    static func precipitationAmount(_ unit: PrecipitationUnit) -> String {
        switch unit {
        case .millimetres: "mm"
        case .centimetres: "cm"
        case .inches: "in"
        }
    }

    /// `distance` device class: km, mi, m.
    static func distance(_ unit: DistanceUnit) -> HomeAssistantQuantity {
        switch unit {
        case .kilometres: HomeAssistantQuantity(unit: "km", precision: 1)
        case .miles: HomeAssistantQuantity(unit: "mi", precision: 1)
        case .metres: HomeAssistantQuantity(unit: "m", precision: 0)
        }
    }

    /// `pm25`, `pm10`, `nitrogen_dioxide`, `ozone`, `sulphur_dioxide`: μg/m³ written with the
    /// Greek small letter mu U+03BC, as Home Assistant's `CONCENTRATION_MICROGRAMS_PER_CUBIC_METER`
    /// is since 2025 (a real Home Assistant 2026.11 shows the micro sign U+00B5 as U+03BC).
    static let microgramsPerCubicMetre = "\u{03BC}g/m³"

    /// `carbon_monoxide`: ppm or mg/m³ (`CONCENTRATION_MILLIGRAMS_PER_CUBIC_METER`, since 2025.x).
    static let milligramsPerCubicMetre = "mg/m³"
}
