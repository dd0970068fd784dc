import Foundation
import TestSupport
import Testing

@testable import Configuration

/// Configuration files in the styles Home Assistant, ESPHome and zigbee2mqtt users write,
/// read through libyaml.
@Suite("YAML styles users write")
struct YAMLStyleTests {
    @Test("HA-package style: anchors for defaults, merge keys per location")
    func mergeKeyDefaults() throws {
        let config = try ConfigTesting.parse(
            """
            # Shared settings; top-level x- keys are not read, they hold anchors
            x-defaults: &defaults
              timezone: Europe/Berlin
              providers: [met-no, open-meteo]
              interval: 30m
            contact: ops@example.com
            locations:
              - <<: *defaults
                id: home
                latitude: 52.52
                longitude: 13.405
              - <<: *defaults
                id: cabin
                latitude: 61.1
                longitude: 10.4
                interval: 1h
            """
        ).locations
        #expect(config.map(\.id) == ["home", "cabin"])
        #expect(config.map(\.timezone) == ["Europe/Berlin", "Europe/Berlin"])
        #expect(config.map(\.providers) == [["met-no", "open-meteo"], ["met-no", "open-meteo"]])
        #expect(config.map(\.interval) == [1800, 3600], "a key written in the location wins over the merge")
    }

    @Test("only top-level x- keys are free for anchors; other unknown keys stay errors")
    func anchorsNeedAnXKey() throws {
        let error = try #require(ConfigTesting.error(".defaults: &d {interval: 1h}\n" + ConfigTesting.minimal))
        #expect(error.line == 1)
        #expect(error.message.contains("unknown key '.defaults' at the top level"))
        #expect(error.message.contains("keys starting with x- are ignored, to hold anchors"))
        let nested = try #require(ConfigTesting.error("mqtt:\n  x-port: 1\n" + ConfigTesting.minimal))
        #expect(nested.line == 2)
        #expect(nested.message.contains("unknown key 'x-port' in mqtt"))
    }

    @Test("a list of merges and an anchored provider list")
    func mergeList() throws {
        let config = try ConfigTesting.parse(
            """
            contact: ops@example.com
            locations:
              - &berlin {id: berlin, latitude: 52.52, longitude: 13.405, timezone: Europe/Berlin}
              - &slow {id: slow, latitude: 1, longitude: 2, interval: 2h, providers: &pair [open-meteo, met-no], timezone: UTC}
              - <<: [*slow, *berlin]
                id: both
            """)
        let both = try #require(config.location("both"))
        #expect(both.interval == 7200)
        #expect(both.latitude == 1, "the first merge wins")
        #expect(both.timezone == "UTC")
        #expect(both.providers == ["open-meteo", "met-no"])
    }

    @Test("an error inside a merged anchor names the line where the value was written")
    func errorInAnchor() throws {
        let yaml = """
            locations:
              - &base
                id: home
                latitude: 52.52
                longitude: 13.405
                interval: 5 minutes
              - <<: *base
                id: work
            """
        let error = try #require(ConfigTesting.error(yaml))
        #expect(error.line == 6)
        #expect(error.column == 15)
        #expect(error.message.contains("locations[0].interval must be a duration"))
        let merged = """
            locations:
              - id: home
                latitude: 52.52
                longitude: 13.405
                providers: &p [met-no, openmeteo]
              - id: work
                latitude: 1
                longitude: 2
                providers: *p
            """
        let second = try #require(ConfigTesting.error(merged))
        #expect(second.line == 5)
        #expect(second.message.contains("did you mean 'open-meteo'?"))
    }

