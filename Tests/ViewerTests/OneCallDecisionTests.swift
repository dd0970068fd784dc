import Foundation
import Rendering
import TestSupport
import Testing
import WeatherModel
import WireContract

@testable import Viewer

/// `serve`'s OpenWeatherMap-shaped answers as values: a query, a table, a choice, no sockets.
@Suite("Serve: One Call decisions")
struct OneCallDecisionTests {
    @Test("the query: units, OpenWeatherMap's language codes, exclude with escapes; what it ignores")
    func query() throws {
        let query = try OneCallQuery.parse(
            "lat=48.1&lon=-11.5&units=IMPERIAL&lang=cz&exclude=minutely%2C%20alerts,bogus&appid=a%2Bb&x=1"
        ).get()
        #expect(query.latitude == 48.1 && query.longitude == -11.5 && query.units == .imperial)
        #expect(query.language == .cs && query.exclude == [.minutely, .alerts] && query.appid == "a+b")
        let plain = try OneCallQuery.parse("lon=2&lat=1&units=kelvin&lang=kr").get()
        #expect(plain.units == .standard && plain.language == .en && plain.exclude.isEmpty && plain.appid == nil)
        #expect(try OneCallQuery.parse("lat=1&lon=2&lang=zh_cn").get().language == .zh)
        #expect(try OneCallQuery.parse("lat=1&lon=2&lang=se").get().language == .sv)
        #expect(OneCallQuery.parse("lat=-90.1&lon=0") == .failure(.badRequest("wrong latitude")))
        #expect(OneCallQuery.parse("lat=0&lon=") == .failure(.badRequest("wrong longitude")))
        #expect(OneCallQuery.parse("appid=x") == .failure(.badRequest("Nothing to geocode")))
        let history = try OneCallQuery.parse("lat=1&lon=2&start=10&end=20", history: true).get()
        #expect(history.start == 10 && history.end == 20)
        #expect(
            OneCallQuery.parse("lat=1&lon=2&end=20", history: true) == .failure(.badRequest("start: field is required"))
        )
    }

    @Test("units: standard is kelvin and m/s, metric °C and m/s, imperial °F and mph")
    func units() {
        #expect(OneCallQuery.Units.standard.temperature(8.5) == 281.65)
        #expect(OneCallQuery.Units.imperial.temperature(-40) == -40)
        #expect(OneCallQuery.Units.metric.speed(36) == 10)
        #expect(abs(OneCallQuery.Units.imperial.speed(1.609344) - 1) < 1e-12)
        #expect(OneCallAnswer.rounded(-0.001, 2) == 0 && OneCallAnswer.rounded(1.305556, 2) == 1.31)
    }

    @Test("every condition has an OpenWeatherMap id of the group its main names; intensity and clouds pick the id")
    func weatherTable() {
        let groups: [String: ClosedRange<Int>] = [
            "Thunderstorm": 200...232, "Rain": 500...531, "Snow": 600...622, "Fog": 741...741, "Squall": 771...771,
            "Clear": 800...800, "Clouds": 801...804,
        ]
        for condition in Condition.allCases {
            for intensity in [nil, 0.5, 3, 9.0] {
                let weather = OneCallWeather.of(condition, intensity: intensity, clouds: nil)
                #expect(groups[weather.main]?.contains(weather.id) == true, "\(condition): \(weather)")
                #expect(weather.icon.count == 2 && !weather.description.isEmpty)
            }
        }
        #expect([0.5, 3, 8].map { OneCallWeather.of(.rainy, intensity: $0, clouds: nil).id } == [500, 501, 502])
        #expect([0.5, 1.5, 3].map { OneCallWeather.of(.snowy, intensity: $0, clouds: nil).id } == [600, 601, 602])
        #expect(
            [5, 20, 40, 70].map { OneCallWeather.of(.partlyCloudy, intensity: nil, clouds: $0).id } == [
                801, 801, 802, 803,
            ])
        #expect(OneCallWeather.of(.windy, intensity: nil, clouds: nil) == .clearSky)
        #expect(OneCallWeather.of(.cloudy, intensity: nil, clouds: 40) == .overcastClouds)
    }

    @Test("OpenWeatherMap's air quality index: the worst component's band, else the European AQI's")
    func airIndex() {
        func index(_ components: [(String, Double)], european: Double? = nil) -> Int? {
            AirPollutionAnswer.index(.init(time: 0, components: components, europeanAQI: european))
        }
        #expect(index([("pm2_5", 9.99)]) == 1 && index([("pm2_5", 10)]) == 2 && index([("pm2_5", 75)]) == 5)
        #expect(index([("so2", 1), ("o3", 139.9), ("co", 200)]) == 3)
        #expect(index([("co", 15400)]) == 5)
        #expect(index([], european: 45) == 3 && index([], european: 140) == 5 && index([]) == nil)
    }

    @Test("the air history keeps the hours it read for two days, the newest reading of an hour winning")
    func airHistory() {
        func sample(_ hour: Int64, _ pm: Double) -> AirPollutionAnswer.Sample {
            .init(time: hour * 3600, components: [("pm2_5", pm)], europeanAQI: nil)
        }
        let history = AirHistory()
        let now = Date(timeIntervalSince1970: 100 * 3600)
        _ = history.merge([sample(40, 1), sample(60, 2), sample(99, 3)], location: "home", now: now)
        let kept = history.merge([sample(99, 4), sample(100, 5)], location: "home", now: now)
        #expect(kept.sorted { $0.time < $1.time }.map(\.components[0].1) == [2, 4, 5])
        #expect(history.merge([], location: "away", now: now).isEmpty)
    }

    @Test("the nearest location within the radius answers; the distance is the great circle's")
    func place() throws {
        #expect((503...505).contains(OneCallPlace.distance(48.1374, 11.5755, 52.52, 13.405)))
        #expect(OneCallPlace.distance(10, 20, 10, 20) == 0)
        var messages = try Self.munich()
        let berlin =
            #"{"schema":1,"location":{"id":"berlin","name":"Berlin","latitude":52.52,"longitude":13.405},"#
            + #""provider":"open-meteo","fetched_at":"2026-02-07T16:15:00+01:00","units":{}}"#
        messages["weather/berlin/current"] = Array(berlin.utf8)
        let near = try OneCallPlace.nearest(
            latitude: 52.5, longitude: 13.4, radius: 25, base: "weather", messages: messages
        ).get()
        #expect(near.id == "berlin" && near.name == "Berlin" && near.distance < 3)
        let munich = try OneCallPlace.nearest(
            latitude: 48.1, longitude: 11.6, radius: 25, base: "weather", messages: messages
        ).get()
        #expect(munich.id == "munich")
        guard
            case .failure(let far) = OneCallPlace.nearest(
                latitude: 0, longitude: 0, radius: 25, base: "weather", messages: messages)
        else {
            Issue.record("a point in the ocean was answered")
            return
        }
        #expect(far.status == 400 && far.message.contains("the nearest, 'munich', is"))
        guard
            case .failure(let none) = OneCallPlace.nearest(
                latitude: 0, longitude: 0, radius: 25, base: "weather", messages: [:])
        else {
            Issue.record("no location answered")
            return
        }
        #expect(none.status == 503)
    }

    @Test("hours after sunset have night icons, days the day's; the key is compared whole")
    func icons() throws {
        let payloads = try LocationPayloads(base: "weather", location: "munich", messages: try Self.munich())
        let model = try WeatherViewModel(
            payloads: payloads, now: try #require(ISO8601DateFormatter().date(from: "2026-02-07T15:20:00Z")))
        let query = try OneCallQuery.parse("lat=48.14&lon=11.58").get()
        let answer = OneCallAnswer(model: model, query: query, origin: JSONObject()).json
        for (hour, entry) in zip(model.hours, answer["hourly"]?.array ?? []) {
            let icon = entry["weather"]?[0]?["icon"]?.string ?? ""
            #expect(icon.hasSuffix(hour.values.isDay == false ? "n" : "d"), "\(hour.label): \(icon)")
        }
        #expect(
            answer["daily"]?.array?.allSatisfy { $0["weather"]?[0]?["icon"]?.string?.hasSuffix("d") == true } == true)
        #expect(ServeHandler.same("s3cret", "s3cret") && !ServeHandler.same("s3cre", "s3cret"))
        #expect(!ServeHandler.same("", "s3cret") && !ServeHandler.same("s3cret!", "s3cret"))
    }

    /// Munich's recorded payloads as retained messages below `weather`.
    static func munich() throws -> [String: [UInt8]] {
        let path = TestPaths.testsFolder + "/RenderingTests/Golden/terminal/inputs/munich-full.json"
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        var messages: [String: [UInt8]] = [:]
        for (kind, value) in document as? [String: Any] ?? [:] {
            messages["weather/munich/" + kind] = [UInt8](try JSONSerialization.data(withJSONObject: value))
        }
        return messages
    }
}
