import Stations
import Testing
import WeatherModel

@Suite("Wunderground protocol")
struct WundergroundDecoderTests {
    @Test("a Fine Offset weather logger, imperial")
    func weatherLogger() throws {
        let request = try WundergroundDecoder.decode(
            StationFixtures.bytes("wunderground", "weatherlogger_v2.1.9_imperial_interceptor.query"))
        #expect(request.identity.key == "XXXX")
        // 43.3 °F → (43.3 − 32) × 5/9 = 6.2778 °C; dewptf 42.8 → (42.8 − 32) × 5/9 = 6.0 °C
        #expect(near(request.values[.temperature], 6.277778, 1e-5))
        #expect(near(request.values[.dewPoint], 6.0))
        #expect(request.values[.humidity] == 98)
        #expect(request.values[.windBearing] == 129)
        // rainin is the past hour's rain, not a rate: no precipitation value
        #expect(request.values[.precipitation] == nil)
        // baromin 29.05 inHg × 33.8638866667 = 983.7459 hPa, sea level
        #expect(near(request.pressure?.relative, 983.745908, 1e-5))
        // yearlyrainin 0.91 in × 25.4 = 23.114 mm
        #expect(request.rain == RainReport(.counter, millimetres: 0.91 * 25.4, name: "yearlyrainin"))
    }

    @Test("an HP1001 in metric: the raw UV count 919 is rejected, not clamped")
    func hp1001Metric() throws {
        let request = try WundergroundDecoder.decode(
            StationFixtures.bytes("wunderground", "hp1001_v2.2.2_metric_b_interceptor.query"))
        #expect(request.values[.temperature] == 10.1)
        #expect(request.values[.dewPoint] == 2.0)
        #expect(request.values[.humidity] == 57)
        #expect(request.pressure == PressureReport(absolute: 1010.1, relative: 1034.0))
        #expect(request.rain == RainReport(.counter, millimetres: 10.5, name: "yearlyrain"))
        var state = StationState()
        state.apply(request, at: .at(0), elevation: nil, zone: .utc)
        #expect(state.fields[.uvIndex] == nil)
        #expect(state.rejections["uv_index"]?.rejection.rule == .envelope)
        #expect(state.fields[.pressure]?.value == 1034.0)
    }

    @Test("AcuRite Access: one request per sensor, merged, and a match picks one sensor")
    func acuriteAccess() throws {
        let lines = StationFixtures.lines("wunderground", "acurite_access_3lines_interceptor.query")
        let requests = try lines.map { line throws(StationDecodeError) in try WundergroundDecoder.decode(line) }
        #expect(requests.map(\.sensor) == ["sensor:00002719", "sensor:00001398", "sensor:00001398"])
        // 9 mph × 1.609344 = 14.484096 km/h; dailyrainin 0.03 in × 25.4 = 0.762 mm
        #expect(near(requests[1].values[.windSpeed], 14.484096))
        #expect(requests[1].rain == RainReport(.dailyTotal, millimetres: 0.03 * 25.4, name: "dailyrainin"))
        let match = StationMatch(id: "00001398")
        var fiveInOne = StationState()
        for request in requests where match.accepts(request.identity) {
            fiveInOne.apply(request, at: .at(0), elevation: nil, zone: .utc)
        }
        // 84.0 °F → (84 − 32) × 5/9 = 28.8889 °C, 76 % from the 5-in-1
        #expect(near(fiveInOne.fields[.temperature]?.value, 28.888889, 1e-5))
        #expect(fiveInOne.fields[.humidity]?.value == 76)
        // Without a match both sensors feed the station: the tower's 15 % and the 5-in-1's 76 %
        // in one minute is a step no second report has confirmed.
        var both = StationState()
        for request in requests { both.apply(request, at: .at(0), elevation: nil, zone: .utc) }
        #expect(both.fields[.humidity]?.value == 15)
        #expect(both.rejections["humidity"]?.rejection.rule == .step)
    }
}
