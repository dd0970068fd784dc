import Stations
import Testing
import WeatherModel

@Suite("Ecowitt and Ambient pushes")
struct PushDecoderTests {
    @Test("a GW1200B push: imperial fields converted exactly, indoor values not taken")
    func gw1200b() throws {
        let push = try PushDecoder.decode(StationFixtures.form("ecowitt", "aioecowitt_gw1200b_v1.4.6_wn38.json"))
        #expect(push.identity.key == "0123456789ABCDEF0123456789ABCDEF")
        #expect(push.identity.maskedKey == "***CDEF")
        // tempf 45.86 °F = (45.86 − 32) × 5/9 = 7.7 °C (tempinf 61.34 is indoor and never read)
        #expect(near(push.values[.temperature], 7.7))
        #expect(push.values[.humidity] == 34)
        #expect(push.values[.windBearing] == 325)
        // 5.37 mph × 1.609344 = 8.64217728 km/h; gust 7.38 mph × 1.609344 = 11.87695872 km/h
        #expect(near(push.values[.windSpeed], 8.64217728))
        #expect(near(push.values[.windGust], 11.87695872))
        #expect(push.values[.uvIndex] == 0)
        #expect(push.values[.precipitation] == 0)
        #expect(push.values[.dewPoint] == nil)
        // baromrelin 29.926 inHg × 33.8638866667 = 1013.4107 hPa; baromabsin 24.598 inHg = 832.9839 hPa
        #expect(near(push.pressure?.relative, 1013.410672, 1e-5))
        #expect(near(push.pressure?.absolute, 832.983884, 1e-5))
        // totalrainin 0.248 in × 25.4 = 6.2992 mm, the lifetime counter
        #expect(push.rain == RainReport(.counter, millimetres: 0.248 * 25.4, name: "totalrainin"))
        #expect(push.batteries["wh90batt"] == 2.90)
        #expect(push.batteries["wh40batt"] == 1.4)
    }

    @Test("a piezo-only GW2000A reads the piezo gauge; relative equal to absolute is recognised at altitude")
    func gw2000aPiezo() throws {
        let push = try PushDecoder.decode(StationFixtures.form("ecowitt", "aioecowitt_example_gw2000a_v2.1.5.json"))
        #expect(push.rain == RainReport(.counter, millimetres: 0, name: "yrain_piezo"))
        #expect(push.values[.precipitation] == 0)
        // tempf 87.08 → (87.08 − 32) × 5/9 = 30.6 °C
        #expect(near(push.values[.temperature], 30.6))
        var state = StationState()
        state.apply(push, at: .at(0), elevation: 600, zone: .utc)
        // 27.885 inHg = 944.2945 hPa both ways: no offset set. At 600 m the standard atmosphere
        // gives 944.2945 / (1 − 2.25577e-5 × 600)^5.25588 = 1014.4077 hPa.
        #expect(near(state.fields[.pressure]?.value, 1014.407721, 1e-4))
        var unknown = StationState()
        unknown.apply(push, at: .at(0), elevation: nil, zone: .utc)
        #expect(unknown.fields[.pressure] == nil)
        #expect(unknown.rejections["pressure"]?.rejection.rule == .noElevation)
    }

    @Test("a GW2000A with tipping and piezo gauges: the tipping one, extra channels ignored")
    func bothGauges() throws {
        let push = try PushDecoder.decode(StationFixtures.form("ecowitt", "ew2m_payload_gw2000a_2.json"))
        // yearlyrainin 3.909 in × 25.4 = 99.2886 mm (no totalrainin); yrain_piezo 4.114 is the other gauge
        #expect(push.rain == RainReport(.counter, millimetres: 3.909 * 25.4, name: "yearlyrainin"))
        // tempf 59.7 → (59.7 − 32) × 5/9 = 15.3889 °C; temp1f…temp8f (71.2, …) are extra channels
        #expect(near(push.values[.temperature], 15.388889, 1e-5))
        #expect(push.values[.humidity] == 65)
        #expect(push.batteries["wh80batt"] == 3.28)
    }

