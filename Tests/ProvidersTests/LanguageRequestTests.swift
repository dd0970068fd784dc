import Foundation
import Providers
import TestSupport
import Testing
import WeatherModel
import WireContract

/// Providers asked in the configured language, and the payloads' summaries in it.
@Suite("Languages at the providers")
struct LanguageRequestTests {
    static let munich = LocationInfo(
        id: "munich", name: "München", latitude: 48.14, longitude: 11.58, timezone: "Europe/Berlin")

    @Test("OpenWeatherMap and Pirate Weather requests carry lang=, in the provider's own codes")
    func requestURLs() {
        let owm = OpenWeatherMap(apiKey: "k", api: .oneCall, userAgent: "test")
        let free = OpenWeatherMap(apiKey: "k", api: .free, userAgent: "test")
        let pirate = PirateWeather(apiKey: "k", userAgent: "test")
        func query(_ language: Language) -> ProviderQuery {
            ProviderQuery(latitude: 48.14, longitude: 11.58, language: language)
        }
        #expect(owm.requests(for: query(.de)).first?.url.contains("&lang=de&") == true)
        #expect(owm.requests(for: query(.cs)).first?.url.contains("&lang=cz") == true)
        #expect(owm.requests(for: query(.nb)).first?.url.contains("&lang=no") == true)
        #expect(owm.requests(for: query(.zh)).first?.url.contains("&lang=zh_cn") == true)
        #expect(free.requests(for: query(.uk)).allSatisfy { $0.url.contains("&lang=uk") })
        #expect(pirate.request(for: query(.fr)).url.hasSuffix("?units=si&version=2&lang=fr"))
        // English is the providers' default: the URLs stay as they were.
        #expect(owm.requests(for: query(.en)).allSatisfy { !$0.url.contains("lang=") })
        #expect(!pirate.request(for: query(.en)).url.contains("lang="))
        #expect(ProviderCatalog.answersIn(.de, provider: "openweathermap"))
        #expect(ProviderCatalog.answersIn(.de, provider: "pirate-weather"))
        #expect(!ProviderCatalog.answersIn(.de, provider: "open-meteo"))
        #expect(!ProviderCatalog.answersIn(.ja, provider: "met-no"))
        #expect(ProviderCatalog.answersIn(.en, provider: "nws"))
    }

    static func payloads(
        _ forecast: Forecast, provider: String, language: Language, location: LocationInfo = munich, now: String
    ) -> ReadingPayloads {
        let zone = ZoneInfo(identifier: location.timezone!)!
        let instant = ISO8601.date(now)!
        var builder = PayloadBuilder(
            location: location, zone: zone, provider: provider, attribution: nil, fetchedAt: instant,
            expiresAt: instant.addingTimeInterval(900), units: .metric)
        builder.language = language
        builder.providerWrites = ProviderCatalog.answersIn(language, provider: provider)
        return builder.payloads(for: forecast, now: instant)
    }

    @Test("Open-Meteo in German: every summary is the bridge's German word for the condition, the key unchanged")
    func openMeteoGerman() throws {
        let forecast = try OpenMeteo.decode(
            Fixtures.bytes("open-meteo", "forecast_current_hourly_daily_newyork_iso8601.json"),
            timezone: "America/New_York")
        let newYork = LocationInfo(
            id: "nyc", name: "New York", latitude: 40.7886, longitude: -73.9661, timezone: "America/New_York")
        let now = "2026-02-07T04:30:00Z"
        let english = Self.payloads(forecast, provider: "open-meteo", language: .en, location: newYork, now: now)
        let german = Self.payloads(forecast, provider: "open-meteo", language: .de, location: newYork, now: now)
        let readings =
            [german.current] + (german.hourly["hours"]?.array ?? []) + (german.daily["days"]?.array ?? [])
        let englishReadings =
            [english.current] + (english.hourly["hours"]?.array ?? []) + (english.daily["days"]?.array ?? [])
        var checked = 0
        for (reading, englishReading) in zip(readings, englishReadings) {
            #expect(reading["condition"] == englishReading["condition"])
            guard let condition = reading["condition"]?.string.flatMap(Condition.init(rawValue:)) else { continue }
            #expect(reading["summary"]?.string == condition.summary(in: .de))
            checked += 1
        }
        #expect(checked > 3)
        let germanWords = Set(Condition.allCases.map { $0.summary(in: .de) })
        #expect(germanWords.contains(german.current["summary"]?.string ?? ""))
        #expect(english.current["summary"] != german.current["summary"])
    }

    @Test("OpenWeatherMap asked in Russian: its own Russian text is kept")
    func openWeatherMapRussian() throws {
        let moscow = LocationInfo(
            id: "moscow", name: "Москва", latitude: 55.75, longitude: 37.62, timezone: "Europe/Moscow")
        let forecast = try OpenWeatherMap.decode(
            Fixtures.bytes("openweathermap", "weather25_current_moscow_metric_lang_ru_2020.json"), units: .metric,
            timezone: moscow.timezone)
        let russian = Self.payloads(
            forecast, provider: "openweathermap", language: .ru, location: moscow, now: "2020-05-01T13:15:00Z")
        #expect(russian.current["summary"]?.string == "Ясно")
        #expect(russian.current["condition"]?.string == "sunny")
        // A provider that was not asked in the language gets the bridge's words instead.
        let german = Self.payloads(
            forecast, provider: "met-no", language: .de, location: moscow, now: "2020-05-01T13:15:00Z")
        #expect(german.current["summary"]?.string == "Sonnig")
    }
}
