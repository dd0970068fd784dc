import Stations
import Testing
import WeatherModel

@Suite("weewx loop packets")
struct WeewxDecoderTests {
    @Test("a partial packet then a full one (METRIC, per-key units)")
    func correnPair() throws {
        let lines = StationFixtures.lines("weewx", "correns_loop_pair.jsonl")
        let first = try WeewxDecoder.decode(lines[0])
        #expect(first.values[.temperature] == nil)
        #expect(near(first.values[.uvIndex], 1.4193975699999997))
        #expect(first.values[.precipitation] == 0)
        let second = try WeewxDecoder.decode(lines[1])
        #expect(near(second.values[.temperature], 10.763443571329116))
        #expect(second.values[.humidity] == 100)
        #expect(near(second.values[.windSpeed], 1.5133780661837664))  // windSpeed_kph
        #expect(near(second.values[.windGust], 2.594362399172171))
        // barometer_mbar is sea level, pressure_mbar the station's
        #expect(near(second.pressure?.relative, 1033.8479195234886))
        #expect(near(second.pressure?.absolute, 1013.6402446382689))
        // rain_cm 0.0 (METRIC's cm) is the rain since the previous packet
        #expect(second.rain == RainReport(.increment, millimetres: 0, name: "rain"))
        #expect(second.time == .at(1_614_247_878))

        // The partial packet arriving after the full one does not blank the temperature.
        var state = StationState()
        state.apply(second, at: .at(1_614_247_878), elevation: nil, zone: .utc)
        state.apply(first, at: .at(1_614_247_907), elevation: nil, zone: .utc)
        #expect(near(state.fields[.temperature]?.value, 10.763443571329116))
        #expect(near(state.fields[.pressure]?.value, 1033.8479195234886))
    }

    @Test("bare keys in the packet's unit system: US inches and °F, METRIC centimetres")
    func unitSystems() throws {
        let us = try WeewxDecoder.decode(Array(#"{"dateTime":"1","usUnits":"1","outTemp":"50.0","rain":"0.01"}"#.utf8))
        // 50 °F = 10 °C; 0.01 in × 25.4 = 0.254 mm
        #expect(near(us.values[.temperature], 10))
        #expect(near(us.rain?.millimetres, 0.254))
        let metric = try WeewxDecoder.decode(
            Array(#"{"dateTime":"1","usUnits":"16","rain":"0.02","windSpeed":"10"}"#.utf8))
        // METRIC rain in cm: 0.02 cm = 0.2 mm; wind km/h
        #expect(near(metric.rain?.millimetres, 0.2))
        #expect(metric.values[.windSpeed] == 10)
        #expect(throws: StationDecodeError.self) { try WeewxDecoder.decode(Array(#"{"x":1}"#.utf8)) }
    }
}
