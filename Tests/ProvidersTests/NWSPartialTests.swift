import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel

/// NWS's two forecasts fail alone at times (a 503 for one while the other answers).
@Suite("NWS: one of the two forecasts failing")
struct NWSPartialTests {
    static let hourly = "/proxy/gridpoints/LWX/97,71/forecast/hourly"
    static let twelveHour = "/proxy/gridpoints/LWX/97,71/forecast"
    static let query = ProviderQuery(latitude: 38.8894, longitude: -77.0352)

    static func provider() throws -> NWS {
        try NWS(baseURL: "http://127.0.0.1:9/proxy", userAgent: NWSTests.userAgent)
    }

    @Test("hourly 503, 12-hour answered: the days and a current reading, marked as lacking hourly")
    func hourlyFailsAlone() async throws {
        let transport = await NWSTests.washingtonTransport()
        await transport.serve(
            Self.hourly, status: 503, body: Fixtures.bytes("nws", "error_503_unavailable_resource.json"))
        let result = try await Self.provider().fetch(Self.query, transport: transport)
        #expect(result.forecast.lacking == .hourly)
        #expect(result.forecast.hours.isEmpty)
        #expect(result.forecast.days.count >= 6)
        #expect(result.forecast.current.temperature != nil)
        #expect(!(await transport.sent).contains { $0.url.hasSuffix("/gridpoints/LWX/97,71") }, "no grid without hours")
    }

    @Test("12-hour 503, hourly answered: hours, and days made from them, marked as lacking daily")
    func twelveHourFailsAlone() async throws {
        let transport = await NWSTests.washingtonTransport()
        await transport.serve(
            Self.twelveHour, status: 503, body: Fixtures.bytes("nws", "error_503_unavailable_resource.json"))
        let result = try await Self.provider().fetch(Self.query, transport: transport)
        #expect(result.forecast.lacking == .daily)
        #expect(result.forecast.hours.count == 156)
        #expect(!result.forecast.days.isEmpty)
    }

    @Test("hourly refused for the key or the rate: the fetch fails without asking the 12-hour forecast")
    func hourlyRateLimited() async throws {
        let transport = await NWSTests.washingtonTransport()
        await transport.serve(Self.hourly, status: 429, body: Array(#"{"title":"Too Many Requests"}"#.utf8))
        await #expect(throws: ProviderError.self) {
            _ = try await Self.provider().fetch(Self.query, transport: transport)
        }
        #expect(!(await transport.sent).contains { $0.url.hasSuffix("/forecast") })
    }
}
