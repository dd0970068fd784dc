import Configuration
import Testing

/// `alerts:` and `meteoalarm:` per location, `providers.<source>` for the warning-only sources.
@Suite("Alert configuration")
struct AlertConfigurationTests {
    static func location(_ lines: String, providers: String = "") -> String {
        providers + "locations:\n  - id: home\n    latitude: 50.58\n    longitude: 13.0\n" + lines
    }

    @Test("alerts list, a MeteoAlarm region, source base URLs and the feed format")
    func valid() throws {
        let config = try ConfigTesting.parse(
            Self.location(
                "    alerts: [brightsky, meteoalarm, nws]\n    meteoalarm: { country: Bosnia Herzegovina, region: BA003 }\n",
                providers:
                    "contact: tests@example.com\nproviders:\n  brightsky: { base_url: 'http://127.0.0.1:8080/bs/' }\n"
                    + "  meteoalarm: { format: atom }\n"))
        let home = try #require(config.locations.first)
        #expect(home.alerts == ["brightsky", "meteoalarm", "nws"])
        #expect(home.meteoAlarm == MeteoAlarmRegion(country: "bosnia-herzegovina", region: "BA003"))
        #expect(config.alertSources["brightsky"] == AlertSourceSettings(baseURL: "http://127.0.0.1:8080/bs"))
        #expect(
            config.alertSources["meteoalarm"]
                == AlertSourceSettings(baseURL: "https://feeds.meteoalarm.org", format: "atom"))
        #expect(config.alertSources["metalerts"] == nil)
        let owm = try ConfigTesting.parse(
            Self.location("    alerts: [openweathermap]\n", providers: "providers:\n  openweathermap: { api_key: k }\n")
        )
        #expect(owm.locations.first?.warningSources == ["openweathermap"])
    }

    @Test("without alerts: none; auto: the default by coordinates; a region alone means meteoalarm; [] means none")
    func defaults() throws {
        #expect(try ConfigTesting.parse(Self.location("")).locations.first?.alerts == nil)
        let region = try ConfigTesting.parse(
            Self.location("    meteoalarm: { country: germany, region: Erzgebirgskreis }\n"))
        #expect(region.locations.first?.alerts == ["meteoalarm"])
        #expect(try ConfigTesting.parse(Self.location("    alerts: []\n")).locations.first?.alerts == [])
        #expect(try ConfigTesting.parse(Self.location("    alerts: auto\n")).locations.first?.alerts == ["auto"])
    }

    struct Bad: Sendable, CustomTestStringConvertible {
        var yaml: String
        var line: Int
        var mentions: [String]
        var testDescription: String { mentions[0] }
    }

    static let bad: [Bad] = [
        Bad(
            yaml: location("    alerts: [dwd]\n"), line: 5,
            mentions: ["unknown warning source 'dwd'", "valid: nws, brightsky"]),
        Bad(yaml: location("    alerts: [metalert]\n"), line: 5, mentions: ["did you mean 'metalerts'?"]),
        Bad(yaml: location("    alerts: [nws, nws]\n"), line: 5, mentions: ["lists 'nws' twice"]),
        Bad(yaml: location("    alerts: nws\n"), line: 5, mentions: ["locations[0].alerts must be a list"]),
        Bad(
            yaml: location("    alerts: [meteoalarm]\n"), line: 5,
            mentions: ["lists meteoalarm under alerts but has no region"]),
        Bad(
            yaml: location("    alerts: [nws]\n    meteoalarm: { country: germany, region: DE343 }\n"), line: 6,
            mentions: ["does not name meteoalarm"]),
        Bad(
            yaml: location("    meteoalarm: { region: DE343 }\n"), line: 5, mentions: ["meteoalarm.country is required"]
        ),
        Bad(
            yaml: location("    meteoalarm: { country: germany }\n"), line: 5,
            mentions: ["meteoalarm.region is required", "check"]),
        Bad(
            yaml: location("    meteoalarm: { country: '../x', region: DE343 }\n"), line: 5,
            mentions: ["meteoalarm.country must be a country name"]),
        Bad(
            yaml: location("    meteoalarm: { country: germany, regoin: DE343 }\n"), line: 5,
            mentions: ["unknown key 'regoin'", "did you mean 'region'?"]),
        Bad(
            yaml: location("", providers: "providers:\n  meteoalarm: { format: rss }\n"), line: 2,
            mentions: ["providers.meteoalarm.format must be json", "(got 'rss')"]),
        Bad(
            yaml: location("", providers: "providers:\n  brightsky: { base_url: ftp://x }\n"), line: 2,
            mentions: ["providers.brightsky.base_url must be an http:// or https:// URL"]),
        Bad(
            yaml: location("", providers: "providers:\n  metalerts: { api_key: x }\n"), line: 2,
            mentions: ["unknown key 'api_key' in providers.metalerts"]),
        Bad(
            yaml: location("    alerts: [brightsky, metalerts]\n"), line: 2,
            mentions: ["location 'home' gets warnings from metalerts, whose terms require", "contact:"]),
        Bad(
            yaml: "locations:\n  - id: portland\n    latitude: 45.52\n    longitude: -122.68\n    alerts: auto\n",
            line: 2,
            mentions: ["location 'portland' gets warnings from nws (alerts: auto picks it for these coordinates)"]),
        Bad(
            yaml: location("    alerts: [openweathermap]\n", providers: "contact: a@b.c\n"), line: 3,
            mentions: ["location 'home' lists openweathermap under alerts", "providers.openweathermap.api_key"]),
    ]

    @Test("bad alert settings are refused with the line, the key and what would be valid", arguments: bad)
    func refused(_ item: Bad) throws {
        let error = try #require(ConfigTesting.error(item.yaml))
        #expect(error.line == item.line, "\(error)")
        for text in item.mentions { #expect(error.message.contains(text), "\(error)") }
    }
}