    @Test("flow maps, block scalars for names, mixed styles")
    func mixedStyles() throws {
        let config = try ConfigTesting.parse(
            """
            mqtt: {url: "mqtt://broker.local:1884", base_topic: 'home/weather', qos: 2}
            homeassistant: {discovery: false}
            units: {temperature: °F, wind_speed: mph}
            locations:
              - id: home
                name: >-
                  Our house
                  by the lake
                latitude: 52.52
                longitude: 13.405
                providers:
                  - open-meteo
            """)
        #expect(config.mqtt.host == "broker.local")
        #expect(config.mqtt.port == 1884)
        #expect(config.mqtt.baseTopic == "home/weather")
        #expect(config.mqtt.qos == 2)
        #expect(config.homeAssistant.discovery == false)
        #expect(config.units.windSpeed == .milesPerHour)
        #expect(config.locations.first?.name == "Our house by the lake")
        let literal = try #require(
            ConfigTesting.error(
                "locations:\n  - id: a\n    name: |\n      two\n      lines\n    latitude: 1\n    longitude: 2\n"))
        #expect(literal.line == 3)
        #expect(literal.message.contains("locations[0].name must not contain control characters"))
    }

    @Test("CRLF line ends, a BOM, a directive, --- and ...")
    func framing() throws {
        let text =
            "\u{FEFF}%YAML 1.1\r\n---\r\nmqtt:\r\n  qos: 0\r\n"
            + ConfigTesting.minimal
            .replacingOccurrences(of: "\n", with: "\r\n") + "\r\n...\r\n# after the end\r\n"
        let config = try ConfigTesting.parse(text)
        #expect(config.mqtt.qos == 0)
        #expect(config.locations.first?.line == 6)
        let two = try #require(ConfigTesting.error(ConfigTesting.minimal + "\n---\nmqtt: {}\n"))
        #expect(two.line == 5)
        #expect(two.message.contains("one document"))
    }

    @Test("tags: !!str makes text of a number, unknown tags are errors")
    func tags() throws {
        let config = try ConfigTesting.parse(
            "mqtt:\n  base_topic: !!str 2024\n  qos: !!int 1\n" + ConfigTesting.minimal)
        #expect(config.mqtt.baseTopic == "2024")
        #expect(config.mqtt.qos == 1)
        let quotedNumber = try #require(ConfigTesting.error("mqtt:\n  qos: !!str 1\n" + ConfigTesting.minimal))
        #expect(quotedNumber.message.contains("mqtt.qos must be a number"))
        let unknown = try #require(ConfigTesting.error("contact: !env_var CONTACT\n" + ConfigTesting.minimal))
        #expect(unknown.line == 1)
        #expect(unknown.message.contains("unknown tag '!env_var'"))
        #expect(unknown.message.contains("!secret"))
    }

    @Test(
        "YAML 1.1 booleans where text is wanted are errors with a hint to quote",
        arguments: [
            ("units: on", "units"), ("contact: yes", "contact"), ("log_level: off", "log_level"),
            ("locations:\n  - {id: no, latitude: 1, longitude: 2}", "locations[0].id"),
        ])
    func yamlBooleans(_ line: String, _ key: String) throws {
        let text = line.hasPrefix("locations") ? line : line + "\n" + ConfigTesting.minimal
        let error = try #require(ConfigTesting.error(text))
        #expect(error.line == (line.hasPrefix("locations") ? 2 : 1))
        #expect(error.message.contains("\(key): YAML 1.1 reads the plain word"))
        #expect(error.message.contains("in quotes"))
        let quoted = line.replacingOccurrences(of: ": on", with: ": \"on\"").replacingOccurrences(
            of: "id: no", with: "id: \"no\"")
        if line.hasPrefix("locations") { #expect(ConfigTesting.error(quoted) == nil) }
    }

    @Test("on/off/yes/no for a flag: an error that names the word to write")
    func yamlBooleanFlags() throws {
        let error = try #require(ConfigTesting.error("mqtt:\n  retain: on\n" + ConfigTesting.minimal))
        #expect(error.line == 2)
        #expect(
            error.message.hasSuffix(
                "mqtt.retain must be true or false (got 'on'): on is YAML 1.1's word for true, write that instead"))
        let off = try #require(ConfigTesting.error("homeassistant:\n  discovery: Off\n" + ConfigTesting.minimal))
        #expect(off.message.contains("Off is YAML 1.1's word for false"))
    }

    @Test("keys that are not plain names are errors")
    func complexKeys() throws {
        let error = try #require(ConfigTesting.error("? [a, b]\n: 1\n" + ConfigTesting.minimal))
        #expect(error.line == 1)
        #expect(error.message.contains("must be plain names"))
    }

    @Test("an alias bomb in the file is refused in bounded time")
    func aliasBomb() throws {
        var text = "contact: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            text +=
                "x\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]\n"
        }
        let error = try #require(ConfigTesting.error(text))
        #expect(error.message.contains("alias bomb"))
        #expect(error.line != nil)
    }

    @Test("a 100 MB file is refused after reading at most the limit")
    func hugeFile() throws {
        let folder = TemporaryFolder()
        let path = folder.path + "/config.yaml"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(ConfigTesting.minimal.utf8)))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 100 * 1024 * 1024)
        try handle.close()
        let error = try #require(ConfigTesting.loadError(path))
        #expect(error.message.contains("larger than 4096 KiB"))
        #expect(error.line == nil)
    }

    @Test("1,000 locations from one anchor load")
    func thousandLocations() throws {
        var text = "locations:\n"
        for index in 0..<1000 {
            let anchor = index == 0 ? " &d" : ""
            let merge = index == 0 ? "" : "    <<: *d\n"
            text += "  - id: loc\(index)\n\(merge)    latitude: \(Double(index % 180) - 89.5)\n    longitude: 13\n"
            if index == 0 { text += "    defaults:\(anchor)\n" }
        }
        // Anchors belong on values the location accepts; the first location's own settings here.
        text = text.replacingOccurrences(of: "    defaults: &d\n", with: "")
            .replacingOccurrences(of: "  - id: loc0\n", with: "  - &d\n    id: loc0\n    interval: 20m\n")
        let config = try ConfigTesting.parse(text)
        #expect(config.locations.count == 1000)
        #expect(config.locations.last?.interval == 1200)
        #expect(config.locations.last?.id == "loc999")
    }
}

/// The README's configuration example loads as printed.
@Suite("README configuration example")
struct ReadmeExampleTests {
    @Test("the merge-key and !secret example in the README loads")
    func readmeExample() throws {
        let readme = try String(contentsOfFile: TestPaths.repository + "/README.md", encoding: .utf8)
        let blocks = readme.components(separatedBy: "```yaml\n").dropFirst().map {
            $0.components(separatedBy: "```").first ?? ""
        }
        let example = try #require(blocks.first { $0.contains("<<: *defaults") && $0.contains("!secret") })
        let secrets = "mqtt_user: u\nmqtt_password: p\ncontact: ops@example.com\n"
        let config = try ConfigTesting.parse(example, files: ["secrets.yaml": secrets])
        #expect(config.locations.map(\.interval) == [1800, 3600])
        #expect(config.locations.allSatisfy { $0.providers == ["met-no", "open-meteo"] })
        #expect(config.mqtt.password == "p")
    }
}
