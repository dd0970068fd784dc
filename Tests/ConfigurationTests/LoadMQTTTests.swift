import Configuration
import TestSupport
import Testing

/// `weatherview --config` reads only the `mqtt:` section.
@Suite("loadMQTT")
struct LoadMQTTTests {
    static let file = """
        mqtt:
          url: mqtt://${BROKER}
          username: viewer
          password: ${VIEWER_PASSWORD}
          base_topic: wx
        providers:
          pirate-weather: { api_key: "${PIRATE_WEATHER_KEY}" }
        locations:
          - id: home
            latitude: 999
            longitude: ${UNSET_LONGITUDE}
        """

    @Test("variables used outside mqtt: may be unset, and the rest is not validated")
    func onlyMQTT() throws {
        let folder = TemporaryFolder()
        let path = folder.write("config.yaml", Self.file)
        let mqtt = try ConfigurationLoader.loadMQTT(
            path: path, environment: ["BROKER": "broker.lan", "VIEWER_PASSWORD": "pw"])
        #expect(mqtt.host == "broker.lan")
        #expect(mqtt.port == 1883)
        #expect(mqtt.username == "viewer")
        #expect(mqtt.password == "pw")
        #expect(mqtt.baseTopic == "wx")
    }

    @Test("variables inside mqtt: must be set")
    func mqttVariables() throws {
        let folder = TemporaryFolder()
        let path = folder.write("config.yaml", Self.file)
        let error = try #require(ConfigTesting.loadMQTTError(path, environment: ["BROKER": "b"]))
        #expect(error.line == 4)
        #expect(error.message.contains("VIEWER_PASSWORD"))
    }

    @Test("mqtt: is validated as strictly as by the bridge")
    func validated() throws {
        let folder = TemporaryFolder()
        let path = folder.write("config.yaml", "mqtt:\n  qos: 7\n")
        let error = try #require(ConfigTesting.loadMQTTError(path, environment: [:]))
        #expect(error.line == 2)
        #expect(error.message.contains("mqtt.qos"))
    }

    @Test("YAML errors anywhere in the file are still errors")
    func yamlErrors() throws {
        let folder = TemporaryFolder()
        let path = folder.write("config.yaml", "mqtt:\n  url: mqtt://b\nlocations:\n  - *nowhere\n")
        let error = try #require(ConfigTesting.loadMQTTError(path, environment: [:]))
        #expect(error.line == 4)
        #expect(error.message.contains("the alias *nowhere refers to no anchor"))
    }

    @Test("a file without mqtt: gives the defaults")
    func defaults() throws {
        let folder = TemporaryFolder()
        let path = folder.write("config.yaml", "locations: []\n")
        let mqtt = try ConfigurationLoader.loadMQTT(path: path, environment: [:])
        #expect(mqtt.url == "mqtt://127.0.0.1:1883")
        #expect(mqtt.baseTopic == "weather")
    }
}
