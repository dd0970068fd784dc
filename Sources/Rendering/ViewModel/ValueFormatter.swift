import WeatherModel

/// Turns canonical values (°C, km/h, hPa, mm, km) into display text in chosen units,
/// rounded to what each unit deserves and never `-0`.
public struct ValueFormatter: Sendable, Equatable {
    public var units: UnitSettings
    /// Write `°` as nothing (`8.5C`), for terminals without UTF-8.
    public var asciiOnly: Bool

    public init(units: UnitSettings, asciiOnly: Bool = false) {
        self.units = units
        self.asciiOnly = asciiOnly
    }

    // MARK: Numbers in the display unit

    public func temperatureValue(_ celsius: Double, in unit: TemperatureUnit? = nil) -> Double {
        (unit ?? units.temperature).fromCelsius(celsius)
    }

    public func speedValue(_ kmh: Double) -> Double { units.windSpeed.fromKilometresPerHour(kmh) }
    public func pressureValue(_ hPa: Double) -> Double { units.pressure.fromHectopascal(hPa) }
    public func precipitationValue(_ mm: Double) -> Double { units.precipitation.fromMillimetres(mm) }
    public func distanceValue(_ km: Double) -> Double { units.distance.fromKilometres(km) }

    // MARK: Text

    /// `°C`, or `C` when ASCII only.
    public func symbol(_ unit: TemperatureUnit) -> String {
        unit == .kelvin ? "K" : asciiOnly ? String(unit.rawValue.dropFirst()) : unit.rawValue
    }

    /// `8.5°C` (`decimals` 1), `9°` (`withUnit: false`, `decimals` 0).
    public func temperature(
        _ celsius: Double?, in unit: TemperatureUnit? = nil, decimals: Int = 1, withUnit: Bool = true
    ) -> String? {
        guard let celsius else { return nil }
        let unit = unit ?? units.temperature
        let number = ValueFormatter.number(unit.fromCelsius(celsius), decimals: decimals)
        if withUnit { return number + symbol(unit) }
        return unit == .kelvin || asciiOnly ? number : number + "°"
    }

    /// `12 km/h`, `3.4 m/s`.
    public func speed(_ kmh: Double?, withUnit: Bool = true) -> String? {
        guard let kmh else { return nil }
        let decimals = units.windSpeed == .metresPerSecond ? 1 : 0
        let number = ValueFormatter.number(speedValue(kmh), decimals: decimals)
        return withUnit ? number + " " + units.windSpeed.rawValue : number
    }

    /// `1013 hPa`, `29.92 inHg`.
    public func pressure(_ hPa: Double?) -> String? {
        guard let hPa else { return nil }
        let decimals: Int
        switch units.pressure {
        case .hectopascal, .millibar, .millimetresOfMercury: decimals = 0
        case .kilopascal: decimals = 1
        case .inchesOfMercury: decimals = 2
        }
        return ValueFormatter.number(pressureValue(hPa), decimals: decimals) + " " + units.pressure.rawValue
    }

    /// `1.2 mm`, or `1.2 mm/h` with `perHour`.
    public func precipitation(_ mm: Double?, perHour: Bool = false, withUnit: Bool = true) -> String? {
        guard let mm else { return nil }
        let decimals = units.precipitation == .millimetres ? 1 : 2
        let number = ValueFormatter.number(precipitationValue(mm), decimals: decimals)
        guard withUnit else { return number }
        return number + " " + (perHour ? units.precipitation.intensity : units.precipitation.rawValue)
    }

    /// `10 km`, `2.5 km`.
    public func distance(_ km: Double?) -> String? {
        guard let km else { return nil }
        let value = distanceValue(km)
        let decimals = units.distance == .metres || value >= 10 ? 0 : 1
        return ValueFormatter.number(value, decimals: decimals) + " " + units.distance.rawValue
    }

    /// `71%`.
    public func percent(_ value: Double?) -> String? {
        value.map { ValueFormatter.number($0, decimals: 0) + "%" }
    }

    /// `3`, `2.5` → `3` (the UV index is shown whole).
    public func index(_ value: Double?) -> String? {
        value.map { ValueFormatter.number($0, decimals: 0) }
    }

    /// `value` with exactly `decimals` places, rounded half away from zero, never `-0`.
    public static func number(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "-" }
        guard abs(value) < 1e12 else { return JSONValue.format(value) }
        let result = rounded(value, decimals: decimals)
        guard decimals > 0 else { return String(Int(result)) }
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        let scaled = Int((abs(result) * factor).rounded())
        let whole = scaled / Int(factor)
        var fraction = String(scaled % Int(factor))
        while fraction.count < decimals { fraction = "0" + fraction }
        return (result < 0 ? "-" : "") + String(whole) + "." + fraction
    }
}
