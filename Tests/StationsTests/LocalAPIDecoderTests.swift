import Stations
import Testing
import WeatherModel

@Suite("Ecowitt get_livedata_info")
struct LocalAPIDecoderTests {
    @Test("values as strings with units inside or beside them")
    func liveData() throws {
        let data = try EcowittLiveDataDecoder.decode(
            StationFixtures.bytes("ecowitt-livedata", "gw1200b_wn32_ecowittlocal122.json"))
        #expect(data.values[.temperature] == -14.2)  // "-14.2" with "unit": "C"
        #expect(data.values[.humidity] == 65)  // "65%"
        #expect(data.values[.dewPoint] == -19.4)
        #expect(data.values[.apparentTemperature] == -14.2)  // id "3", feels-like
        #expect(data.values[.windSpeed] == nil)  // a WN32 has no wind: missing, never 0
        #expect(data.rain == nil)
        // "947.4 hPa" and "1033.7 hPa"
        #expect(data.pressure == PressureReport(absolute: 947.4, relative: 1033.7))
        #expect(data.batteries["0x03"] == 0)
    }

    @Test("a gateway set to imperial, and the '--' marker")
    func imperialAndMarkers() throws {
        let body = #"""
            {"common_list":[{"id":"0x02","val":"50.0","unit":"F"},{"id":"0x0B","val":"4.5 mph"},
            {"id":"0x0C","val":"--"},{"id":"0x07","val":"--"}],
            "rain":[{"id":"0x0E","val":"0.12 in/Hr"},{"id":"0x13","val":"12.34 in"}]}
            """#
        let data = try EcowittLiveDataDecoder.decode(Array(body.utf8))
        // 50.0 °F → 10.0 °C; 4.5 mph × 1.609344 = 7.242048 km/h; 0.12 in/h × 25.4 = 3.048 mm/h
        #expect(near(data.values[.temperature], 10))
        #expect(near(data.values[.windSpeed], 7.242048))
        #expect(data.values[.windGust] == nil)
        #expect(data.values[.humidity] == nil)
        #expect(near(data.values[.precipitation], 3.048))
        // 12.34 in × 25.4 = 313.436 mm, the year's counter
        #expect(near(data.rain?.millimetres, 313.436))
        #expect(throws: StationDecodeError.self) { try EcowittLiveDataDecoder.decode(Array("{}".utf8)) }
    }
}
