import Testing
import WeatherModel

@Suite("Units")
struct UnitsTests {
    @Test(
        "the presets of SPEC §4",
        arguments: [
            ("metric", ["°C", "km/h", "hPa", "mm", "mm/h", "km"]),
            ("imperial", ["°F", "mph", "inHg", "in", "in/h", "mi"]),
            ("si", ["°C", "m/s", "hPa", "mm", "mm/h", "km"]),
            ("uk", ["°C", "mph", "hPa", "mm", "mm/h", "mi"]),
        ])
    func presets(name: String, units: [String]) throws {
        let preset = try #require(UnitSettings.preset(named: name))
        let json = preset.json
        let keys = ["temperature", "wind_speed", "pressure", "precipitation", "precipitation_intensity", "distance"]
        #expect(json.object?.keys == keys)
        #expect(keys.map { json[$0]?.string } == units)
    }

    @Test("an unknown preset is nil", arguments: ["", "Metric", "imperial ", "us", "british"])
    func unknownPreset(name: String) {
        #expect(UnitSettings.preset(named: name) == nil)
    }

    @Test(
        "temperature conversions both ways",
        arguments: [
            (TemperatureUnit.celsius, 0.0, 0.0), (.fahrenheit, 0, 32), (.fahrenheit, 100, 212), (.fahrenheit, -40, -40),
            (.kelvin, 0, 273.15), (.kelvin, -273.15, 0), (.fahrenheit, 37, 98.6),
        ])
    func temperature(unit: TemperatureUnit, celsius: Double, converted: Double) {
        #expect(abs(unit.fromCelsius(celsius) - converted) < 1e-9)
        #expect(abs(unit.toCelsius(converted) - celsius) < 1e-9)
    }

    @Test(
        "speed conversions both ways",
        arguments: [
            (SpeedUnit.kilometresPerHour, 100.0, 100.0), (.metresPerSecond, 36, 10), (.milesPerHour, 160.9344, 100),
            (.knots, 185.2, 100),
        ])
    func speed(unit: SpeedUnit, kmh: Double, converted: Double) {
        #expect(abs(unit.fromKilometresPerHour(kmh) - converted) < 1e-9)
        #expect(abs(unit.toKilometresPerHour(converted) - kmh) < 1e-9)
    }

    @Test(
        "pressure conversions both ways",
        arguments: [
            (PressureUnit.hectopascal, 1013.25, 1013.25), (.millibar, 1013.25, 1013.25),
            (.kilopascal, 1013.25, 101.325),
            (.inchesOfMercury, 1013.25, 29.9213), (.millimetresOfMercury, 1013.25, 760.0),
        ])
    func pressure(unit: PressureUnit, hPa: Double, converted: Double) {
        #expect(abs(unit.fromHectopascal(hPa) - converted) < 1e-3)
        #expect(abs(unit.toHectopascal(converted) - hPa) < 1e-2)
    }

    @Test(
        "precipitation conversions both ways",
        arguments: [
            (PrecipitationUnit.millimetres, 12.5, 12.5), (.centimetres, 12.5, 1.25), (.inches, 25.4, 1),
        ])
    func precipitation(unit: PrecipitationUnit, mm: Double, converted: Double) {
        #expect(abs(unit.fromMillimetres(mm) - converted) < 1e-9)
        #expect(abs(unit.toMillimetres(converted) - mm) < 1e-9)
        #expect(unit.intensity == unit.rawValue + "/h")
    }

    @Test(
        "distance conversions both ways",
        arguments: [
            (DistanceUnit.kilometres, 10.0, 10.0), (.miles, 1.609344, 1), (.metres, 2.5, 2500),
        ])
    func distance(unit: DistanceUnit, km: Double, converted: Double) {
        #expect(abs(unit.fromKilometres(km) - converted) < 1e-9)
        #expect(abs(unit.toKilometres(converted) - km) < 1e-9)
    }