    @Test("every Ecowitt capture decodes with an outdoor temperature and a key")
    func everyEcowittCapture() throws {
        let files = [
            "aioecowitt_example_gw2000a_v2.1.5.json", "aioecowitt_gw1200b_v1.4.6_wn38.json",
            "ew2m_payload_gw1000pro.json", "ew2m_payload_gw2000a_2.json", "ew2m_payload_pthp2550pro.json",
            "ew2m_payload_ws2350.json", "gw2000a_v2.1.3_ew2m116.json", "gw2000b_v2.1.4_ew2m189.json",
            "hp2550pro_v1.8.0_ew2m206.json",
        ]
        for file in files {
            let push = try PushDecoder.decode(StationFixtures.form("ecowitt", file))
            #expect(push.values[.temperature] != nil, "\(file)")
            #expect(push.identity.key != nil, "\(file)")
            #expect(push.rain != nil, "\(file)")
        }
        // PT-HP2550: tempf 35.2 → (35.2 − 32) × 5/9 = 1.7778 °C; dailyrainin 0.134 but yearlyrainin 11.610 is kept
        let console = try PushDecoder.decode(StationFixtures.form("ecowitt", "ew2m_payload_pthp2550pro.json"))
        #expect(near(console.values[.temperature], 1.777778, 1e-5))
        #expect(console.rain == RainReport(.counter, millimetres: 11.610 * 25.4, name: "yearlyrainin"))
    }

    @Test("an Ambient WS-2902 GET query")
    func ambientQuery() throws {
        let push = try PushDecoder.decode(StationFixtures.bytes("ambient", "ambweather_v4.0.2_interceptor.query"))
        #expect(push.identity.key == "DUMMYDATADUMMYDATADUMMYDATADATAD")
        // 69.1 °F → (69.1 − 32) × 5/9 = 20.6111 °C
        #expect(near(push.values[.temperature], 20.611111, 1e-5))
        #expect(push.values[.humidity] == 61)
        // 1.8 mph × 1.609344 = 2.8968192 km/h, 2.2 mph = 3.5405568 km/h
        #expect(near(push.values[.windSpeed], 2.8968192))
        #expect(near(push.values[.windGust], 3.5405568))
        // Ambient's hourlyrainin is its rate: 0.00 in/h
        #expect(push.values[.precipitation] == 0)
        #expect(push.values[.uvIndex] == 3)
        // totalrainin 0.87 in × 25.4 = 22.098 mm
        #expect(push.rain == RainReport(.counter, millimetres: 0.87 * 25.4, name: "totalrainin"))
        // baromrelin 29.89 inHg = 1012.1916 hPa
        #expect(near(push.pressure?.relative, 1012.191572, 1e-5))
    }

    @Test("an Ambient push keyed by MAC; the MAC is masked")
    func ambientMAC() throws {
        let push = try PushDecoder.decode(StationFixtures.form("ambient", "ambweather_v4.3.7_awnetlocal62.json"))
        #expect(push.identity.key == "FC:F5:C4:98:4F:60")
        #expect(push.identity.maskedKey == "***F:60")
        #expect(StationMatch(key: "fcf5c4984f60").accepts(push.identity))
        #expect(!StationMatch(key: "FC:F5:C4:98:4F:61").accepts(push.identity))
        // 72.0 °F → 22.2222 °C; totalrainin 236.220 in × 25.4 = 5999.988 mm
        #expect(near(push.values[.temperature], 22.222222, 1e-5))
        #expect(near(push.rain?.millimetres, 5999.988, 1e-6))
    }

    @Test("an ObserverIP request line with a raw line feed inside, cut off mid-field")
    func observerIPQuirk() throws {
        let bytes = StationFixtures.hexdump("ambient", "observerip2_v2.2.6_aw2m168_partial.hexdump", from: 0x36)
        #expect(bytes.contains(0x0A))
        let push = try PushDecoder.decode(bytes)
        #expect(push.identity.key == "94:3C:C6:45:01:1F")
        // 61.34 °F → (61.34 − 32) × 5/9 = 16.3 °C
        #expect(near(push.values[.temperature], 16.3))
        #expect(push.values[.humidity] == 52)
        #expect(push.values[.windBearing] == 346)
        // the cut "hourlyrainin" has no value: missing, never 0
        #expect(push.values[.precipitation] == nil)
        #expect(push.rain == nil)
    }

    @Test("a whole request line: the query ends before HTTP/1.1")
    func requestLine() throws {
        let push = try PushDecoder.decode(Array("GET /data/?PASSKEY=AB12CD34EF&tempf=50.0 HTTP/1.1\r\n".utf8))
        #expect(push.identity.key == "AB12CD34EF")
        #expect(near(push.values[.temperature], 10))  // 50 °F = (50 − 32) × 5/9 = 10 °C
    }

    @Test("garbage is refused with a message")
    func garbage() {
        #expect(throws: StationDecodeError.self) { try PushDecoder.decode(Array("".utf8)) }
        #expect(throws: StationDecodeError.self) { try PushDecoder.decode(Array("hello=world".utf8)) }
    }
}
