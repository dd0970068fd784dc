import Configuration
import Testing
import WeatherModel

/// `language:` at the top level and per location.
@Suite("The language key")
struct LanguageSettingTests {
    @Test("English unless configured; a code, also as a locale, at the top level and per location")
    func values() throws {
        #expect(try ConfigTesting.parse(ConfigTesting.minimal).language == .en)
        #expect(try ConfigTesting.parse(ConfigTesting.withMinimal("language: de")).language == .de)
        #expect(try ConfigTesting.parse(ConfigTesting.withMinimal("language: pt_BR")).language == .pt)
        #expect(try ConfigTesting.parse(ConfigTesting.withMinimal("language: \"no\"")).language == .nb)
        let yaml = """
            language: fr
            locations:
              - id: home
                latitude: 52.52
                longitude: 13.405
              - id: krakow
                latitude: 50.06
                longitude: 19.94
                language: pl
            """
        let configuration = try ConfigTesting.parse(yaml)
        #expect(configuration.language == .fr)
        #expect(configuration.locations.map(\.language) == [nil, .pl])
    }

    @Test("an unknown language is exit 78, naming the line and every supported language")
    func unknown() throws {
        let error = try #require(ConfigTesting.error(ConfigTesting.withMinimal("language: klingon")))
        #expect(ConfigurationError.exitCode == 78)
        #expect(error.line == 1)
        #expect(error.description.contains("language: unknown language 'klingon'"))
        for language in Language.allCases { #expect(error.description.contains(language.rawValue + " ")) }
        #expect(error.description.contains("de Deutsch") && error.description.contains("ja 日本語"))

        let location = "locations:\n  - id: home\n    latitude: 52.52\n    longitude: 13.405\n    language: tlh\n"
        let nested = try #require(ConfigTesting.error(location))
        #expect(nested.line == 5)
        #expect(nested.description.contains("locations[0].language: unknown language 'tlh'"))
        #expect(ConfigTesting.error(ConfigTesting.withMinimal("language: ''")) != nil)
    }
}
