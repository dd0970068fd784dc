import Foundation
import Testing
import WeatherModel

@Suite("Languages")
struct LanguageTests {
    /// `{name}` placeholders of a text, in order.
    static func placeholders(_ text: String) -> [String] {
        var result: [String] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return result.sorted()
    }

    @Test("the brief's seventeen languages are there")
    func all() {
        #expect(
            Language.allCases.map(\.rawValue) == [
                "en", "de", "fr", "es", "it", "nl", "pl", "pt", "sv", "nb", "da", "fi", "cs", "uk", "ru", "ja", "zh",
            ])
    }

    @Test(
        "every language has every message, none empty, with the English text's placeholders",
        arguments: Language.allCases)
    func complete(language: Language) {
        let english = Dictionary(uniqueKeysWithValues: Messages.english.allTexts.map { ($0.name, $0.text) })
        let texts = language.messages.allTexts
        #expect(texts.count == english.count)
        #expect(texts.count > 100)
        for (name, text) in texts {
            #expect(!text.trimmingCharacters(in: .whitespaces).isEmpty, "\(language.rawValue).\(name) is empty")
            #expect(text == text.trimmingCharacters(in: .whitespaces), "\(language.rawValue).\(name) has edge spaces")
            if name == "shortDate" {
                // A date may name the month or give its number.
                let known: Set = ["weekday", "day", "month", "monthNumber"]
                #expect(Set(Self.placeholders(text)).isSubset(of: known) && text.contains("{day}"))
                continue
            }
            #expect(
                Self.placeholders(text) == Self.placeholders(english[name] ?? ""),
                "\(language.rawValue).\(name) '\(text)' has other placeholders than English")
        }
        #expect(language.messages.weekdays.count == 7)
        #expect(language.messages.shortWeekdays.count == 7)
        #expect(language.messages.shortMonths.count == 12)
        #expect(Set(language.messages.weekdays).count == 7)
        #expect(Set(Condition.allCases.map { $0.summary(in: language) }).count >= 13)
    }

    @Test("other languages than English are translated, not copied")
    func translated() {
        let english = Messages.english
        for language in Language.allCases where language != .en {
            let words = language.messages
            #expect(words.weekdays != english.weekdays, "\(language)")
            #expect(words.partlyCloudy != english.partlyCloudy, "\(language)")
            #expect(words.feelsLike != english.feelsLike, "\(language)")
        }
    }

    @Test(
        "codes as people write them",
        arguments: [
            ("de", Language.de), ("DE", .de), ("de_DE.UTF-8", .de), ("de-AT", .de), ("pt_BR", .pt),
            ("zh_CN.UTF-8", .zh),
            ("zh-Hans", .zh), ("no", .nb), ("nn_NO", .nb), ("nb_NO.utf8", .nb), ("sr@latin", nil), ("xx", nil),
            ("", nil), ("C", nil), ("english", nil),
        ])
    func codes(code: String, expected: Language?) {
        #expect(Language(code: code) == expected)
    }

    @Test("the locale: LC_ALL, then LC_MESSAGES, then LANG; C is English; another language warns")
    func locale() {
        #expect(Self.locale(["LANG": "de_DE.UTF-8"]) == "de")
        #expect(
            Language.fromLocale(environment: ["LANG": "de_DE.UTF-8", "LC_MESSAGES": "fr_FR.UTF-8"]).language == .fr)
        #expect(Language.fromLocale(environment: ["LC_ALL": "ja_JP.UTF-8", "LANG": "de_DE.UTF-8"]).language == .ja)
        #expect(Language.fromLocale(environment: ["LC_ALL": "", "LANG": "pl_PL.UTF-8"]).language == .pl)
        #expect(Self.locale(["LANG": "C.UTF-8"]) == "en")
        #expect(Self.locale(["LANG": "POSIX"]) == "en")
        #expect(Self.locale([:]) == "en")
        let unknown = Language.fromLocale(environment: ["LANG": "tr_TR.UTF-8"])
        #expect(unknown.language == .en)
        #expect(unknown.warning?.contains("tr_TR.UTF-8") == true)
        #expect(unknown.warning?.contains("--lang") == true)
        #expect(unknown.warning?.contains("de, fr") == true)
    }

    /// `de`, or `de!` when the choice came with a warning.
    static func locale(_ environment: [String: String]) -> String {
        let (language, warning) = Language.fromLocale(environment: environment)
        return language.rawValue + (warning == nil ? "" : "!")
    }

    @Test("English reads a 12-hour clock, the others a 24-hour one")
    func clocks() {
        #expect(Language.en.clock(hour: 15, minute: 5) == "3:05 PM")
        #expect(Language.en.clock(hour: 0, minute: 30) == "12:30 AM")
        #expect(Language.en.clock(hour: 12, minute: 0) == "12:00 PM")
        #expect(Language.en.hourLabel(15) == "3 PM")
        #expect(Language.en.hourLabel(0) == "12 AM")
        #expect(Language.en.axisHour(15) == "3p")
        for language in Language.allCases where language != .en {
            #expect(language.clock(hour: 15, minute: 5) == "15:05")
            #expect(language.clock(hour: 7, minute: 0) == "07:00")
            #expect(language.hourLabel(15) == "15:00")
            #expect(language.axisHour(9) == "09")
        }
    }

    @Test("dates in each language's order")
    func dates() throws {
        let saturday = try #require(CivilDate(iso: "2026-02-07"))
        #expect(Language.en.shortDate(saturday) == "Sat 7 Feb")
        #expect(Language.de.shortDate(saturday) == "Sa, 7. Feb")
        #expect(Language.fr.shortDate(saturday) == "Sam 7 févr.")
        #expect(Language.fi.shortDate(saturday) == "La 7.2.")
        #expect(Language.ja.shortDate(saturday) == "2月7日(土)")
        #expect(Language.zh.shortDate(saturday) == "2月7日 周六")
        #expect(Language.ru.shortDate(saturday) == "Сб, 7 фев")
    }

    @Test("condition words: the English ones are the payloads' defaults; the key never changes")
    func conditions() {
        #expect(Condition.partlyCloudy.summary == "Partly cloudy")
        #expect(Condition.partlyCloudy.summary(in: .de) == "Teilweise bewölkt")
        #expect(Condition.clearNight.summary(in: .fr) == "Dégagé")
        #expect(Condition.snowyRainy.summary(in: .pl) == "Deszcz ze śniegiem")
        #expect(Condition.lightningRainy.summary(in: .ja) == "雷雨")
        #expect(Condition.partlyCloudy.rawValue == "partlycloudy")
    }
}
