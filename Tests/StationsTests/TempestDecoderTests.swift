import Stations
import Testing
import WeatherModel

@Suite("Tempest UDP")
struct TempestDecoderTests {
    @Test("the vendor's obs_st example")
    func observation() throws {
        let obs = try TempestDecoder.decode(StationFixtures.bytes("tempest", "doc_obs_st.json"))
        #expect(obs.identity.serial == "ST-00000512")
        #expect(obs.time == .at(1_588_948_614))
        // average 0.22 m/s × 3.6 = 0.792 km/h, gust 0.27 m/s × 3.6 = 0.972 km/h
        #expect(near(obs.values[.windSpeed], 0.792))
        #expect(near(obs.values[.windGust], 0.972))
        #expect(obs.values[.windBearing] == 144)
        #expect(obs.values[.temperature] == 22.37)
        #expect(obs.values[.humidity] == 50.26)
        #expect(obs.values[.uvIndex] == 0.03)
        #expect(obs.pressure == PressureReport(absolute: 1017.57))
        #expect(obs.rain == RainReport(.increment, millimetres: 0, name: "obs_st"))
        #expect(obs.batteries["voltage"] == 2.41)
        // Station pressure only: 1017.57 mb at 100 m is 1017.57 / (1 − 2.25577e-5 × 100)^5.25588 = 1029.7200 hPa
        var state = StationState()
        state.apply(obs, at: .at(1_588_948_615), elevation: 100, zone: .utc)
        #expect(near(state.fields[.pressure]?.value, 1029.719959, 1e-5))
    }

    @Test("power-save mode: null wind is missing, never 0")
    func powerSave() throws {
        let obs = try TempestDecoder.decode(StationFixtures.bytes("tempest", "pwfu_obs_st_low_voltage.json"))
        #expect(obs.values[.windSpeed] == nil)
        #expect(obs.values[.windGust] == nil)
        #expect(obs.values[.windBearing] == nil)
        #expect(obs.values[.temperature] == 7.68)
        #expect(obs.values[.humidity] == 94.45)
        #expect(obs.pressure?.absolute == 1037.64)
        #expect(obs.batteries["voltage"] == 2.358)
    }

    @Test("device_status: battery and signal; its flags are not failures; a hub's life keeps nothing fresh")
    func deviceStatus() throws {
        let status = try TempestDecoder.decode(StationFixtures.bytes("tempest", "deno_device_status.json"))
        #expect(status.isStatusOnly)
        #expect(status.batteries["voltage"] == 2.8)
        #expect(status.signal == -75)
        // 655364 = 0xA0004: lightning disturber and power-booster bits only
        #expect(status.failed == [])
        let lowVoltage = try TempestDecoder.decode(
            StationFixtures.bytes("tempest", "pwfu_device_status_low_voltage.json"))
        // 8196 = 0x2004: no sensor failed
        #expect(lowVoltage.failed == [])

        let obs = try TempestDecoder.decode(StationFixtures.bytes("tempest", "doc_obs_st.json"))
        var state = StationState()
        state.apply(obs, at: .at(0), elevation: 100, zone: .utc)
        // Twenty minutes later only status datagrams arrive: seen, but silent.
        state.apply(status, at: .at(1200), elevation: 100, zone: .utc)
        #expect(state.lastSeen == .at(1200))
        #expect(state.status(at: .at(1200), maxAge: 600) == .silent)
        #expect(state.fresh(.temperature, at: .at(1200), maxAge: 600) == nil)
    }

    @Test("a device reporting its temperature and humidity sensors failed: their values are rejected")
    func sensorFailure() throws {
        // sensor_status 0x30: temperature (0x10) and humidity (0x20) failed
        let status = try TempestDecoder.decode(
            Array(#"{"serial_number":"ST-1","type":"device_status","voltage":2.6,"sensor_status":48}"#.utf8))
        #expect(status.failed?.isSuperset(of: [.temperature, .humidity, .dewPoint]) == true)
        var state = StationState()
        state.apply(status, at: .at(0), elevation: 100, zone: .utc)
        // a lightning event says nothing about the sensors: the failure stands
        let strike = try TempestDecoder.decode(
            Array(#"{"serial_number":"ST-1","type":"evt_strike","hub_sn":"HB-1","evt":[1493322445,27,3848]}"#.utf8))
        #expect(strike.failed == nil)
        state.apply(strike, at: .at(5), elevation: 100, zone: .utc)
        state.apply(
            try TempestDecoder.decode(StationFixtures.bytes("tempest", "doc_obs_st.json")), at: .at(10), elevation: 100,
            zone: .utc)
        #expect(state.fields[.temperature] == nil)
        #expect(state.rejections["temperature"]?.rejection.rule == .sensorFailure)
        #expect(state.fields[.windSpeed] != nil)
    }

    @Test("rapid_wind, evt_precip and garbage")
    func otherMessages() throws {
        let wind = try TempestDecoder.decode(
            Array(
                #"{"serial_number":"ST-00055227","type":"rapid_wind","hub_sn":"HB-00069665","ob":[1677182716,0.61,306]}"#
                    .utf8))
        // 0.61 m/s × 3.6 = 2.196 km/h
        #expect(near(wind.values[.windSpeed], 2.196))
        #expect(wind.values[.windBearing] == 306)
        let precip = try TempestDecoder.decode(
            Array(#"{"serial_number":"ST-1","type":"evt_precip","hub_sn":"HB-1","evt":[1493322445]}"#.utf8))
        #expect(precip.precipitationStarted)
        #expect(throws: StationDecodeError.self) { try TempestDecoder.decode(Array("\u{1}\u{2}garbage".utf8)) }
        #expect(throws: StationDecodeError.self) { try TempestDecoder.decode(Array(#"{"type":"obs_st"}"#.utf8)) }
    }
}
