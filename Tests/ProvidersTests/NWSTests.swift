import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel
import WireContract

@Suite("National Weather Service")
struct NWSTests {
    /// How a recording is read.
    enum Kind: Sendable {
        case forecast, hourly, grid, alerts, points
        /// Not a forecast at all (station observations): the decoder must refuse it clearly.
        case refused
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var kind: Kind
        var location: LocationInfo
        var now: String
        var testDescription: String { file }
    }

    static let userAgent = "weather2mqtt/test (me@example.com)"
    static let washington = LocationInfo(
        id: "dc", name: "Washington", latitude: 38.8894, longitude: -77.0352, timezone: "America/New_York")
    static let sumatra = LocationInfo(
        id: "sumatra", name: "Sumatra", latitude: 30, longitude: -85, timezone: "America/New_York")
    static let portland = LocationInfo(
        id: "portland", name: "Portland", latitude: 45.52, longitude: -122.68, timezone: "America/Los_Angeles")

    static let cases: [Case] = [
        Case(file: "alerts_active_zone.json", kind: .alerts, location: portland, now: "2019-12-20T22:00:00Z"),
        Case(
            file: "gridpoints_forecast_12h_periods_lwx_si.json", kind: .forecast, location: washington,
            now: "2026-02-06T21:45:06Z"),
        Case(
            file: "gridpoints_forecast_empty_nulls.json", kind: .forecast, location: sumatra,
            now: "2019-08-13T00:33:19Z"),
        Case(
            file: "gridpoints_forecast_hourly_lwx_si.json", kind: .hourly, location: washington,
            now: "2026-02-06T21:45:06Z"),
        Case(
            file: "gridpoints_forecast_hourly_us_trimmed.json", kind: .hourly, location: sumatra,
            now: "2019-10-15T00:30:00Z"),
        Case(
            file: "gridpoints_forecast_us_units_trimmed.json", kind: .forecast, location: sumatra,
            now: "2019-10-13T18:42:44Z"),
        Case(
            file: "gridpoints_raw_griddata_tae_2022.json", kind: .grid, location: sumatra, now: "2022-02-03T21:00:00Z"),
        Case(file: "points_30_-85_pynws.json", kind: .points, location: sumatra, now: "2019-10-13T18:42:44Z"),
        Case(file: "points_washington_dc.json", kind: .points, location: washington, now: "2026-02-06T21:45:06Z"),
        Case(
            file: "stations_kdca_observation_latest.json", kind: .refused, location: washington,
            now: "2026-02-06T21:45:06Z"),
        Case(file: "stations_observations_kfll.json", kind: .refused, location: sumatra, now: "2020-01-01T00:00:00Z"),
        Case(
            file: "stations_observations_missing_value.json", kind: .refused, location: sumatra,
            now: "2020-01-01T00:00:00Z"),
    ]

    static func zone(_ location: LocationInfo) -> ZoneInfo {
        location.timezone.flatMap(ZoneInfo.init(identifier:)) ?? .utc
    }

    static func payloads(_ forecast: Forecast, _ location: LocationInfo, now: String) -> ReadingPayloads {
        ProviderGolden.payloads(forecast, provider: "nws", location: location, now: ProviderGolden.instant(now))
    }

