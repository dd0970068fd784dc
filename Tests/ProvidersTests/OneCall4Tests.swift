import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel
import WireContract

/// OpenWeatherMap One Call 4.0 (`api: onecall4`) on real captures.
@Suite("OpenWeatherMap One Call 4.0")
struct OneCall4Tests {
    static let lisbon = LocationInfo(
        id: "lisbon", name: "Lisbon", latitude: 38.7223, longitude: -9.1393, timezone: "Europe/Lisbon")
    static let key = "owm4-test-key-5678"

    static func bytes(_ file: String) -> [UInt8] { Fixtures.bytes("openweathermap", file) }

    static func lisbonForecast() throws -> Forecast {
        try OpenWeatherMap.decodeOneCall4(
            current: bytes("onecall4_current_lisbon_metric_2026.json"),
            hourly: [bytes("onecall4_timeline1h_page1_prev_next_lisbon_2026.json")],
            daily: [bytes("onecall4_timeline1day_lisbon_2026.json")], timezone: "Europe/Lisbon")
    }

    @Test("Lisbon current + 1h + 1day matches its golden payloads")
    func golden() throws {
        let now = ISO8601.date("2026-08-02T10:55:00Z")!
        let builder = PayloadBuilder(
            location: Self.lisbon, zone: ZoneInfo(identifier: "Europe/Lisbon")!, provider: "openweathermap",
            attribution: "Weather data by OpenWeather", fetchedAt: now, expiresAt: now.addingTimeInterval(600),
            units: .metric, hourLimit: 24, dayLimit: 7)
        let payloads = builder.payloads(for: try Self.lisbonForecast(), now: now)
        let all: JSONValue = ["current": payloads.current, "hourly": payloads.hourly, "daily": payloads.daily]
        #expect(
            Golden.check(all.prettyPrinted() + "\n", "ProvidersTests/Golden/openweathermap/onecall4_lisbon.json") == nil
        )
        // By hand: current 24.34 °C at 11:53 local, code 802; the hour containing now is 11:00 local.
        #expect(payloads.current["temperature"]?.double == 24.3)
        #expect(payloads.current["provider_code"]?.string == "802")
        #expect(payloads.hourly["hours"]?[0]?["time"]?.string == "2026-08-02T11:00:00+01:00")
        #expect(payloads.hourly["hours"]?[1]?["temperature"]?.double == 25.1)
        // 1day `dt` is 00:00 UTC of its date: the first record is 2 August, max 26.99.
        #expect(payloads.daily["days"]?[0]?["date"]?.string == "2026-08-02")
        #expect(payloads.daily["days"]?[0]?["temperature_max"]?.double == 27)
    }

    @Test(
        "every One Call 4.0 capture, in its role, matches its golden payloads",
        arguments: SchemaTests.recordings.filter { $0.file.hasPrefix("onecall4_") })
    func everyCapture(recording: SchemaTests.Recording) throws {
        let forecast = try SchemaTests.decode(recording)
        let now = (forecast.hours.first?.time ?? forecast.current.time).addingTimeInterval(120)
        let payloads = ProviderGolden.payloads(
            forecast, provider: "openweathermap", location: recording.location, now: now)
        let all: JSONValue = ["current": payloads.current, "hourly": payloads.hourly, "daily": payloads.daily]
        let name = recording.file.replacingOccurrences(of: ".json", with: "")
        #expect(Golden.check(all.prettyPrinted() + "\n", "ProvidersTests/Golden/openweathermap/\(name).json") == nil)
        #expect(payloads.current["condition"]?.string != nil)
    }

    @Test("the alert ids of /current and the hourly records, each once in order; none listed is an empty list")
    func alertIDs() throws {
        let chile = try OpenWeatherMap.decodeOneCall4(
            current: Self.bytes("onecall4_current_snow_alert_ids_chile_2026.json"),
            hourly: [Self.bytes("onecall4_timeline1h_snow_alert_ids_chile_2026.json")], daily: [])
        #expect(chile.alertIDs == ["urn:oid:2.49.0.0.152.0.2026.7.31.14.20.43:f1076d7511a15522d5a6e41917020bc0"])
        let uberlandia = try OpenWeatherMap.decodeOneCall4(
            current: Self.bytes("onecall4_current_3_alert_ids_uberlandia_ptbr_2026.json"), hourly: [], daily: [])
        #expect(uberlandia.alertIDs?.count == 3)
        #expect(uberlandia.alertIDs?.first == "urn:oid:2.49.0.0.76.0.2026.28421.1:be659ad39a59fb765139d8f532ff6a91")
        #expect(try Self.lisbonForecast().alertIDs == [])
        #expect(chile.alerts == nil, "the texts are the warning source's calls")
    }

    @Test("Tokyo: daily dt at 00:00 UTC lands on its own date, not the local day before or after")
    func tokyoDates() throws {
        let forecast = try OpenWeatherMap.decodeOneCall4(
            current: nil, hourly: [], daily: [Self.bytes("onecall4_timeline1day_tokyo_ptbr_no_paging_2026.json")],
            timezone: "Asia/Tokyo")
        let first = Date(timeIntervalSince1970: 1_791_158_400)
        #expect(forecast.days.first?.date == ZoneInfo.utc.localDate(first))
        #expect(forecast.days.count == 10)
    }

    @Test("fetch: current, the 1h pages needed (rebuilt from next's start and cnt, never the link), one 1day page")
    func fetch() async throws {
        let transport = FixtureTransport(receivedAt: ISO8601.date("2026-08-02T10:55:00Z")!)
        await transport.serve("/data/4.0/onecall/current", body: Self.bytes("onecall4_current_lisbon_metric_2026.json"))
        await transport.serve(
            "/data/4.0/onecall/timeline/1h", body: Self.bytes("onecall4_timeline1h_page1_prev_next_lisbon_2026.json"))
        await transport.serve(
            "/data/4.0/onecall/timeline/1day", body: Self.bytes("onecall4_timeline1day_lisbon_2026.json"))
        var provider = OpenWeatherMap(baseURL: "http://127.0.0.1:9", apiKey: Self.key, api: .oneCall4, userAgent: "t")
        provider.forecastHours = 48
        provider.forecastDays = 7
        let result = try await provider.fetch(
            ProviderQuery(latitude: 38.7223, longitude: -9.1393, timezone: "Europe/Lisbon", days: 7, hours: 48),
            transport: transport)
        let sent = await transport.sent.map(\.url)
        #expect(result.requests == 5)
        #expect(provider.callsPerFetch == 5)
        #expect(sent.count == 5)
        #expect(
            sent[0]
                == "http://127.0.0.1:9/data/4.0/onecall/current?lat=38.7223&lon=-9.1393&units=metric&appid=\(Self.key)")
        #expect(sent.filter { $0.contains("/timeline/1h?") }.count == 3)
        #expect(sent[2].contains("&cnt=20&start=1785740400&"))
        #expect(sent.filter { $0.contains("/timeline/1day?") }.count == 1)
        // Every request went to the configured base URL; the links' host and placeholder key never.
        #expect(sent.allSatisfy { $0.hasPrefix("http://127.0.0.1:9/data/4.0/onecall/") && !$0.contains("API key") })
        #expect(result.forecast.days.count == 10)
    }

    @Test("calls per refresh follow forecast.hours and forecast.days")
    func calls() {
        #expect(OpenWeatherMap.oneCall4Calls(hours: 48, days: 7) == 5)
        #expect(OpenWeatherMap.oneCall4Calls(hours: 12, days: 7) == 3)
        #expect(OpenWeatherMap.oneCall4Calls(hours: 0, days: 0) == 1)
        #expect(OpenWeatherMap.oneCall4Calls(hours: 48, days: 16) == 6)
    }

    @Test("a 3.0 request refused for a separate subscription names the setting to change")
    func separateSubscription() async throws {
        let transport = FixtureTransport()
        await transport.serve(
            "/data/3.0/onecall", status: 401, body: Self.bytes("error_401_onecall3_no_subscription.json"))
        let provider = OpenWeatherMap(baseURL: "http://127.0.0.1:9", apiKey: Self.key, api: .oneCall, userAgent: "t")
        do {
            _ = try await provider.fetch(ProviderQuery(latitude: 1, longitude: 2), transport: transport)
            Issue.record("a 401 was accepted")
        } catch {
            #expect(error.description.contains("api: onecall4"), "\(error)")
            #expect(!error.description.contains(Self.key))
        }
        // Any other 401 (a wrong key) keeps OpenWeatherMap's own words.
        await transport.serve("/data/3.0/onecall", status: 401, body: Self.bytes("error_401_invalid_api_key.json"))
        do {
            _ = try await provider.fetch(ProviderQuery(latitude: 1, longitude: 2), transport: transport)
        } catch {
            #expect(!error.description.contains("onecall4"), "\(error)")
        }
    }
}
