/// Units of each quantity the schema carries. Inside the bridge every value is kept in the
/// canonical unit (°C, km/h, hPa, mm, mm/h, km); payloads convert to the configured ones.
public enum TemperatureUnit: String, Sendable, CaseIterable {
    case celsius = "°C"
    case fahrenheit = "°F"
    case kelvin = "K"

    /// Reads a provider's or a user's spelling (`°F`, `F`, `fahrenheit`, `degF`, …).
    public init?(parsing text: String) {
        switch text.lowercased().filter({ $0 != " " }) {
        case "°c", "c", "celsius", "degc", "wmounit:degc", "metric": self = .celsius
        case "°f", "f", "fahrenheit", "degf", "wmounit:degf", "imperial": self = .fahrenheit
        case "k", "kelvin", "wmounit:k", "standard": self = .kelvin
        default: return nil
        }
    }

    public func fromCelsius(_ value: Double) -> Double {
        switch self {
        case .celsius: value
        case .fahrenheit: value * 9 / 5 + 32
        case .kelvin: value + 273.15
        }
    }

    public func toCelsius(_ value: Double) -> Double {
        switch self {
        case .celsius: value
        case .fahrenheit: (value - 32) * 5 / 9
        case .kelvin: value - 273.15
        }
    }

    var decimals: Int { 1 }
}

public enum SpeedUnit: String, Sendable, CaseIterable {
    case kilometresPerHour = "km/h"
    case metresPerSecond = "m/s"
    case milesPerHour = "mph"
    case knots = "kn"

    public init?(parsing text: String) {
        switch text.lowercased().filter({ $0 != " " }) {
        case "km/h", "kmh", "kph", "wmounit:km_h-1": self = .kilometresPerHour
        case "m/s", "ms", "mps", "wmounit:m_s-1": self = .metresPerSecond
        case "mph", "mp/h", "mi/h", "wmounit:mi_h-1": self = .milesPerHour
        case "kn", "kt", "kts", "knots", "wmounit:kn": self = .knots
        default: return nil
        }
    }

    private var kilometresPerHourFactor: Double {
        switch self {
        case .kilometresPerHour: 1
        case .metresPerSecond: 3.6
        case .milesPerHour: 1.609344
        case .knots: 1.852
        }
    }

    public func fromKilometresPerHour(_ value: Double) -> Double { value / kilometresPerHourFactor }
    public func toKilometresPerHour(_ value: Double) -> Double { value * kilometresPerHourFactor }
    var decimals: Int { 1 }
}

public enum PressureUnit: String, Sendable, CaseIterable {
    case hectopascal = "hPa"
    case millibar = "mbar"
    case kilopascal = "kPa"
    case inchesOfMercury = "inHg"
    case millimetresOfMercury = "mmHg"

    public init?(parsing text: String) {
        switch text.lowercased().filter({ $0 != " " }) {
        case "hpa": self = .hectopascal
        case "mbar", "mb": self = .millibar
        case "kpa": self = .kilopascal
        case "inhg", "in_hg": self = .inchesOfMercury
        case "mmhg", "mm_hg": self = .millimetresOfMercury
        case "pa", "wmounit:pa": return nil  // pascals: see `PressureUnit.fromPascal`
        default: return nil
        }
    }

    private var hectopascalFactor: Double {
        switch self {
        case .hectopascal, .millibar: 1
        case .kilopascal: 10
        case .inchesOfMercury: 33.8638866667
        case .millimetresOfMercury: 1.33322387415
        }
    }

    public func fromHectopascal(_ value: Double) -> Double { value / hectopascalFactor }
    public func toHectopascal(_ value: Double) -> Double { value * hectopascalFactor }

    var decimals: Int {
        switch self {
        case .hectopascal, .millibar: 1
        case .kilopascal, .inchesOfMercury: 2
        case .millimetresOfMercury: 0
        }
    }
}

/// Precipitation amounts; intensities use the same unit per hour.
public enum PrecipitationUnit: String, Sendable, CaseIterable {
    case millimetres = "mm"
    case centimetres = "cm"
    case inches = "in"

    public init?(parsing text: String) {
        switch text.lowercased().filter({ $0 != " " }) {
        case "mm", "millimetres", "millimeters", "mm/h", "wmounit:mm": self = .millimetres
        case "cm", "cm/h": self = .centimetres
        case "in", "inch", "inches", "in/h", "inch/h": self = .inches
        default: return nil
        }
    }

    private var millimetreFactor: Double {
        switch self {
        case .millimetres: 1
        case .centimetres: 10
        case .inches: 25.4
        }
    }

    public func fromMillimetres(_ value: Double) -> Double { value / millimetreFactor }
    public func toMillimetres(_ value: Double) -> Double { value * millimetreFactor }
    /// The intensity unit that goes with it (`mm/h`, `in/h`).
    public var intensity: String { rawValue + "/h" }