    /// The golden text of one recording, by its kind.
    static func goldenText(_ item: Case) -> String {
        let body = Fixtures.bytes("nws", item.file)
        let now = ProviderGolden.instant(item.now)
        do {
            switch item.kind {
            case .forecast, .hourly, .refused:
                let forecast = try NWS.decode(
                    forecast: item.kind == .forecast ? body : nil, hourly: item.kind == .forecast ? nil : body,
                    zone: zone(item.location), now: now)
                return ProviderGolden.text(payloads(forecast, item.location, now: item.now))
            case .alerts:
                let forecast = Forecast(current: Reading(time: now), alerts: try NWS.decodeAlerts(body))
                return payloads(forecast, item.location, now: item.now).alerts.prettyPrinted() + "\n"
            case .points:
                let point = try NWS.decodePoint(body)
                let provider = try NWS(baseURL: "http://127.0.0.1:8080/nws/", userAgent: userAgent)
                let value: JSONValue = [
                    "forecast": .string(point.forecastURL), "forecast_hourly": .string(point.hourlyURL),
                    "forecast_grid_data": JSONValue(point.gridURL), "timezone": JSONValue(point.timezone),
                    "hourly_via_base_url": .string(provider.rewritten(point.hourlyURL)),
                ]
                return value.prettyPrinted() + "\n"
            case .grid:
                // Every layer sampled hourly for the first 24 hours.
                let grid = try NWS.decodeGrid(body)
                var layers = JSONObject()
                for name in grid.layers.keys.sorted() {
                    layers[name] = .array(
                        (0..<24).map { hour in
                            JSONValue(
                                grid.value(name, at: now.addingTimeInterval(Double(hour) * 3600)).map {
                                    rounded($0, decimals: 2)
                                })
                        })
                }
                return JSONValue.object(layers).prettyPrinted() + "\n"
            }
        } catch {
            return ProviderGolden.text(error)
        }
    }

    @Test("every recording has a golden case")
    func everyRecording() {
        let covered = Set(Self.cases.map(\.file))
        for file in Fixtures.files("nws") where !file.hasPrefix("error_") {
            #expect(covered.contains(file), "no golden case for \(file)")
        }
    }

    @Test("recordings match their golden files", arguments: cases)
    func golden(_ item: Case) throws {
        #expect(Golden.check(Self.goldenText(item), "ProvidersTests/Golden/nws/" + item.file) == nil)
    }

    @Test("Washington: hourly, 12-hour and days together match their golden payloads")
    func washingtonGolden() throws {
        let forecast = try NWS.decode(
            forecast: Fixtures.bytes("nws", "gridpoints_forecast_12h_periods_lwx_si.json"),
            hourly: Fixtures.bytes("nws", "gridpoints_forecast_hourly_lwx_si.json"),
            zone: Self.zone(Self.washington), now: ProviderGolden.instant("2026-02-06T21:45:06Z"))
        let payloads = Self.payloads(forecast, Self.washington, now: "2026-02-06T21:45:06Z")
        #expect(
            Golden.check(ProviderGolden.text(payloads), "ProvidersTests/Golden/nws/washington_combined.json") == nil)

        // Hourly period 1 (16:00–17:00 EST) contains now (16:45): 1 °C, PoP 71, dewpoint
        // -3.89 °C, RH 72, "4 km/h" from S, "Light Snow Likely", icon …/day/snow,70.
        let current = payloads.current
        #expect(current["time"]?.string == "2026-02-06T16:00:00-05:00")
        #expect(current["temperature"]?.double == 1)
        #expect(current["precipitation_probability"]?.double == 71)
        #expect(current["dew_point"]?.double == -3.9)
        #expect(current["humidity"]?.double == 72)
        #expect(current["wind_speed"]?.double == 4)
        #expect(current["wind_bearing"]?.double == 180)
        #expect(current["condition"]?.string == "snowy")
        #expect(current["provider_code"]?.string == "snow,70")
        #expect(current["summary"]?.string == "Light Snow Likely")
        #expect(current["is_day"]?.bool == true)

