import Foundation
import Testing
import WeatherModel

/// `Outlook` from hours built by hand: a mild night does not freeze, no hours is `nil`.
@Suite("Outlook model")
struct OutlookModelTests {
    static let zone = ZoneInfo(identifier: "Europe/Berlin")!
    /// 2026-06-01 12:00 local.
    static let noon = zone.date(CivilDateTime(date: CivilDate(year: 2026, month: 6, day: 1), hour: 12))

    static func forecast(temperature: Double, hours: Int) -> Forecast {
        let readings = (0..<hours).map { index in
            var reading = Reading(time: noon.addingTimeInterval(Double(index) * 3600))
            reading.temperature = temperature + Double(index % 3)
            reading.precipitation = index == 2 ? 1.5 : 0
            reading.precipitationProbability = index == 2 ? 80 : 10
            return reading
        }
        return Forecast(current: readings.first ?? Reading(time: noon), hours: readings)
    }

    @Test("a 12 °C night does not freeze; rain and probability of the rest of today")
    func mild() {
        let outlook = Outlook(
            forecast: Self.forecast(temperature: 12, hours: 48), zone: Self.zone, latitude: 52.5, longitude: 13.4,
            now: Self.noon)
        #expect(outlook.tonight?.low == 12)
        #expect(outlook.tonight?.freezes == false)
        #expect(outlook.today.precipitation == 1.5)
        #expect(outlook.today.probabilityMax == 80)
        #expect(outlook.today.wetHours == 1)
        #expect(outlook.tomorrow.precipitation == 0)
        #expect(outlook.next24High == 14)
        #expect(outlook.next24Low == 12)
    }

    @Test("no hours: every value nil, never a made-up 0")
    func empty() {
        let outlook = Outlook(
            forecast: Self.forecast(temperature: 0, hours: 0), zone: Self.zone, latitude: 52.5, longitude: 13.4,
            now: Self.noon)
        #expect(outlook.tonight?.low == nil)
        #expect(outlook.tonight?.freezes == nil)
        #expect(outlook.today.precipitation == nil)
        #expect(outlook.today.wetHours == nil)
        #expect(outlook.next24High == nil)
    }
}
