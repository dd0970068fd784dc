import Foundation
import TestSupport
import Testing

/// `weatherview --lang` and the language from the locale, end to end against a broker.
@Suite("weatherview languages")
struct WeatherviewLanguageTests {
    let fresh = ["WEATHER2MQTT_NOW": RetainedWeather.freshNow]

    @Test("--lang de: German words, the 24-hour clock, the condition in German")
    func german() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        let result = try WeatherviewProcess.run(
            ["show", "munich", "--broker", broker.url, "--lang", "de"], environment: fresh)
        #expect(result.status == 0, "\(result.stderr)")
        for text in ["Stand 16:15", "Gefühlt", "Teilweise bewölkt", "Stunden", "Heute", "Sa, 7. Feb"] {
            #expect(result.stdout.contains(text), "\(text) missing")
        }
        #expect(!result.stdout.contains("Feels like") && !result.stdout.contains(" PM"))
        let line = try WeatherviewProcess.run(
            [
                "show", "munich", "--broker", broker.url, "--lang", "de", "--format",
                "{condition} {sunrise} {freshness}",
            ],
            environment: fresh)
        #expect(line.stdout == "Teilweise bewölkt 07:32 Stand 16:15\n")
    }

    @Test("the language comes from LANG, LC_MESSAGES or LC_ALL; another one is English with a warning")
    func fromLocale() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        let arguments = ["show", "munich", "--broker", broker.url, "--format", "{condition} {sunrise}"]
        let french = try WeatherviewProcess.run(arguments, environment: fresh.merging(["LANG": "fr_FR.UTF-8"]) { $1 })
        #expect(french.stdout == "Partiellement nuageux 07:32\n")
        #expect(french.stderr.isEmpty)
        let japanese = try WeatherviewProcess.run(
            arguments, environment: fresh.merging(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"]) { $1 })
        #expect(japanese.stdout == "晴れ時々曇り 07:32\n")
        let turkish = try WeatherviewProcess.run(arguments, environment: fresh.merging(["LANG": "tr_TR.UTF-8"]) { $1 })
        #expect(turkish.status == 0)
        #expect(turkish.stdout == "Partly cloudy 7:32 AM\n")
        #expect(turkish.stderr.contains("warning: the locale 'tr_TR.UTF-8'"))
        #expect(turkish.stderr.split(separator: "\n").count == 1)
        let posix = try WeatherviewProcess.run(arguments, environment: fresh.merging(["LANG": "C"]) { $1 })
        #expect(posix.stdout == "Partly cloudy 7:32 AM\n")
        #expect(posix.stderr.isEmpty)
    }

    @Test("--lang with a language weatherview has no words for is a usage error listing the others")
    func unknown() throws {
        let result = try WeatherviewProcess.run(["show", "munich", "--lang", "tlh"], environment: fresh)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--lang: unknown language 'tlh'"))
        #expect(result.stderr.contains("de Deutsch") && result.stderr.contains("zh 中文"))
    }
}
