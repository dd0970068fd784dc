import Stations
import Testing
import WeatherModel

@Suite("Honest readings")
struct PlausibilityTests {
    @Test(
        "no-value markers are missing, never 0",
        arguments: ["", " ", "--", "----.-", "-9999", "-9999.0", "null", "NaN", "N/A", "-999.9"])
    func markers(_ text: String) {
        #expect(StationNumber.parse(text) == nil)
    }

    @Test("numbers with units inside")
    func units() {
        #expect(StationNumber.parse("0") == 0)
        #expect(StationNumber.withUnit("0.071 kPa")! == (0.071, "kPa"))
        #expect(StationNumber.withUnit("65%")! == (65, "%"))
        #expect(StationNumber.parse(JSONValue.null) == nil)
        #expect(StationNumber.parse(JSONValue.string("-9999")) == nil)
    }

    func observation(_ values: [StationQuantity: Double]) -> StationObservation {
        var observation = StationObservation()
        observation.values = values
        return observation
    }

    @Test("values outside the physical envelope are rejected, never clamped")
    func envelope() {
        var state = StationState()
        state.apply(
            observation([.humidity: 102, .uvIndex: 44, .temperature: 12]), at: .at(0), elevation: nil, zone: .utc)
        #expect(state.fields[.humidity] == nil)
        #expect(state.fields[.uvIndex] == nil)
        #expect(state.fields[.temperature]?.value == 12)
        #expect(state.rejections["humidity"]?.rejection.rule == .envelope)
        #expect(state.rejections["humidity"]?.rejection.value == 102)
        #expect(state.rejectedCount == 2)
    }

    @Test("a dew point above the temperature is rejected")
    func dewPoint() {
        var state = StationState()
        state.apply(observation([.temperature: 10, .dewPoint: 12]), at: .at(0), elevation: nil, zone: .utc)
        #expect(state.fields[.dewPoint] == nil)
        #expect(state.rejections["dew_point"]?.rejection.rule == .dewPointAboveTemperature)
        // sent in a message of its own, a minute after the temperature
        state.apply(observation([.dewPoint: 11]), at: .at(60), elevation: nil, zone: .utc)
        #expect(state.fields[.dewPoint] == nil)
        state.apply(observation([.dewPoint: 8]), at: .at(120), elevation: nil, zone: .utc)
        #expect(state.fields[.dewPoint]?.value == 8)
    }

    @Test("a match in a log line never shows the whole key")
    func maskedMatch() {
        let match = StationMatch(key: "E77D0FB57F98FAF6317D3A20DB83D8ED")
        #expect(match.logDescription == "key ***D8ED")
        #expect(StationMatch(key: "XXXX").logDescription == "key ***")
        #expect(!match.logDescription.contains("E77D0FB5"))
        #expect(StationMatch.any.logDescription == "everything on its input")
    }

    @Test("a sudden step waits for a second report to confirm it")
    func step() {
        var state = StationState()
        state.apply(observation([.temperature: 12]), at: .at(0), elevation: nil, zone: .utc)
        // A glitch: 12 → 45 °C in a minute, not repeated
        state.apply(observation([.temperature: 45]), at: .at(60), elevation: nil, zone: .utc)
        #expect(state.fields[.temperature]?.value == 12)
        #expect(state.rejections["temperature"]?.rejection.rule == .step)
        state.apply(observation([.temperature: 12.2]), at: .at(120), elevation: nil, zone: .utc)
        #expect(state.fields[.temperature]?.value == 12.2)
        // A real change (a sensor moved into the sun) is confirmed by the next report
        state.apply(observation([.temperature: 24]), at: .at(180), elevation: nil, zone: .utc)
        #expect(state.fields[.temperature]?.value == 12.2)
        state.apply(observation([.temperature: 24.3]), at: .at(240), elevation: nil, zone: .utc)
        #expect(state.fields[.temperature]?.value == 24.3)
        // After a long silence there is nothing to compare with
        state.apply(observation([.temperature: 5]), at: .at(240 + 7200), elevation: nil, zone: .utc)
        #expect(state.fields[.temperature]?.value == 5)
    }

    @Test("station status: never, fresh, partial, silent")
    func status() {
        var state = StationState()
        #expect(state.status(at: .at(0), maxAge: 600) == .never)
        state.apply(observation([.temperature: 12, .windSpeed: 3]), at: .at(0), elevation: nil, zone: .utc)
        #expect(state.status(at: .at(300), maxAge: 600) == .fresh)
        state.apply(observation([.windSpeed: 4]), at: .at(500), elevation: nil, zone: .utc)
        #expect(state.status(at: .at(700), maxAge: 600) == .partial)
        #expect(state.staleFields(at: .at(700), maxAge: 600) == ["temperature"])
        #expect(state.status(at: .at(1200), maxAge: 600) == .silent)
    }

    @Test("sea-level pressure from station pressure")
    func seaLevel() throws {
        // GW1000 Pro at a high site: 24.604 inHg = 833.1871 hPa absolute and relative (no offset).
        // At 1600 m: 833.1871 / (1 − 2.25577e-5 × 1600)^5.25588 = 1010.7653 hPa
        let push = try PushDecoder.decode(StationFixtures.form("ecowitt", "ew2m_payload_gw1000pro.json"))
        let resolved = try #require(SeaLevelPressure.resolve(push.pressure!, elevation: 1600))
        #expect(near(try resolved.get(), 1010.765312, 1e-4))
        // Near sea level (10 m the two differ by 1.19 hPa) an equal relative value is taken as it is
        let low = PressureReport(absolute: 1000, relative: 1000)
        #expect(try SeaLevelPressure.resolve(low, elevation: 10)?.get() == 1000)
        // A relative value with an offset set is the user's calibration: kept
        #expect(
            try SeaLevelPressure.resolve(PressureReport(absolute: 947.4, relative: 1033.7), elevation: nil)?.get()
                == 1033.7)
    }
}
