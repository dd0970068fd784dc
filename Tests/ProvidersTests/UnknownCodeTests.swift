import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel
import WireContract

/// A code or icon the bridge does not know never crashes it and never leaves `condition` null:
/// the condition comes from the reading's other values, `provider_code` keeps the raw code.
@Suite("Unknown codes and icons")
struct UnknownCodeTests {
    static let place = LocationInfo(id: "x", name: "X", latitude: 48.14, longitude: 11.58, timezone: "UTC")
    static let noon = Date(timeIntervalSince1970: 1_700_049_600)  // 2023-11-15T12:00Z

    static func current(_ forecast: Forecast) -> JSONValue {
        PayloadBuilder(
            location: place, zone: .utc, provider: "test", attribution: nil, fetchedAt: noon, expiresAt: noon,
            units: .metric
        ).payloads(for: forecast, now: noon).current
    }

    @Test("Open-Meteo: an unknown WMO code with 95 % cloud is cloudy, code kept")
    func openMeteo() throws {
        let body =
            #"{"timezone":"UTC","utc_offset_seconds":0,"current":{"time":1700049600,"weather_code":123,"cloud_cover":95,"is_day":1}}"#
        let payload = Self.current(try OpenMeteo.decode(Array(body.utf8)))
        #expect(payload["condition"]?.string == "cloudy")
        #expect(payload["provider_code"]?.string == "123")
        #expect(payload["summary"]?.string == "Cloudy")
    }

    @Test("OpenWeatherMap: an unknown condition id with rain falling is rainy, id kept")
    func openWeatherMap() throws {
        let body = #"""
            {"lat":48.14,"lon":11.58,"timezone":"UTC","timezone_offset":0,"current":{"dt":1700049600,"temp":5,"clouds":20,
             "rain":{"1h":1.2},"wind_speed":3,"weather":[{"id":999,"main":"New","description":"new weather","icon":"99d"}]}}
            """#
        let payload = Self.current(try OpenWeatherMap.decode(Array(body.utf8)))
        #expect(payload["condition"]?.string == "rainy")
        #expect(payload["provider_code"]?.string == "999")
    }

    @Test("Pirate Weather: an unknown icon at night with clear sky is clear-night; none with wind is windy")
    func pirateWeather() throws {
        let night =
            #"{"flags":{"units":"si","version":"V2.10.2"},"timezone":"UTC","currently":{"time":1700000000,"icon":"aurora-night","cloudCover":0.1}}"#
        let payload = Self.current(try PirateWeather.decode(Array(night.utf8)))
        #expect(payload["condition"]?.string == "clear-night")
        #expect(payload["provider_code"]?.string == "aurora-night")
        let windy =
            #"{"flags":{"units":"si"},"timezone":"UTC","currently":{"time":1700049600,"icon":"none","windSpeed":20,"cloudCover":0.5}}"#
        #expect(Self.current(try PirateWeather.decode(Array(windy.utf8)))["condition"]?.string == "windy")
    }

    @Test(
        "Pirate Weather 2.8–2.10: every icon of the default and the pirate set has a condition",
        arguments: [
            "clear-day", "clear-night", "thunderstorm", "rain", "snow", "sleet", "wind", "fog", "cloudy",
            "partly-cloudy-day",
            "partly-cloudy-night", "hail", "mixed", "mostly-clear-day", "mostly-clear-night", "mostly-cloudy-day",
            "mostly-cloudy-night", "possible-rain-day", "possible-rain-night", "possible-snow-day",
            "possible-snow-night",
            "possible-sleet-day", "possible-sleet-night", "possible-precipitation-day", "possible-precipitation-night",
            "possible-thunderstorm-day", "possible-thunderstorm-night", "precipitation", "drizzle", "light-rain",
            "heavy-rain", "flurries", "light-snow", "heavy-snow", "very-light-sleet", "light-sleet", "heavy-sleet",
            "breezy",
            "dangerous-wind", "mist", "haze", "smoke",
        ])
    func pirateIcons(icon: String) throws {
        let body = #"{"flags":{"units":"si"},"timezone":"UTC","currently":{"time":1700049600,"icon":"\#(icon)"}}"#
        let reading = try PirateWeather.decode(Array(body.utf8)).current
        #expect(reading.condition != nil, "\(icon)")
        if icon.hasSuffix("-night") { #expect(reading.isDay == false) }
    }

    @Test("Pirate Weather version=2: without precipType, the largest of rain/snow/ice intensity gives the type")
    func pirateIntensitySplit() throws {
        let body =
            #"{"flags":{"units":"si"},"timezone":"UTC","currently":{"time":1700049600,"icon":"precipitation","precipIntensity":1.0,"rainIntensity":0.1,"snowIntensity":0.9,"iceIntensity":0}}"#
        #expect(try PirateWeather.decode(Array(body.utf8)).current.precipitationType == .snow)
    }

    @Test("met.no: an unknown symbol with heavy snow falling is snowy, symbol kept")
    func metNo() throws {
        let body = #"""
            {"properties":{"timeseries":[{"time":"2023-11-15T12:00:00Z","data":{"instant":{"details":{"air_temperature":-3,"cloud_area_fraction":100}},
              "next_1_hours":{"summary":{"symbol_code":"volcanicash_day"},"details":{"precipitation_amount":2.0}}}}]}}
            """#
        let payload = Self.current(try MetNo.decode(Array(body.utf8), zone: .utc))
        #expect(payload["condition"]?.string == "snowy")
        #expect(payload["provider_code"]?.string == "volcanicash_day")
    }

    @Test("a day with an unknown code: from its sum and wind")
    func day() {
        var day = Day(date: CivilDate(iso: "2023-11-15")!)
        day.providerCode = "777"
        day.precipitation = 12
        #expect(day.knownOrDerivedCondition == .rainy)
        day.precipitation = 0
        day.windSpeed = 70
        #expect(day.knownOrDerivedCondition == .windy)
        day.providerCode = nil
        day.condition = nil
        #expect(day.knownOrDerivedCondition == nil)
    }
}
