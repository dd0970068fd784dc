import Foundation
import TestSupport
import Testing
import WeatherModel

/// Moonrise and moonset against OpenWeatherMap's, in its recorded One Call 3.0 answers.
@Suite("Moonrise and moonset")
struct MoonRiseSetTests {
    @Test(
        "each recorded day's moonrise and moonset within 2 minutes of OpenWeatherMap's; none where it has 0",
        arguments: ["onecall3_full_newyork_metric.json", "onecall3_full_phoenix_standard_2023.json"])
    func recorded(file: String) throws {
        let answer = try #require(
            try JSONSerialization.jsonObject(with: Data(Fixtures.bytes("openweathermap", file))) as? [String: Any])
        let latitude = try #require(answer["lat"] as? Double)
        let longitude = try #require(answer["lon"] as? Double)
        let name = try #require(answer["timezone"] as? String)
        let zone = try #require(ZoneCache.zone(name))
        var worst = 0.0
        for day in answer["daily"] as? [[String: Any]] ?? [] {
            let noon = Date(timeIntervalSince1970: try #require(day["dt"] as? Double))
            let date = zone.localDate(noon)
            let (moonrise, moonset) = Moon.riseAndSet(on: date, latitude: latitude, longitude: longitude, zone: zone)
            for (ours, key) in [(moonrise, "moonrise"), (moonset, "moonset")] {
                let theirs = try #require(day[key] as? Double)
                guard theirs != 0 else {
                    #expect(ours == nil, "\(file) \(date) \(key): \(String(describing: ours)), OpenWeatherMap none")
                    continue
                }
                let difference = abs((ours?.timeIntervalSince1970 ?? 0) - theirs)
                worst = max(worst, difference)
                #expect(difference <= 120, "\(file) \(date) \(key): \(difference) s off")
            }
        }
        print("\(file): moonrise and moonset at most \(Int(worst)) s from OpenWeatherMap's")
    }
}
