import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel

/// met.no's `complete` variant and the location's elevation (issue: the fields users miss).
@Suite("met.no complete and elevation")
struct MetNoCompleteTests {
    static let userAgent = "weather2mqtt/1.0 (ops@example.com)"

    @Test("asks /complete, with altitude when an elevation is configured")
    func request() throws {
        let provider = try MetNo(baseURL: "https://api.met.no", userAgent: Self.userAgent)
        let plain = provider.request(for: ProviderQuery(latitude: 59.9139, longitude: 10.7522))
        #expect(plain.url == "https://api.met.no/weatherapi/locationforecast/2.0/complete?lat=59.9139&lon=10.7522")
        let high = provider.request(for: ProviderQuery(latitude: 61.6364, longitude: 8.3125, elevation: 2469.4))
        #expect(high.url.hasSuffix("/complete?lat=61.6364&lon=8.3125&altitude=2469"))
    }

    @Test("Open-Meteo gets the elevation as elevation=")
    func openMeteoElevation() {
        let provider = OpenMeteo(userAgent: Self.userAgent)
        #expect(
            provider.request(for: ProviderQuery(latitude: 1, longitude: 2, elevation: 812)).url.hasSuffix(
                "&elevation=812"))
        #expect(!provider.request(for: ProviderQuery(latitude: 1, longitude: 2)).url.contains("elevation"))
    }

    @Test("the complete recording gives dew point and UV index, and fog over most of the area is fog")
    func completeFields() throws {
        let forecast = try MetNo.decode(
            Fixtures.bytes("metno", "locationforecast2_complete_london_2020.json"),
            zone: ZoneInfo(identifier: "Europe/London")!)
        #expect(forecast.current.dewPoint != nil)
        #expect(forecast.hours.contains { $0.uvIndex != nil })
        let body = #"""
            {"properties":{"meta":{"units":{"wind_speed_of_gust":"m/s"}},"timeseries":[{"time":"2026-11-23T06:00:00Z","data":{
            "instant":{"details":{"air_temperature":1.0,"fog_area_fraction":85.2,"wind_speed_of_gust":10,"dew_point_temperature":0.4}},
            "next_1_hours":{"summary":{"symbol_code":"cloudy"},"details":{"precipitation_amount":0.0,"probability_of_precipitation":3.1}}}}]}}
            """#
        let fog = try MetNo.decode(Array(body.utf8), zone: .utc).current
        #expect(fog.condition == .fog)
        #expect(fog.providerCode == "cloudy")
        #expect(fog.windGust == 36)
        #expect(fog.dewPoint == 0.4)
        #expect(fog.precipitationProbability == 3.1)
    }
}