        // Friday: "This Afternoon" high 1, "Tonight" low -11 ("2 to 35 km/h": the upper bound).
        let days = payloads.daily["days"]?.array ?? []
        #expect(days.first?["date"]?.string == "2026-02-06")
        #expect(days.first?["temperature_max"]?.double == 1)
        #expect(days.first?["temperature_min"]?.double == -11)
        #expect(days.first?["condition"]?.string == "snowy")
        #expect(days.first?["precipitation_probability"]?.double == 71)
        #expect(days.first?["wind_speed"]?.double == 35)
        // Saturday: high -7 "Mostly Sunny" ("37 to 48 km/h" → 48), Saturday Night low -12.
        #expect(days[1]["date"]?.string == "2026-02-07")
        #expect(days[1]["temperature_max"]?.double == -7)
        #expect(days[1]["temperature_min"]?.double == -12)
        #expect(days[1]["condition"]?.string == "sunny")
        #expect(days[1]["wind_speed"]?.double == 48)
        // Night hours: "Mostly Clear" at night is clear-night.
        for hour in payloads.hourly["hours"]?.array ?? [] where hour["summary"]?.string == "Mostly Clear" {
            #expect(hour["condition"]?.string == "clear-night")
            #expect(hour["is_day"]?.bool == false)
        }
    }

    @Test("US units: °F, mph ranges, thunderstorms checked by hand")
    func usUnits() throws {
        let forecast = try NWS.decode(
            forecast: Fixtures.bytes("nws", "gridpoints_forecast_us_units_trimmed.json"), hourly: nil,
            zone: Self.zone(Self.sumatra))
        // "This Afternoon": 41 °F = 5 °C, "10 mph" = 16.1 km/h, "Chance Showers And Thunderstorms",
        // icon …/day/tsra,40/ovc; "Tonight": 68 °F = 20 °C, "0 to 5 mph" → 5 mph = 8.0 km/h.
        let afternoon = forecast.current
        #expect(afternoon.temperature == 5)
        #expect(abs((afternoon.windSpeed ?? 0) - 16.09344) < 1e-9)
        #expect(afternoon.condition == .lightningRainy)
        #expect(afternoon.providerCode == "tsra,40/ovc")
        #expect(forecast.days.first?.temperatureMax == 5)
        #expect(forecast.days.first?.temperatureMin == 20)
        #expect(abs((forecast.days.first?.windSpeed ?? 0) - 16.09344) < 1e-9)

        let hourly = try NWS.decode(
            forecast: nil, hourly: Fixtures.bytes("nws", "gridpoints_forecast_hourly_us_trimmed.json"),
            zone: Self.zone(Self.sumatra))
        // 78 °F = 25.6 °C; "0 mph"; "Partly Cloudy" at night (isDaytime false).
        #expect(abs((hourly.current.temperature ?? 0) - 25.5556) < 0.001)
        #expect(hourly.current.windSpeed == 0)
        #expect(hourly.current.condition == .partlyCloudy)
        #expect(hourly.current.isDay == false)
    }

    @Test(
        "short forecasts and icons map to conditions",
        arguments: [
            ("Sunny", Condition.sunny), ("Mostly Clear", .sunny), ("Partly Sunny", .partlyCloudy),
            ("Partly Cloudy", .partlyCloudy), ("Mostly Cloudy", .cloudy), ("Cloudy", .cloudy),
            ("Chance Rain Showers", .rainy), ("Heavy Rain", .pouring), ("Thunderstorms Likely", .lightningRainy),
            ("Snow Showers", .snowy), ("Freezing Rain", .snowyRainy), ("Rain And Snow", .snowyRainy),
            ("Sleet", .snowyRainy), ("Patchy Fog", .fog), ("Haze", .fog), ("Windy", .windy),
            ("Breezy And Mostly Cloudy", .windyVariant), ("Chance Light Snow then Mostly Cloudy", .snowy),
        ])
    func conditions(text: String, condition: Condition) throws {
        let body =
            #"{"properties":{"periods":[{"startTime":"2026-01-01T12:00:00-05:00","isDaytime":true,"shortForecast":"\#(text)"}]}}"#
        let forecast = try NWS.decode(forecast: nil, hourly: Array(body.utf8), zone: .utc)
        #expect(forecast.current.condition == condition)
    }

    @Test("an icon decides where the words do not (Hot, Cold)")
    func iconFallback() throws {
        let body =
            #"{"properties":{"periods":[{"startTime":"2026-07-01T12:00:00-05:00","isDaytime":true,"shortForecast":"Hot","icon":"https://api.weather.gov/icons/land/day/tsra_hi,40?size=medium"}]}}"#
        let forecast = try NWS.decode(forecast: nil, hourly: Array(body.utf8), zone: .utc)
        #expect(forecast.current.condition == .lightningRainy)
        #expect(forecast.current.providerCode == "tsra_hi,40")
        // A QuantitativeValue temperature in °F and a windGust string.
        let quantitative =
            #"{"properties":{"periods":[{"startTime":"2026-07-01T12:00:00-05:00","temperature":{"unitCode":"wmoUnit:degF","value":212},"windSpeed":"5 to 10 kt","windGust":"20 mph","windDirection":"NNW"}]}}"#
        let reading = try NWS.decode(forecast: nil, hourly: Array(quantitative.utf8), zone: .utc).current
        #expect(reading.temperature == 100)
        #expect(reading.windSpeed == 18.52)
        #expect(abs((reading.windGust ?? 0) - 32.18688) < 1e-9)
        #expect(reading.windBearing == 337.5)
    }

    @Test("alerts: CAP fields, severity, hazard end")
    func alerts() throws {
        let alerts = try NWS.decodeAlerts(Fixtures.bytes("nws", "alerts_active_zone.json"))
        let flood = try #require(alerts.first)
        // "Flood Watch" by NWS Portland OR, Severe, onset 13:34 PST, expires 05:30 but ends 22nd 10:00.
        #expect(flood.title == "Flood Watch")
        #expect(flood.severity == .severe)
        #expect(flood.sender == "NWS Portland OR" && flood.source == "nws")
        #expect(flood.id == "NWS-IDP-PROD-3965873-3369046")
        #expect(flood.uri == "https://api.weather.gov/alerts/NWS-IDP-PROD-3965873-3369046")
        #expect(flood.onset == ProviderGolden.instant("2019-12-20T13:34:00-08:00"))
        #expect(flood.expires == ProviderGolden.instant("2019-12-22T10:00:00-08:00"))
    }

    @Test(
        "error answers are HTTP errors with the problem's title and detail",
        arguments: Fixtures.files("nws").filter { $0.hasPrefix("error_") })
    func errors(file: String) throws {
        let status = try #require(ProviderGolden.status(ofErrorFile: file))
        let body = Fixtures.bytes("nws", file)
        let problem = try JSONParser.parse(body)
        do {
            try ResponseCheck.requireSuccess(
                ProviderResponse(
                    status: status, headers: [("Content-Type", "application/problem+json")], body: body,
                    receivedAt: Date()),
                provider: "nws", message: NWS.problemMessage)
            Issue.record("no error")
        } catch {
            guard case .http(let got, let message, _) = error else {
                Issue.record("expected .http, got \(error)")
                return
            }
            #expect(got == status)
            #expect(message.contains(problem["title"]?.string ?? "?"))
            #expect(message.contains((problem["detail"]?.string ?? "?").prefix(40)))
            #expect(Golden.check(ProviderGolden.text(error), "ProvidersTests/Golden/nws/" + file) == nil)
        }
    }

    /// A transport for Washington behind a proxy path, with a grid that has expired.
    static func washingtonTransport(alertsStatus: Int = 200) async -> FixtureTransport {
        let transport = FixtureTransport(receivedAt: ProviderGolden.instant("2026-02-06T21:45:06Z"))
        await transport.serve(
            "/proxy/points/38.8894,-77.0352", body: Fixtures.bytes("nws", "points_washington_dc.json"))
        await transport.serve(
            "/proxy/gridpoints/LWX/97,71/forecast",
            body: Fixtures.bytes("nws", "gridpoints_forecast_12h_periods_lwx_si.json"))
        await transport.serve(
            "/proxy/gridpoints/LWX/97,71/forecast/hourly",
            body: Fixtures.bytes("nws", "gridpoints_forecast_hourly_lwx_si.json"),
            headers: [("Cache-Control", "public, max-age=1800"), ("Last-Modified", "Fri, 06 Feb 2026 20:53:00 GMT")])
        await transport.serve(
            "/proxy/gridpoints/LWX/97,71", status: 503,
            body: Fixtures.bytes("nws", "error_503_forecast_grid_expired.json"))
        await transport.serve(
            "/proxy/alerts/active", status: alertsStatus,
            body: Fixtures.bytes(
                "nws", alertsStatus == 200 ? "alerts_active_zone.json" : "error_500_unexpected_problem.json"))
        return transport
    }

    @Test("fetch: points once then cached, URLs rewritten to the base URL, failing grid and alerts tolerated")
    func fetch() async throws {
        let cache = InMemoryNWSPointsCache()
        let provider = try NWS(baseURL: "http://127.0.0.1:9/proxy/", userAgent: Self.userAgent, pointsCache: cache)
        let query = ProviderQuery(latitude: 38.889_43, longitude: -77.035_24)
        let transport = await Self.washingtonTransport()
        let first = try await provider.fetch(query, transport: transport)
        let sent = await transport.sent
        #expect(
            sent.map(\.url) == [
                "http://127.0.0.1:9/proxy/points/38.8894,-77.0352",
                "http://127.0.0.1:9/proxy/gridpoints/LWX/97,71/forecast/hourly",
                "http://127.0.0.1:9/proxy/gridpoints/LWX/97,71/forecast",
                "http://127.0.0.1:9/proxy/gridpoints/LWX/97,71",
                "http://127.0.0.1:9/proxy/alerts/active?point=38.8894,-77.0352",
            ])
        #expect(
            sent.allSatisfy {
                $0.header("Accept") == "application/geo+json" && $0.header("User-Agent") == Self.userAgent
            })
        #expect(first.requests == 5)
        #expect(await cache.keys == ["nws-points-38.8894,-77.0352"])
        // No zone configured: the points answer's zone.
        #expect(first.forecast.timezone == "America/New_York")
        #expect(first.forecast.hours.count == 156)
        #expect(first.forecast.alerts?.count == 1)
        #expect(first.freshness.lifetime == 1800)
        #expect(first.freshness.validators.isEmpty)

        // Second fetch: points from the cache; alerts failing leave alerts unknown, not an error.
        let again = await Self.washingtonTransport(alertsStatus: 500)
        let second = try await provider.fetch(query, transport: again)
        #expect(await again.sent.count == 4)
        #expect(second.requests == 4)
        #expect(second.forecast.alerts == nil)
        #expect(second.forecast.current.temperature == 1)
    }

    @Test("a stale cached point is asked again once")
    func stalePoint() async throws {
        // The cache holds another office's point (TAE), whose URLs now answer 404.
        let cache = InMemoryNWSPointsCache([
            "nws-points-38.8894,-77.0352": Fixtures.bytes("nws", "points_30_-85_pynws.json")
        ])
        let provider = try NWS(baseURL: "http://127.0.0.1:9/proxy", userAgent: Self.userAgent, pointsCache: cache)
        let transport = await Self.washingtonTransport()
        let result = try await provider.fetch(
            ProviderQuery(latitude: 38.8894, longitude: -77.0352), transport: transport)
        #expect(result.forecast.hours.count == 156)
        #expect(
            await cache.load(key: "nws-points-38.8894,-77.0352") == Fixtures.bytes("nws", "points_washington_dc.json"))
    }

    @Test("both forecasts failing fail the fetch with the hourly problem's text")
    func hourlyFails() async throws {
        let transport = await Self.washingtonTransport()
        for path in ["/proxy/gridpoints/LWX/97,71/forecast/hourly", "/proxy/gridpoints/LWX/97,71/forecast"] {
            await transport.serve(path, status: 503, body: Fixtures.bytes("nws", "error_503_unavailable_resource.json"))
        }
        let provider = try NWS(baseURL: "http://127.0.0.1:9/proxy", userAgent: Self.userAgent)
        do {
            _ = try await provider.fetch(ProviderQuery(latitude: 38.8894, longitude: -77.0352), transport: transport)
            Issue.record("no error")
        } catch {
            #expect(error.httpStatus == 503)
            #expect(error.description.contains("Unavailable Resource"))
        }
    }

    @Test("points use at most 4 decimals and no trailing zeros")
    func pointText() throws {
        let provider = try NWS(userAgent: Self.userAgent)
        #expect(
            provider.pointsRequest(for: ProviderQuery(latitude: 38.9, longitude: -77)).url
                == "https://api.weather.gov/points/38.9,-77")
        #expect(
            provider.alertsRequest(for: ProviderQuery(latitude: 30.000_04, longitude: -84.999_99)).url
                == "https://api.weather.gov/alerts/active?point=30,-85")
        #expect(throws: ProviderError.self) { _ = try NWS(userAgent: "weather2mqtt/1.0") }
    }

    @Test("the grid fills what hourly periods lack")
    func gridFilling() throws {
        let grid = try NWS.decodeGrid(Fixtures.bytes("nws", "gridpoints_raw_griddata_tae_2022.json"))
        // 2022-02-03T21:00Z: apparentTemperature 22.78 °C (PT1H), skyCover 71 %, windGust 29.632 km/h
        // (PT2H), quantitativePrecipitation 0 mm over PT3H, visibility 16093.44 m.
        let filled = grid.filling(Reading(time: ProviderGolden.instant("2022-02-03T21:30:00Z")))
        #expect(abs((filled.apparentTemperature ?? 0) - 22.7778) < 0.001)
        #expect(filled.cloudCoverage == 71)
        #expect(filled.windGust == 29.632)
        #expect(filled.precipitation == 0)
        #expect(abs((filled.visibility ?? 0) - 16.09344) < 1e-9)
    }

    @Test(
        "hostile bodies are errors, never crashes",
        arguments: [
            "", "<html>", "{", "[]", "{\"properties\":{\"periods\":7}}",
            "{\"properties\":{\"periods\":[{\"startTime\":1}]}}",
            String(repeating: "[", count: 10000),
        ])
    func hostile(body: String) {
        let bytes = Array(body.utf8)
        #expect(throws: ProviderError.self) { _ = try NWS.decode(forecast: bytes, hourly: bytes, zone: .utc) }
        #expect(throws: ProviderError.self) { _ = try NWS.decodePoint(bytes) }
        #expect(throws: ProviderError.self) { _ = try NWS.decodeAlerts(bytes) }
        _ = try? NWS.decodeGrid(bytes)
    }

    @Test("wrong types decode as unknown values")
    func wrongTypes() throws {
        let body = #"""
            {"properties":{"periods":[{"startTime":"2026-01-01T12:00:00Z","temperature":"warm","windSpeed":"fast",
              "windDirection":"VAR","probabilityOfPrecipitation":{"unitCode":"wmoUnit:percent","value":null},
              "relativeHumidity":{"value":"x"},"icon":"not a url","shortForecast":7}]}}
            """#
        let reading = try NWS.decode(forecast: nil, hourly: Array(body.utf8), zone: .utc).current
        #expect(reading.temperature == nil)
        #expect(reading.windSpeed == nil)
        #expect(reading.windBearing == nil)
        #expect(reading.precipitationProbability == nil)
        #expect(reading.condition == nil)
        let grid = try NWS.decodeGrid(
            Array(
                #"{"properties":{"skyCover":{"uom":"wmoUnit:percent","values":[{"validTime":"2026-01-01T00:00:00Z/P99999D","value":5},{"validTime":"x/PT1H","value":1},{"validTime":"2026-01-01T00:00:00Z/PT1H","value":"x"}]}}}"#
                    .utf8))
        #expect(grid.layers.isEmpty)
    }
}
