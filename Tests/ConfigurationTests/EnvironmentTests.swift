import Configuration
import Testing

@Suite("${NAME} substitution")
struct EnvironmentTests {
    @Test("variables are replaced in any string value, quoted or not")
    func substitution() throws {
        let config = try ConfigTesting.parse(
            """
            mqtt:
              url: mqtts://${BROKER}:${PORT}
              username: ${USER}
              password: "${PASSWORD}"
            contact: '${NAME} <${MAIL}>'
            locations:
              - id: ${LOCATION}
                latitude: 1
                longitude: 2
            """,
            environment: [
                "BROKER": "broker.lan", "PORT": "8884", "USER": "bridge", "PASSWORD": "p a$$ ${NOT_EXPANDED}",
                "NAME": "Ann", "MAIL": "ann@example.com", "LOCATION": "cabin",
            ])
        #expect(config.mqtt.host == "broker.lan")
        #expect(config.mqtt.port == 8884)
        #expect(config.mqtt.username == "bridge")
        #expect(config.mqtt.password == "p a$$ ${NOT_EXPANDED}", "values are not expanded again")
        #expect(config.contact == "Ann <ann@example.com>")
        #expect(config.locations.first?.id == "cabin")
    }

    @Test("an unquoted variable may stand for a number; a quoted one stays text")
    func typedAfterSubstitution() throws {
        let yaml = "mqtt:\n  qos: ${QOS}\nlocations:\n  - id: a\n    latitude: ${LAT}\n    longitude: 2\n"
        let config = try ConfigTesting.parse(yaml, environment: ["QOS": "2", "LAT": "48.1"])
        #expect(config.mqtt.qos == 2)
        #expect(config.locations.first?.latitude == 48.1)
        // Real YAML: '{' and '}' end a plain scalar inside a flow collection; the error says what to write.
        let flow = try #require(ConfigTesting.error("mqtt: { qos: ${QOS} }\n", environment: ["QOS": "2"]))
        #expect(flow.line == 1)
        #expect(flow.message.contains("write ${NAME} in quotes, or the value in block style"))
        let quoted = "locations:\n  - { id: a, latitude: \"${LAT}\", longitude: 2 }\n"
        let error = try #require(ConfigTesting.error(quoted, environment: ["LAT": "48.1"]))
        #expect(error.message.contains("locations[0].latitude must be a number, not the quoted text"))
    }

    @Test("a lone $ and an unused variable are left alone")
    func dollars() throws {
        let config = try ConfigTesting.parse(
            ConfigTesting.withMinimal("contact: costs $5 {x}"), environment: ["UNUSED": "x"])
        #expect(config.contact == "costs $5 {x}")
    }

    @Test("an unset variable names itself, the key and the line")
    func unset() throws {
        let yaml = "providers:\n  pirate-weather:\n    api_key: \"${PIRATE_WEATHER_KEY}\"\n" + ConfigTesting.minimal
        let error = try #require(ConfigTesting.error(yaml))
        #expect(
            error.description
                == "config.yaml:3:14: environment variable PIRATE_WEATHER_KEY is not set "
                + "(used in providers.pirate-weather.api_key)")
    }

    @Test("secret file paths may come from the environment")
    func secretPathFromEnvironment() throws {
        let config = try ConfigTesting.parse(
            ConfigTesting.withMinimal("mqtt: { username: u, password_file: \"${CREDENTIALS_DIRECTORY}/mqtt\" }"),
            environment: ["CREDENTIALS_DIRECTORY": "/run/credentials/w2m"], files: ["/run/credentials/w2m/mqtt": "pw\n"]
        )
        #expect(config.mqtt.password == "pw")
    }
}
