import Foundation
import TestSupport
import Testing

@testable import Configuration

/// `!secret NAME`, read from `secrets.yaml` next to the configuration file.
@Suite("!secret")
struct SecretTagTests {
    static let secrets = """
        # secrets.yaml
        mqtt_user: bridge
        mqtt_password: "s3cret pass: with colon"
        owm_key: 0123456789abcdef
        broker: mqtts://broker.example.net:8883
        """

    @Test("any string value may be a secret; their values are collected for masking")
    func values() throws {
        var asked: [String] = []
        let yaml = """
            mqtt:
              url: !secret broker
              username: !secret mqtt_user
              password: !secret mqtt_password
            providers:
              openweathermap:
                api_key: !secret owm_key
            locations:
              - id: home
                latitude: 52.52
                longitude: 13.405
                providers: [openweathermap]
            """
        let config = try ConfigurationLoader.parse(yaml, path: "/etc/weather2mqtt/config.yaml", environment: [:]) {
            asked.append($0)
            return $0 == "/etc/weather2mqtt/secrets.yaml" ? SecretTagTests.secrets : nil
        }
        #expect(config.mqtt.host == "broker.example.net")
        #expect(config.mqtt.username == "bridge")
        #expect(config.mqtt.password == "s3cret pass: with colon")
        #expect(config.provider("openweathermap")?.apiKey == "0123456789abcdef")
        #expect(Set(asked) == ["/etc/weather2mqtt/secrets.yaml"], "only the file next to the configuration, once")
        #expect(asked.count == 1)
        #expect(
            Set(config.secrets) == [
                "mqtts://broker.example.net:8883", "bridge",
                "s3cret pass: with colon", "0123456789abcdef",
            ])
        #expect(!config.mqtt.description.contains("s3cret"))
    }

    @Test("a secret missing from secrets.yaml names both files and the line")
    func missingSecret() throws {
        let yaml = "mqtt:\n  username: u\n  password: !secret mqtt_pasword\n" + ConfigTesting.minimal
        let error = try #require(ConfigTesting.error(yaml, files: ["secrets.yaml": SecretTagTests.secrets]))
        #expect(error.file == "config.yaml")
        #expect(error.line == 3)
        #expect(error.message.contains("the secret 'mqtt_pasword' is not in secrets.yaml"))
        #expect(error.message.contains("did you mean 'mqtt_password'?"))
        #expect(error.message.contains("next to config.yaml"))
        #expect(!error.description.contains("s3cret"))
    }

    @Test("a missing secrets.yaml names both files")
    func missingFile() throws {
        let folder = TemporaryFolder()
        let path = folder.write("config.yaml", "contact: !secret email\n" + ConfigTesting.minimal)
        let error = try #require(ConfigTesting.loadError(path))
        #expect(error.line == 1)
        #expect(error.message.contains(folder.path + "/secrets.yaml"))
        #expect(error.message.contains("next to " + path))
        #expect(error.message.contains("cannot be read"))
    }

    @Test("secrets.yaml is found next to the file on disk and its own errors name it")
    func onDisk() throws {
        let folder = TemporaryFolder()
        let path = folder.write("config.yaml", "contact: !secret email\n" + ConfigTesting.minimal)
        let secrets = folder.write("secrets.yaml", "email: ann@example.com\n")
        chmod(secrets, 0o600)
        let config = try ConfigurationLoader.load(path: path, environment: [:])
        #expect(config.contact == "ann@example.com")
        #expect(config.warnings.isEmpty)

        _ = folder.write("secrets.yaml", "email: a\nemail: b\n")
        let duplicate = try #require(ConfigTesting.loadError(path))
        #expect(duplicate.file == secrets)
        #expect(duplicate.line == 2)
        #expect(duplicate.message.contains("duplicate key 'email'"))

        _ = folder.write("secrets.yaml", "email: [a, b]\n")
        let list = try #require(ConfigTesting.loadError(path))
        #expect(list.file == secrets)
        #expect(list.message.contains("a name and a single value"))
    }

    @Test("a !secret value is taken as written: no ${NAME} inside it, no YAML 1.1 flag check")
    func literalValue() throws {
        let config = try ConfigTesting.parse(
            "contact: !secret c\nlog_level: !secret level\n" + ConfigTesting.minimal,
            environment: ["X": "no"], files: ["secrets.yaml": "c: \"${X}\"\nlevel: debug\n"])
        #expect(config.contact == "${X}")
        #expect(config.logLevel == .debug)
    }

    @Test("weatherview's mqtt: section reads merge keys and !secret too")
    func loadMQTT() throws {
        let folder = TemporaryFolder()
        let path = folder.write(
            "config.yaml",
            "x-broker: &broker\n  url: mqtt://broker.lan:1884\n  qos: 2\nmqtt:\n  <<: *broker\n  username: viewer\n"
                + "  password: !secret pw\nlocations: []\n")
        chmod(folder.write("secrets.yaml", "pw: viewer-password\n"), 0o600)
        let mqtt = try ConfigurationLoader.loadMQTT(path: path, environment: [:])
        #expect(mqtt.host == "broker.lan")
        #expect(mqtt.port == 1884)
        #expect(mqtt.qos == 2)
        #expect(mqtt.password == "viewer-password")
    }
}