    @Test(
        "every unit converts to the canonical one and back",
        arguments: [-1000.0, -40, -0.3, 0, 0.7, 21.4, 1013.25, 1e6])
    func inverse(value: Double) {
        for unit in TemperatureUnit.allCases { #expect(abs(unit.toCelsius(unit.fromCelsius(value)) - value) < 1e-9) }
        for unit in SpeedUnit.allCases {
            #expect(abs(unit.toKilometresPerHour(unit.fromKilometresPerHour(value)) - value) < 1e-6)
        }
        for unit in PressureUnit.allCases {
            #expect(abs(unit.toHectopascal(unit.fromHectopascal(value)) - value) < 1e-6)
        }
        for unit in PrecipitationUnit.allCases {
            #expect(abs(unit.toMillimetres(unit.fromMillimetres(value)) - value) < 1e-6)
        }
        for unit in DistanceUnit.allCases { #expect(abs(unit.toKilometres(unit.fromKilometres(value)) - value) < 1e-6) }
    }

    @Test("every unit's own symbol parses back to it")
    func symbolsParse() {
        for unit in TemperatureUnit.allCases { #expect(TemperatureUnit(parsing: unit.rawValue) == unit) }
        for unit in SpeedUnit.allCases { #expect(SpeedUnit(parsing: unit.rawValue) == unit) }
        for unit in PressureUnit.allCases { #expect(PressureUnit(parsing: unit.rawValue) == unit) }
        for unit in PrecipitationUnit.allCases { #expect(PrecipitationUnit(parsing: unit.rawValue) == unit) }
        for unit in DistanceUnit.allCases { #expect(DistanceUnit(parsing: unit.rawValue) == unit) }
    }

    @Test("provider spellings are understood")
    func spellings() {
        #expect(TemperatureUnit(parsing: "degF") == .fahrenheit)
        #expect(TemperatureUnit(parsing: "wmoUnit:degC") == .celsius)
        #expect(TemperatureUnit(parsing: "° F") == .fahrenheit)
        #expect(SpeedUnit(parsing: "wmoUnit:km_h-1") == .kilometresPerHour)
        #expect(SpeedUnit(parsing: "KT") == .knots)
        #expect(PrecipitationUnit(parsing: "inch") == .inches)
        #expect(DistanceUnit(parsing: "wmoUnit:m") == .metres)
        #expect(PressureUnit(parsing: "Pa") == nil)
        #expect(TemperatureUnit(parsing: "") == nil)
    }

    @Test(
        "values are rounded to what the unit deserves",
        arguments: [
            ("metric", 21.46, 1013.27, 12.34, 3.456, 12.36, 21.5, 1013.3, 12.3, 3.5, 12.4),
            ("imperial", 21.46, 1013.27, 12.34, 3.456, 12.36, 70.6, 29.92, 7.7, 0.14, 7.7),
            ("si", 21.46, 1013.27, 12.34, 3.456, 12.36, 21.5, 1013.3, 3.4, 3.5, 12.4),
            ("uk", 21.46, 1013.27, 12.34, 3.456, 12.36, 21.5, 1013.3, 7.7, 3.5, 7.7),
        ])
    func rounding(
        preset: String, celsius: Double, hPa: Double, kmh: Double, mm: Double, km: Double,
        temperature: Double, pressure: Double, speed: Double, precipitation: Double, distance: Double
    ) throws {
        let units = try #require(UnitSettings.preset(named: preset))
        #expect(units.temperature(celsius) == temperature)
        #expect(units.pressure(hPa) == pressure)
        #expect(units.speed(kmh) == speed)
        #expect(units.precipitation(mm) == precipitation)
        #expect(units.distance(km) == distance)
        #expect(units.temperature(nil) == nil && units.pressure(nil) == nil && units.speed(nil) == nil)
        #expect(units.precipitation(nil) == nil && units.distance(nil) == nil)
    }

    @Test("mmHg has no decimals, kPa and cm two, metres none")
    func unitDecimals() {
        let units = UnitSettings(
            temperature: .kelvin, windSpeed: .knots, pressure: .millimetresOfMercury, precipitation: .centimetres,
            distance: .metres)
        #expect(units.pressure(1013.25) == 760)
        #expect(units.precipitation(3.456) == 0.35)
        #expect(units.distance(12.3456) == 12346)
        #expect(units.temperature(20.06) == 293.2)
        #expect(units.speed(100) == 54)
        var kpa = units
        kpa.pressure = .kilopascal
        #expect(kpa.pressure(1002.34) == 100.23)
    }

    @Test("rounding never gives -0", arguments: [-0.0, -0.001, -0.04, -0.049, -0.4, -0.0049, -1e-300])
    func noNegativeZero(value: Double) {
        for decimals in 0...2 {
            let result = rounded(value, decimals: decimals)
            if result == 0 {
                #expect(result.sign == .plus, "rounded(\(value), decimals: \(decimals))")
                #expect(JSONValue.number(result).serialized() == "0")
            }
        }
        for preset in ["metric", "imperial", "si", "uk"] {
            let units = UnitSettings.preset(named: preset)!
            for converted in [units.precipitation(value), units.speed(value), units.distance(value)] {
                if let converted, converted == 0 { #expect(converted.sign == .plus) }
            }
        }
        // -17.8 °C is 0 °F: a reading just below must not print as -0 in Fahrenheit.
        let fahrenheit = UnitSettings.imperial.temperature(-17.7778 + value)
        if let fahrenheit, fahrenheit == 0 { #expect(fahrenheit.sign == .plus) }
    }

    @Test(
        "rounding goes half away from zero",
        arguments: [
            (0.25, 1, 0.3), (-0.25, 1, -0.3), (2.5, 0, 3.0), (-2.5, 0, -3.0), (29.915, 2, 29.92), (7.0, 1, 7.0),
        ])
    func halfAway(value: Double, decimals: Int, expected: Double) {
        #expect(rounded(value, decimals: decimals) == expected)
    }

    @Test(
        "percentages clamp to 0–100 and round to whole numbers",
        arguments: [
            (-5.0, 0.0), (-0.3, 0), (0, 0), (49.4, 49), (55.5, 56), (99.6, 100), (100, 100), (104.9, 100), (1e9, 100),
        ])
    func percentages(value: Double, expected: Double) throws {
        let result = try #require(percent(value))
        #expect(result == expected)
        #expect(result.sign == .plus)
    }

    @Test("an unknown percentage stays unknown")
    func percentNil() {
        #expect(percent(nil) == nil)
    }
}

@Suite("Compass")
struct CompassTests {
    @Test("each of the 16 points, at its centre and 11° either side", arguments: 0..<16)
    func points(index: Int) {
        let centre = Double(index) * 22.5
        let expected = Compass.points[index]
        #expect(Compass.point(for: centre) == expected)
        #expect(Compass.point(for: centre + 11) == expected)
        #expect(Compass.point(for: centre - 11) == expected)
        #expect(Compass.point(for: centre + 360) == expected)
        #expect(Compass.point(for: centre - 360) == expected)
    }

    @Test("the 16 points in order")
    func order() {
        #expect(
            Compass.points == [
                "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
            ])
    }

    @Test(
        "boundaries",
        arguments: [
            (348.75, "N"), (348.74, "NNW"), (11.25, "NNE"), (11.24, "N"), (359.99, "N"), (360, "N"), (0, "N"),
            (33.75, "NE"), (33.74, "NNE"), (168.75, "S"), (191.24, "S"),
        ])
    func boundaries(bearing: Double, expected: String) {
        #expect(Compass.point(for: bearing) == expected)
    }

    @Test(
        "negative bearings and bearings over 360",
        arguments: [
            (-22.5, "NNW"), (-90, "W"), (-180, "S"), (-360, "N"), (-11.2, "N"), (-11.3, "NNW"), (450, "E"), (720, "N"),
            (1000, "W"),
            (-1000, "E"),
        ])
    func outOfRange(bearing: Double, expected: String) {
        #expect(Compass.point(for: bearing) == expected)
    }

    @Test("a non-finite bearing does not trap", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(bearing: Double) {
        #expect(Compass.points.contains(Compass.point(for: bearing)))
    }

    @Test(
        "bearings normalise to whole degrees 0–359",
        arguments: [
            (0.0, 0.0), (359.4, 359), (359.5, 0), (360, 0), (725, 5), (-1, 359), (-0.2, 0), (-360, 0), (45.5, 46),
            (-45.5, 314),
        ])
    func normalised(bearing: Double, expected: Double) {
        let result = Compass.normalised(bearing)
        #expect(result == expected)
        #expect(result.sign == .plus)
    }
}