    var decimals: Int {
        switch self {
        case .millimetres: 1
        case .centimetres, .inches: 2
        }
    }
}

public enum DistanceUnit: String, Sendable, CaseIterable {
    case kilometres = "km"
    case miles = "mi"
    case metres = "m"

    public init?(parsing text: String) {
        switch text.lowercased().filter({ $0 != " " }) {
        case "km", "kilometres", "kilometers": self = .kilometres
        case "mi", "miles", "mile": self = .miles
        case "m", "metres", "meters", "wmounit:m": self = .metres
        default: return nil
        }
    }

    private var kilometreFactor: Double {
        switch self {
        case .kilometres: 1
        case .miles: 1.609344
        case .metres: 0.001
        }
    }

    public func fromKilometres(_ value: Double) -> Double { value / kilometreFactor }
    public func toKilometres(_ value: Double) -> Double { value * kilometreFactor }

    var decimals: Int {
        switch self {
        case .kilometres, .miles: 1
        case .metres: 0
        }
    }
}

/// The units a payload is written in: a preset of SPEC §4 or any per-quantity mix.
public struct UnitSettings: Sendable, Equatable {
    public var temperature: TemperatureUnit
    public var windSpeed: SpeedUnit
    public var pressure: PressureUnit
    public var precipitation: PrecipitationUnit
    public var distance: DistanceUnit

    public init(
        temperature: TemperatureUnit, windSpeed: SpeedUnit, pressure: PressureUnit,
        precipitation: PrecipitationUnit, distance: DistanceUnit
    ) {
        self.temperature = temperature
        self.windSpeed = windSpeed
        self.pressure = pressure
        self.precipitation = precipitation
        self.distance = distance
    }

    /// °C · km/h · hPa · mm · km
    public static let metric = UnitSettings(
        temperature: .celsius, windSpeed: .kilometresPerHour, pressure: .hectopascal,
        precipitation: .millimetres, distance: .kilometres)
    /// °F · mph · inHg · in · mi
    public static let imperial = UnitSettings(
        temperature: .fahrenheit, windSpeed: .milesPerHour, pressure: .inchesOfMercury,
        precipitation: .inches, distance: .miles)
    /// °C · m/s · hPa · mm · km
    public static let si = UnitSettings(
        temperature: .celsius, windSpeed: .metresPerSecond, pressure: .hectopascal,
        precipitation: .millimetres, distance: .kilometres)
    /// °C · mph · hPa · mm · mi
    public static let uk = UnitSettings(
        temperature: .celsius, windSpeed: .milesPerHour, pressure: .hectopascal,
        precipitation: .millimetres, distance: .miles)

    /// The preset called `name` (`metric`, `imperial`, `si`, `uk`).
    public static func preset(named name: String) -> UnitSettings? {
        switch name {
        case "metric": .metric
        case "imperial": .imperial
        case "si": .si
        case "uk": .uk
        default: nil
        }
    }

    /// The envelope's `units` object.
    public var json: JSONValue {
        [
            "temperature": .string(temperature.rawValue),
            "wind_speed": .string(windSpeed.rawValue),
            "pressure": .string(pressure.rawValue),
            "precipitation": .string(precipitation.rawValue),
            "precipitation_intensity": .string(precipitation.intensity),
            "distance": .string(distance.rawValue),
        ]
    }
}

/// Rounds to `decimals` places, and never yields `-0`.
public func rounded(_ value: Double, decimals: Int) -> Double {
    var factor = 1.0
    for _ in 0..<decimals { factor *= 10 }
    let result = (value * factor).rounded(.toNearestOrAwayFromZero) / factor
    return result == 0 ? 0 : result
}

extension UnitSettings {
    /// Canonical °C to the configured unit, rounded.
    public func temperature(_ celsius: Double?) -> Double? {
        celsius.map { rounded(temperature.fromCelsius($0), decimals: temperature.decimals) }
    }
    /// Canonical km/h to the configured unit, rounded.
    public func speed(_ kmh: Double?) -> Double? {
        kmh.map { rounded(windSpeed.fromKilometresPerHour($0), decimals: windSpeed.decimals) }
    }
    /// Canonical hPa to the configured unit, rounded.
    public func pressure(_ hPa: Double?) -> Double? {
        hPa.map { rounded(pressure.fromHectopascal($0), decimals: pressure.decimals) }
    }
    /// Canonical mm (or mm/h) to the configured unit, rounded.
    public func precipitation(_ mm: Double?) -> Double? {
        mm.map { rounded(precipitation.fromMillimetres($0), decimals: precipitation.decimals) }
    }
    /// Canonical km to the configured unit, rounded.
    public func distance(_ km: Double?) -> Double? {
        km.map { rounded(distance.fromKilometres($0), decimals: distance.decimals) }
    }
}

/// Percentages 0–100, rounded to whole numbers.
public func percent(_ value: Double?) -> Double? {
    value.map { rounded(min(100, max(0, $0)), decimals: 0) }
}
