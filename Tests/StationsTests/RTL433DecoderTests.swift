import Stations
import Testing
import WeatherModel

@Suite("rtl_433")
struct RTL433DecoderTests {
    func events(_ file: String) throws -> [StationObservation] {
        try StationFixtures.lines("rtl_433", file).compactMap { line throws(StationDecodeError) in
            try RTL433Decoder.decodeEvent(line)
        }
    }

    @Test("a WS90 read directly: units from the key suffixes, its 16-bit counter's wrap")
    func ws90() throws {
        let event = try #require(try events("fineoffset_ws90_weewxsdr.json").first)
        #expect(event.identity == StationIdentity(model: "Fineoffset-WS90", id: "13355"))
        #expect(StationMatch(model: "Fineoffset-WS90", id: "13355").accepts(event.identity))
        #expect(event.values[.temperature] == 5.7)
        #expect(event.values[.humidity] == 75)
        // wind_avg_m_s 1.3 × 3.6 = 4.68 km/h; wind_max_m_s 1.6 × 3.6 = 5.76 km/h
        #expect(near(event.values[.windSpeed], 4.68))
        #expect(near(event.values[.windGust], 5.76))
        #expect(event.values[.uvIndex] == 0)
        // rain_mm 12.8: a counter of 16 bits × 0.1 mm, wrapping at 6553.6 mm
        #expect(event.rain == RainReport(.counter, millimetres: 12.8, name: "rain_mm", wrap: 6553.6))
        #expect(event.batteries["battery_mV"] == 3280)
        #expect(event.signal == -0.123)
    }

    @Test("mixed units in one station: AcuRite 5-in-1 and Emax")
    func mixedUnits() throws {
        let acurite = try events("acurite5n1_pair_weewxsdr.json")
        // wind_avg_km_h 15.9 as is; rain_in 7.29 × 25.4 = 185.166 mm
        #expect(acurite[0].values[.windSpeed] == 15.9)
        #expect(near(acurite[0].rain?.millimetres, 185.166))
        // temperature_F 76.1 → (76.1 − 32) × 5/9 = 24.5 °C
        #expect(near(acurite[1].values[.temperature], 24.5))
        #expect(acurite[1].identity.channel == "A")
        let emax = try #require(try events("emax_em3551h_weewxsdr.json").first)
        // 55.7 °F → (55.7 − 32) × 5/9 = 13.1667 °C; rain_mm 0.000 is a real zero
        #expect(near(emax.values[.temperature], 13.166667, 1e-5))
        #expect(emax.rain?.millimetres == 0)
        #expect(emax.identity.channel == "4")
    }

    @Test("raw rows without an id are skipped, the decoded lines kept")
    func rawRows() throws {
        let lines = StationFixtures.lines("rtl_433", "bresser5in1_with_raw_rows_1315.json")
        #expect(try RTL433Decoder.decodeEvent(lines[0]) == nil)
        let decoded = try #require(try RTL433Decoder.decodeEvent(lines[1]))
        #expect(decoded.values[.temperature] == 2.7)
        // wind_max_m_s 5.3 × 3.6 = 19.08 km/h
        #expect(near(decoded.values[.windGust], 19.08))
        #expect(try events("bresser5in1_with_raw_rows_1315.json").count == 2)
    }

    @Test("a Bresser probe (sensor_type 3) never poses as outdoor: humidity 0 and 31.6 °C rejected")
    func probe() throws {
        let probe = try #require(try events("bresser6in1_g022_sensortype3.json").first)
        #expect(probe.values.isEmpty)
        #expect(Set(probe.rejected.map(\.field)) == ["temperature", "humidity"])
        #expect(probe.rejected.allSatisfy { $0.rule == .notOutdoor })
        var state = StationState()
        state.apply(probe, at: .at(0), elevation: nil, zone: .utc)
        #expect(state.fields.isEmpty)
        #expect(state.rejectedCount == 2)
    }

    @Test("one quantity per message (LaCrosse WS-3600) merges into one station")
    func splitMessages() throws {
        var state = StationState()
        for (index, event) in try events("lacrosse_ws3600_g005_split.json").enumerated() {
            state.apply(event, at: .at(Double(index)), elevation: nil, zone: .utc)
        }
        #expect(state.fields[.temperature]?.value == -2.0)
        #expect(state.fields[.humidity]?.value == 85)
        #expect(state.fields[.windSpeed]?.value == 0)
        #expect(state.fields[.windBearing]?.value == 180)
        #expect(state.status(at: .at(8), maxAge: 600) == .fresh)
    }

    @Test("per-field devices/… topics")
    func fieldTopics() throws {
        let temperature = try RTL433Decoder.decodeField(
            topic: "rtl_433/pi/devices/Fineoffset-WS90/13355/temperature_C", payload: Array("5.7".utf8))
        #expect(temperature.values[.temperature] == 5.7)
        #expect(StationMatch(model: "Fineoffset-WS90", id: "13355").accepts(temperature.identity))
        let gust = try RTL433Decoder.decodeField(
            topic: "rtl_433/pi/devices/Acurite-5n1/A/2662/wind_max_km_h", payload: Array("20.5".utf8))
        #expect(gust.values[.windGust] == 20.5)
        #expect(StationMatch(model: "Acurite-5n1", id: "2662", channel: "A").accepts(gust.identity))
        #expect(throws: StationDecodeError.self) {
            try RTL433Decoder.decodeField(topic: "rtl_433/pi/events", payload: Array("{}".utf8))
        }
    }
}
