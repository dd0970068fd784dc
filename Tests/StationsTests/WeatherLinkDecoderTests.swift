import Stations
import Testing
import WeatherModel

@Suite("WeatherLink Live")
struct WeatherLinkDecoderTests {
    @Test("current_conditions: ISS in °F, mph and bucket counts; the barometer's sea-level value")
    func currentConditions() throws {
        let records = try WeatherLinkDecoder.decode(
            StationFixtures.bytes("weatherlink-live", "wll_current_2021-01-16_siku2.json"))
        #expect(records.count == 2)  // the ISS and the barometer; the indoor record is not read
        let iss = records[0]
        #expect(iss.sensor == "txid:1")
        #expect(iss.identity.serial == "001D0A7139D6")
        // 26.6 °F → (26.6 − 32) × 5/9 = −3.0 °C; dew point 25.8 °F → −3.4444 °C
        #expect(near(iss.values[.temperature], -3.0))
        #expect(near(iss.values[.dewPoint], -3.444444, 1e-5))
        #expect(iss.values[.humidity] == 96.9)
        // 5.00 mph × 1.609344 = 8.04672 km/h (last and 2-minute high)
        #expect(near(iss.values[.windSpeed], 8.04672))
        #expect(near(iss.values[.windGust], 8.04672))
        #expect(iss.values[.windBearing] == 254)
        // rain_size 2 = 0.2 mm a count: rainfall_year 276 counts = 55.2 mm
        #expect(near(iss.rain?.millimetres, 55.2))
        #expect(iss.rain?.kind == .counter)
        #expect(iss.values[.precipitation] == 0)
        #expect(iss.batteries["trans_battery"] == 1)
        // bar_sea_level 30.239 inHg = 1024.0101 hPa, bar_absolute 28.629 inHg = 969.4892 hPa
        #expect(near(records[1].pressure?.relative, 1024.010069, 1e-5))
        #expect(near(records[1].pressure?.absolute, 969.489211, 1e-5))
    }

    @Test("the UDP broadcast: two transmitters; null wind missing; the year counter, not yesterday's daily")
    func broadcast() throws {
        let records = try WeatherLinkDecoder.decode(
            StationFixtures.bytes("weatherlink-live", "wll_udp_0000_not_reset_issue4.json"))
        #expect(records.map(\.sensor) == ["txid:2", "txid:3"])
        // 4.0 mph = 6.437376 km/h; the 10-minute high 7.0 mph = 11.265408 km/h
        #expect(near(records[0].values[.windSpeed], 6.437376))
        #expect(near(records[0].values[.windGust], 11.265408))
        // rainfall_year 2118 × 0.2 mm = 423.6 mm; rainfall_daily 11 counts is still yesterday's at 00:00:01
        #expect(near(records[0].rain?.millimetres, 423.6))
        #expect(records[0].rain?.name == "rainfall_year")
        #expect(records[1].values[.windSpeed] == nil)
        #expect(StationMatch(id: "2").accepts(records[0].identity))
        #expect(!StationMatch(id: "2").accepts(records[1].identity))
    }

    @Test("an error answer and garbage are refused")
    func errors() {
        #expect(throws: StationDecodeError.self) {
            try WeatherLinkDecoder.decode(Array(#"{"data": null, "error": {"code": 409}}"#.utf8))
        }
        #expect(throws: StationDecodeError.self) { try WeatherLinkDecoder.decode(Array("<html>".utf8)) }
    }
}
