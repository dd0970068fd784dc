import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel
import WireContract

@Suite("OpenWeatherMap")
struct OpenWeatherMapTests {
    /// One recording: the units its request asked for, where it is, and a `now` inside it.
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var units: OpenWeatherMap.Units
        var location: LocationInfo
        var now: String
        var testDescription: String { file }
    }

    static func place(_ id: String, _ latitude: Double, _ longitude: Double, _ timezone: String?) -> LocationInfo {
        LocationInfo(id: id, name: id.capitalized, latitude: latitude, longitude: longitude, timezone: timezone)
    }

    static let newYork = place("new-york", 40.7767, -73.9713, "America/New_York")
    static let munich = place("munich", 48.14, 11.58, "Europe/Berlin")
    static let london = place("london", 51.5073, -0.1277, "Europe/London")
    static let moscow = place("moscow", 55.75, 37.62, "Europe/Moscow")
    static let texarkana = place("texarkana", 33.44, -94.04, "America/Chicago")

    /// Every recording that is not an error answer.
    static let cases: [Case] = [
        Case(
            file: "forecast25_3hourly_antarctica_noname_2025.json", units: .standard,
            location: place("antarctica", -82.7131, 3.8772, nil), now: "2025-03-21T10:00:00Z"),
        Case(
            file: "forecast25_3hourly_london_standard_2025.json", units: .standard, location: london,
            now: "2025-03-20T22:30:00Z"),
        Case(
            file: "forecast25_3hourly_munich_metric.json", units: .metric, location: munich,
            now: "2025-04-09T01:00:00Z"),
        Case(
            file: "forecast25_hourly_pro_4day_arctic_2024.json", units: .standard,
            location: place("arctic", 82.8628, 135, nil), now: "2024-07-04T19:30:00Z"),
        Case(
            file: "forecast_daily16_legacy_munich.json", units: .metric, location: munich,
            now: "2019-09-13T11:00:00Z"),
        Case(file: "geo10_direct_london.json", units: .metric, location: london, now: "2024-01-01T00:00:00Z"),
        Case(file: "geo10_reverse_london.json", units: .metric, location: london, now: "2024-01-01T00:00:00Z"),
        Case(
            file: "onecall3_full_newyork_metric.json", units: .metric, location: newYork,
            now: "2026-02-06T21:44:57Z"),
        Case(
            file: "onecall3_full_phoenix_standard_2023.json", units: .standard,
            location: place("phoenix", 33.5312, -111.9426, "America/Phoenix"), now: "2023-12-31T23:20:20Z"),
        Case(
            file: "onecall3_timemachine_2024.json", units: .standard,
            location: place("texarkana", 33.4418, -94.0377, "America/Chicago"), now: "2020-05-11T05:00:00Z"),
        Case(
            file: "onecall_exclude_minutely_hourly_2020.json", units: .standard, location: texarkana,
            now: "2020-05-14T03:38:57Z"),
        Case(
            file: "onecall_hourly_only_munich.json", units: .metric, location: munich,
            now: "2023-01-08T18:10:00Z"),
        Case(
            file: "weather25_current_london_standard_2020.json", units: .standard,
            location: place("london", 51.51, -0.13, "Europe/London"), now: "2020-04-28T04:37:45Z"),
        Case(
            file: "weather25_current_moscow_imperial_2020.json", units: .imperial, location: moscow,
            now: "2020-05-01T13:16:46Z"),
        Case(
            file: "weather25_current_moscow_metric_lang_ru_2020.json", units: .metric, location: moscow,
            now: "2020-05-01T13:11:46Z"),
        Case(
            file: "weather25_current_munich_2019_multiweather.json", units: .metric, location: munich,
            now: "2019-01-13T13:50:00Z"),
        Case(
            file: "weather25_current_munich_metric.json", units: .metric, location: munich,
            now: "2025-04-09T12:00:00Z"),
        Case(
            file: "weather25_current_newyork_standard_2020.json", units: .standard,
            location: place("new-york", 40.71, -74.01, "America/New_York"), now: "2020-04-28T03:49:45Z"),
    ]

    static func payloads(_ file: String, units: OpenWeatherMap.Units, location: LocationInfo, now: String) throws
        -> ReadingPayloads
    {
        let forecast = try OpenWeatherMap.decode(
            Fixtures.bytes("openweathermap", file), units: units, timezone: location.timezone)
        return ProviderGolden.payloads(
            forecast, provider: "openweathermap", location: location, now: ProviderGolden.instant(now))
    }

    static func golden(_ file: String) -> String {
        "ProvidersTests/Golden/openweathermap/" + file.replacingOccurrences(of: ".json", with: "") + ".json"
    }

    @Test("every recording has a golden case")
    func everyRecording() {
        let covered = Set(Self.cases.map(\.file))
        // One Call 4.0 captures have theirs in OneCall4Tests.
        for file in Fixtures.files("openweathermap") where !file.hasPrefix("error_") && !file.hasPrefix("onecall4_") {
            #expect(covered.contains(file), "no golden case for \(file)")
        }
    }

    @Test("recordings match their golden payloads", arguments: cases)
    func golden(_ item: Case) throws {
        let text: String
        do {
            text = ProviderGolden.text(
                try Self.payloads(item.file, units: item.units, location: item.location, now: item.now))
        } catch let error as ProviderError {
            text = ProviderGolden.text(error)
        }
        #expect(Golden.check(text, Self.golden(item.file)) == nil)
    }

    @Test("the free pair (current weather + 3-hourly forecast) matches its golden payloads")
    func freePairGolden() throws {
        let forecast = try OpenWeatherMap.decode(
            current: Fixtures.bytes("openweathermap", "weather25_current_munich_metric.json"),
            forecast: Fixtures.bytes("openweathermap", "forecast25_3hourly_munich_metric.json"), units: .metric,
            timezone: "Europe/Berlin")
        let payloads = ProviderGolden.payloads(
            forecast, provider: "openweathermap", location: Self.munich,
            now: ProviderGolden.instant("2025-04-09T12:00:00Z"))
        #expect(
            Golden.check(ProviderGolden.text(payloads), "ProvidersTests/Golden/openweathermap/free_pair_munich.json")
                == nil)
        // current from /weather: -0.27 °C, 3.09 m/s = 11.1 km/h from 220° (SW), 804 overcast.
        #expect(payloads.current["temperature"]?.double == -0.3)
        #expect(payloads.current["wind_speed"]?.double == 11.1)
        #expect(payloads.current["condition"]?.string == "cloudy")
        #expect(payloads.hourly["interval_minutes"]?.double == 180)
        // hours[0] is the 3-hour step containing 14:00 local: the one from 12:00 UTC (14:00 CEST).
        #expect(payloads.hourly["hours"]?[0]?["time"]?.string == "2025-04-09T14:00:00+02:00")
        #expect(payloads.daily["days"]?[0]?["date"]?.string == "2025-04-09")
    }

    @Test("One Call New York values checked by hand against the recording")
    func newYorkByHand() throws {
        let payloads = try Self.payloads(
            "onecall3_full_newyork_metric.json", units: .metric, location: Self.newYork, now: "2026-02-06T21:44:57Z")
        let current = payloads.current
        // current: temp -0.27, feels_like -3.9, 3.09 m/s from 220°, 803 "broken clouds" 04d,
        // visibility 10000 m, pressure 1004, humidity 54, dt 1770414297 = 16:44:57 EST.
        #expect(current["time"]?.string == "2026-02-06T16:44:57-05:00")
        #expect(current["temperature"]?.double == -0.3)
        #expect(current["apparent_temperature"]?.double == -3.9)
        #expect(current["wind_speed"]?.double == 11.1)
        #expect(current["wind_direction"]?.string == "SW")
        #expect(current["condition"]?.string == "cloudy")
        #expect(current["provider_code"]?.string == "803")
        #expect(current["summary"]?.string == "Broken clouds")
        #expect(current["is_day"]?.bool == true)
        #expect(current["visibility"]?.double == 10)
        #expect(current["pressure"]?.double == 1004)
        // sunrise 1770379257 = 07:00:57 EST.
        #expect(current["sunrise"]?.string == "2026-02-06T07:00:57-05:00")
        // daily[0]: dt 1770397200 (12:00 EST) → 2026-02-06; max -0.27, min -11.86, pop 1, snow 0.69,
        // 600 light snow, feels_like day -2.5 … morn -14.33, moon_phase 0.66.
        let today = payloads.daily["days"]?[0]
        #expect(today?["date"]?.string == "2026-02-06")
        #expect(today?["temperature_max"]?.double == -0.3)
        #expect(today?["temperature_min"]?.double == -11.9)
        #expect(today?["apparent_temperature_max"]?.double == -2.5)
        #expect(today?["apparent_temperature_min"]?.double == -14.3)
        #expect(today?["precipitation_probability"]?.double == 100)
        #expect(today?["precipitation"]?.double == 0.7)
        #expect(today?["precipitation_type"]?.string == "snow")
        #expect(today?["condition"]?.string == "snowy")
        #expect(today?["summary"]?.string == "Expect a day of partly cloudy with snow")
        #expect(today?["moon_phase"]?.double == 0.66)
        #expect(payloads.alerts["alerts"]?.array?.isEmpty == true)
    }

    @Test("Kelvin, imperial and metric recordings convert to the same canonical values")
    func units() throws {
        // Moscow asked twice: 53.6 °F and 6.71 mph (imperial), 12 °C and 3 m/s (metric).
        let imperial = try Self.payloads(
            "weather25_current_moscow_imperial_2020.json", units: .imperial, location: Self.moscow,
            now: "2020-05-01T13:16:46Z")
        let metric = try Self.payloads(
            "weather25_current_moscow_metric_lang_ru_2020.json", units: .metric, location: Self.moscow,
            now: "2020-05-01T13:11:46Z")
        for current in [imperial.current, metric.current] {
            #expect(current["temperature"]?.double == 12)
            #expect(current["wind_speed"]?.double == 10.8)
            // 800 with icon 01d; the description is Russian ("ясно") and is capitalised as it is.
            #expect(current["condition"]?.string == "sunny")
            #expect(current["summary"]?.string == "Ясно")
        }
        // London in Kelvin: 282.08 K = 8.93 °C; 5.7 m/s = 20.5 km/h; rain 1h 1.52 mm; 501 moderate rain.
        let london = try Self.payloads(
            "weather25_current_london_standard_2020.json", units: .standard, location: Self.london,
            now: "2020-04-28T04:37:45Z")
        #expect(london.current["temperature"]?.double == 8.9)
        #expect(london.current["wind_speed"]?.double == 20.5)
        #expect(london.current["precipitation"]?.double == 1.5)
        #expect(london.current["precipitation_type"]?.string == "rain")
        #expect(london.current["condition"]?.string == "rainy")
        #expect(london.current["visibility"]?.double == 8)
        // Phoenix in Kelvin: 289.2 K = 16.05 °C.
        let phoenix = try Self.payloads(
            "onecall3_full_phoenix_standard_2023.json", units: .standard,
            location: Self.place("phoenix", 33.5312, -111.9426, "America/Phoenix"), now: "2023-12-31T23:20:20Z")
        #expect(phoenix.current["temperature"]?.double == 16.1)
        // The one alert: "Air Quality Alert" from NWS Phoenix, start 1703871060, no severity word.
        let alert = phoenix.alerts["alerts"]?[0]
        #expect(alert?["title"]?.string == "Air Quality Alert")
        #expect(alert?["severity"]?.string == "unknown")
        #expect(alert?["source"]?.string == "NWS Phoenix (Central Arizona and California Desert)")
        #expect(alert?["onset"]?.string == "2023-12-29T10:31:00-07:00")
    }

    @Test("3-hourly London: night steps, local days, Kelvin")
    func londonForecast() throws {
        let payloads = try Self.payloads(
            "forecast25_3hourly_london_standard_2025.json", units: .standard, location: Self.london,
            now: "2025-03-20T22:30:00Z")
        // First step: dt 1742504400 (21:00 UTC = GMT), 288.02 K = 14.87 °C, 802 icon 03n.
        let first = payloads.hourly["hours"]?[0]
        #expect(first?["time"]?.string == "2025-03-20T21:00:00+00:00")
        #expect(first?["temperature"]?.double == 14.9)
        #expect(first?["is_day"]?.bool == false)
        #expect(first?["condition"]?.string == "partlycloudy")
        #expect(payloads.daily["days"]?[0]?["date"]?.string == "2025-03-20")
        // Every 800 step at night is clear-night, never sunny.
        for hour in payloads.hourly["hours"]?.array ?? [] where hour["provider_code"]?.string == "800" {
            #expect(hour["condition"]?.string == (hour["is_day"]?.bool == true ? "sunny" : "clear-night"))
        }
    }

    @Test("a forecast without a configured zone uses the answer's offset (Etc/GMT-9 for +09:00)")
    func offsetZone() throws {
        let forecast = try OpenWeatherMap.decode(
            Fixtures.bytes("openweathermap", "forecast25_hourly_pro_4day_arctic_2024.json"), units: .standard)
        #expect(forecast.timezone == "Etc/GMT-9")
        #expect(forecast.intervalMinutes == 60)
        // city.sunrise and sunset are 0 under the midnight sun: no sunrise, not 1970.
        #expect(forecast.sunrise == nil)
    }

    @Test("rain that has no volume is unknown, not zero")
    func multiWeather() throws {
        // weather[0] 615 "light rain and snow" with no rain/snow volume at all.
        let payloads = try Self.payloads(
            "weather25_current_munich_2019_multiweather.json", units: .metric, location: Self.munich,
            now: "2019-01-13T13:50:00Z")
        #expect(payloads.current["condition"]?.string == "snowy-rainy")
        #expect(payloads.current["summary"]?.string == "Light rain and snow")
        #expect(payloads.current["precipitation"] == .null)
        #expect(payloads.current["precipitation_type"]?.string == "sleet")
    }

    @Test(
        "error answers become clear errors",
        arguments: Fixtures.files("openweathermap").filter { $0.hasPrefix("error_") })
    func errors(file: String) throws {
        let body = Fixtures.bytes("openweathermap", file)
        let status = try #require(ProviderGolden.status(ofErrorFile: file))
        let response = ProviderResponse(status: status, body: body, receivedAt: Date())
        let message = try #require(try JSONParser.parse(body)["message"]?.string)
        do {
            try ResponseCheck.requireSuccess(response, provider: "openweathermap")
            Issue.record("no error for \(file)")
        } catch {
            #expect(error.httpStatus == (status == 403 ? 401 : status))
            #expect(error.description.contains(message.prefix(30)))
            #expect(Golden.check(ProviderGolden.text(error), Self.golden(file)) == nil)
        }
        // The same body decoded (as if it came with 200) is the same kind of error: `cod` decides.
        do {
            _ = try OpenWeatherMap.decode(body)
            Issue.record("decoded an error body")
        } catch {
            #expect(error.httpStatus == status)
        }
    }

    @Test("One Call fetch: the request, the key kept secret, the answer decoded")
    func fetchOneCall() async throws {
        let transport = FixtureTransport()
        await transport.serve(
            "/data/3.0/onecall", body: Fixtures.bytes("openweathermap", "onecall3_full_newyork_metric.json"))
        let provider = OpenWeatherMap(
            baseURL: "http://127.0.0.1:9/", apiKey: "SECRETKEY123", userAgent: CatalogTests.userAgent)
        let result = try await provider.fetch(
            ProviderQuery(latitude: 40.776_71, longitude: -73.971_34, timezone: "America/New_York"),
            transport: transport)
        let sent = await transport.sent
        #expect(sent.count == 1)
        #expect(
            sent[0].url
                == "http://127.0.0.1:9/data/3.0/onecall?lat=40.7767&lon=-73.9713&units=metric&appid=SECRETKEY123"
        )
        #expect(sent[0].secrets.contains("SECRETKEY123"))
        #expect(sent[0].header("User-Agent") == CatalogTests.userAgent)
        #expect(result.requests == 1)
        #expect(result.forecast.hours.count == 48)
        #expect(result.forecast.days.count == 8)
    }

    @Test("free fetch: two requests, metric read from the request")
    func fetchFree() async throws {
        let transport = FixtureTransport()
        await transport.serve(
            "/data/2.5/weather", body: Fixtures.bytes("openweathermap", "weather25_current_munich_metric.json"))
        await transport.serve(
            "/data/2.5/forecast", body: Fixtures.bytes("openweathermap", "forecast25_3hourly_munich_metric.json"))
        let provider = OpenWeatherMap(apiKey: "SECRETKEY123", api: .free, userAgent: CatalogTests.userAgent)
        let result = try await provider.fetch(
            ProviderQuery(latitude: 48.14, longitude: 11.58, timezone: "Europe/Berlin"), transport: transport)
        let sent = await transport.sent
        #expect(
            sent.map { $0.url.split(separator: "?")[0] } == [
                "https://api.openweathermap.org/data/2.5/weather", "https://api.openweathermap.org/data/2.5/forecast",
            ])
        #expect(sent.allSatisfy { $0.url.contains("lat=48.1400&lon=11.5800&units=metric&appid=SECRETKEY123") })
        #expect(result.requests == 2)
        #expect(result.forecast.current.temperature == -0.27)
        #expect(result.forecast.intervalMinutes == 180)
        #expect(OpenWeatherMap.Units(requestURL: sent[0].url) == .metric)
        #expect(OpenWeatherMap.Units(requestURL: "https://x/data/2.5/weather?lat=1&lon=2") == .standard)
    }

    @Test("a refused key: clear error, the key never in the message")
    func fetchUnauthorized() async throws {
        let transport = FixtureTransport()
        await transport.serve(
            "/data/3.0/onecall", status: 401,
            body: Array(#"{"cod":401,"message":"Invalid API key SECRETKEY123. Please see the FAQ."}"#.utf8))
        let provider = OpenWeatherMap(apiKey: "SECRETKEY123", userAgent: CatalogTests.userAgent)
        do {
            _ = try await provider.fetch(ProviderQuery(latitude: 1, longitude: 2), transport: transport)
            Issue.record("no error")
        } catch {
            guard case .unauthorized(let message) = error else {
                Issue.record("expected unauthorized, got \(error)")
                return
            }
            #expect(message.contains("Invalid API key"))
            #expect(!message.contains("SECRETKEY123"))
        }
    }

    @Test(
        "hostile bodies are errors, never crashes",
        arguments: [
            "", "<html>", "{", "[]", "null", "{\"cod\":\"500\",\"message\":\"x\"}", "{\"current\":{\"dt\":1e300}}",
            "{\"list\":[{\"dt\":\"x\"}]}", "{\"main\":{}}", String(repeating: "[", count: 10000), "{\"list\":[]}",
            "{\"cod\":200}",
        ])
    func hostile(body: String) {
        #expect(throws: ProviderError.self) { _ = try OpenWeatherMap.decode(Array(body.utf8)) }
    }

    @Test("wrong types decode as unknown values")
    func wrongTypes() throws {
        let body = #"""
            {"current":{"dt":1700000000,"temp":"hot","humidity":[1],"weather":[{"id":1e300,"icon":7}],
             "wind_speed":null,"rain":{"1h":"lots"},"visibility":-5e300},
             "hourly":[{"dt":1e300},{"dt":1700003600,"weather":"x","clouds":{"all":"x"}}],
             "daily":[{"dt":1700000000,"temp":12,"feels_like":[1,2],"moon_phase":7}],
             "alerts":[{"event":null},{"event":"Red Wind Warning","start":-1,"tags":"x"}]}
            """#
        let forecast = try OpenWeatherMap.decode(Array(body.utf8))
        #expect(forecast.current.temperature == nil)
        #expect(forecast.current.condition == nil)
        #expect(forecast.hours.count == 1)
        #expect(forecast.days.first?.moonPhase == nil)
        #expect(forecast.alerts?.map(\.severity) == [.extreme])
        _ = ProviderGolden.payloads(
            forecast, provider: "openweathermap", location: Self.munich, now: Date(timeIntervalSince1970: 1_700_000_000)
        )
    }
}
