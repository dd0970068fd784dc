import Configuration
import Foundation
import Testing

@Suite("SPEC §2 example and defaults")
struct ExampleConfigurationTests {
    static let secrets = [
        "/run/credentials/weather2mqtt/mqtt_password": "s3cret\n",
        "/run/credentials/weather2mqtt/owm": "owm-key\r\n",
    ]

    @Test("the SPEC example loads verbatim")
    func specExample() throws {
        let config = try ConfigTesting.parse(
            SpecExample.text, environment: ["PIRATE_WEATHER_KEY": "pirate-key"], files: Self.secrets)
        let mqtt = config.mqtt
        #expect(mqtt.scheme == "mqtt")
        #expect(mqtt.host == "127.0.0.1")
        #expect(mqtt.port == 1883)
        #expect(mqtt.clientID == "weather2mqtt")
        #expect(mqtt.username == "bridge")
        #expect(mqtt.password == "s3cret")
        #expect(mqtt.baseTopic == "weather")
        #expect(mqtt.qos == 1)
        #expect(mqtt.retain)
        #expect(mqtt.protocolVersion == .v5)
        #expect(mqtt.keepAlive == 60)
        #expect(mqtt.messageExpiry == 12 * 3600)
        #expect(mqtt.flatTopics.current)
        #expect(mqtt.tls == nil, "tls: applies to mqtts:// only")
        #expect(config.warnings.contains { $0.contains("mqtt.tls is ignored") })

        #expect(config.homeAssistant == HomeAssistantSettings(discovery: true, prefix: "homeassistant"))
        #expect(units(config) == "°C km/h hPa mm km")
        #expect(config.forecastHours == 48)
        #expect(config.forecastDays == 7)
        #expect(config.contact == "you@example.com")
        #expect(config.stateDirectory == "/var/lib/weather2mqtt")
        #expect(config.logLevel == .info)

        #expect(Set(config.providers.keys) == Set(KnownProvider.allCases.map(\.rawValue)))
        let owm = try #require(config.provider("openweathermap"))
        #expect(owm.apiKey == "owm-key")
        #expect(owm.api == "onecall")
        #expect(owm.baseURL == "https://api.openweathermap.org")
        #expect(owm.line == 35)
        #expect(config.provider("pirate-weather")?.apiKey == "pirate-key")
        #expect(config.provider("open-meteo")?.geocodingURL == "https://geocoding-api.open-meteo.com")
        #expect(config.provider("met-no")?.baseURL == "https://api.met.no")
        #expect(config.provider("nws")?.baseURL == "https://api.weather.gov")

        let home = try #require(config.locations.first)
        #expect(config.locations.count == 1)
        #expect(home.id == "home")
        #expect(home.name == "Home")
        #expect(home.latitude == 52.52)
        #expect(home.longitude == 13.405)
        #expect(home.timezone == "Europe/Berlin")
        #expect(home.providers == ["met-no", "open-meteo"])
        #expect(home.interval == 900)
        #expect(home.line == 45)
        #expect(config.path == "config.yaml")
    }

    @Test("the SPEC example with mqtts:// reads its tls block")
    func specExampleWithTLS() throws {
        let text = SpecExample.text.replacingOccurrences(
            of: "url: mqtt://127.0.0.1:1883", with: "url: mqtts://broker.lan")
        var files = Self.secrets
        for path in [
            "/etc/ssl/certs/ca-certificates.crt", "/etc/weather2mqtt/client.crt", "/etc/weather2mqtt/client.key",
        ] {
            files[path] = "-----BEGIN-----"
        }
        let config = try ConfigTesting.parse(text, environment: ["PIRATE_WEATHER_KEY": "k"], files: files)
        #expect(config.mqtt.scheme == "mqtts")
        #expect(config.mqtt.port == 8883)
        #expect(
            config.mqtt.tls
                == TLSSettings(
                    caFile: "/etc/ssl/certs/ca-certificates.crt", certFile: "/etc/weather2mqtt/client.crt",
                    keyFile: "/etc/weather2mqtt/client.key", insecure: false))
        #expect(config.warnings.isEmpty)
    }

    @Test("every default of a minimal file")
    func defaults() throws {
        let config = try ConfigTesting.parse(ConfigTesting.minimal)
        let mqtt = config.mqtt
        #expect(mqtt.url == "mqtt://127.0.0.1:1883")
        #expect(mqtt.clientID.hasPrefix("weather2mqtt-"))
        #expect(mqtt.clientID.count > "weather2mqtt-".count)
        #expect(mqtt.username == nil)
        #expect(mqtt.password == nil)
        #expect(mqtt.baseTopic == "weather")
        #expect(mqtt.qos == 1)
        #expect(mqtt.retain)
        #expect(mqtt.protocolVersion == .v5)
        #expect(mqtt.keepAlive == 60)
        #expect(mqtt.messageExpiry == 0)
        #expect(mqtt.flatTopics.current)
        #expect(mqtt.tls == nil)
        #expect(config.homeAssistant == HomeAssistantSettings(discovery: true, prefix: "homeassistant"))
        #expect(units(config) == "°C km/h hPa mm km")
        #expect(config.forecastHours == 48)
        #expect(config.forecastDays == 7)
        #expect(config.contact == nil)
        #expect(config.stateDirectory == "/var/lib/weather2mqtt")
        #expect(config.logLevel == .info)
        #expect(config.warnings.isEmpty)
        #expect(
            config.locations == [
                LocationSettings(
                    id: "home", name: "home", latitude: 52.52, longitude: 13.405, timezone: nil,
                    providers: ["open-meteo"], interval: 900, line: 2)
            ])
        #expect(
            config.providers == [
                "open-meteo": ProviderSettings(
                    name: "open-meteo", baseURL: "https://api.open-meteo.com",
                    geocodingURL: "https://geocoding-api.open-meteo.com")
            ])
        #expect(config.provider("nws")?.baseURL == "https://api.weather.gov", "known providers answer with defaults")
        #expect(config.provider("darksky") == nil)
    }

    @Test("mqtts:// without a tls section verifies with the system's authorities")
    func mqttsDefaults() throws {
        let config = try ConfigTesting.parse(ConfigTesting.withMinimal("mqtt: { url: \"mqtts://broker.example.com\" }"))
        #expect(config.mqtt.port == 8883)
        #expect(config.mqtt.tls == TLSSettings(caFile: nil, certFile: nil, keyFile: nil, insecure: false))
    }

    @Test("explicit values replace every default")
    func explicitValues() throws {
        let config = try ConfigTesting.parse(
            """
            mqtt:
              url: mqtts://[::1]:8884/
              client_id: bridge-1
              username: u
              password: p
              base_topic: home/weather
              qos: 2
              retain: false
              protocol: 3.1.1
              keepalive: 2m
              message_expiry: 0
              flat_topics: false
              tls: { insecure: true }
            homeassistant: { discovery: false, prefix: ha }
            units: { temperature: °F, wind_speed: kn }
            forecast: { hours: 0, days: 16 }
            contact: ops@example.com
            state_dir: state
            log_level: debug
            providers:
              open-meteo: { base_url: "http://localhost:8080/", geocoding_url: http://localhost:8081, daily_budget: 500 }
              openweathermap: { api_key: abc, api: free }
            locations:
              - id: cabin_2
                name: The Cabin
                latitude: -33
                longitude: 151.2
                timezone: Australia/Sydney
                providers: [openweathermap, open-meteo]
                interval: 1h30m
            """)
        #expect(config.mqtt.host == "::1")
        #expect(config.mqtt.port == 8884)
        #expect(config.mqtt.url == "mqtts://[::1]:8884")
        #expect(config.mqtt.clientID == "bridge-1")
        #expect(config.mqtt.qos == 2)
        #expect(!config.mqtt.retain)
        #expect(config.mqtt.protocolVersion == .v311)
        #expect(config.mqtt.keepAlive == 120)
        #expect(!config.mqtt.flatTopics.current)
        #expect(config.mqtt.tls?.insecure == true)
        #expect(config.warnings == ["tls.insecure is true: the broker's certificate is NOT verified"])
        #expect(config.homeAssistant == HomeAssistantSettings(discovery: false, prefix: "ha"))
        #expect(units(config) == "°F kn hPa mm km", "missing quantities come from metric")
        #expect(config.forecastHours == 0)
        #expect(config.forecastDays == 16)
        #expect(config.stateDirectory == "state", "relative paths stay relative when the file's path has no folder")
        #expect(config.logLevel == .debug)
        let openMeteo = try #require(config.provider("open-meteo"))
        #expect(openMeteo.baseURL == "http://localhost:8080")
        #expect(openMeteo.geocodingURL == "http://localhost:8081")
        #expect(openMeteo.dailyBudget == 500)
        #expect(config.provider("openweathermap")?.api == "free")
        let cabin = try #require(config.locations.first)
        #expect(cabin.name == "The Cabin")
        #expect(cabin.latitude == -33)
        #expect(cabin.interval == 5400)
    }

    @Test(
        "unit presets by name (SPEC §4)",
        arguments: [
            ("metric", "°C km/h hPa mm km"), ("imperial", "°F mph inHg in mi"), ("si", "°C m/s hPa mm km"),
            ("uk", "°C mph hPa mm mi"),
        ])
    func unitPresets(_ name: String, _ expected: String) throws {
        let config = try ConfigTesting.parse(ConfigTesting.withMinimal("units: \(name)"))
        #expect(units(config) == expected)
    }

    private func units(_ config: BridgeConfiguration) -> String {
        let units = config.units
        return [
            units.temperature.rawValue, units.windSpeed.rawValue, units.pressure.rawValue,
            units.precipitation.rawValue, units.distance.rawValue,
        ].joined(separator: " ")
    }

    @Test("log levels order from trace to error")
    func logLevels() {
        #expect(LogLevel.trace < .debug)
        #expect(LogLevel.warning < .error)
        #expect(LogLevel.allCases.sorted() == LogLevel.allCases)
    }

    @Test("descriptions never show secrets")
    func redaction() throws {
        let config = try ConfigTesting.parse(
            ConfigTesting.withMinimal(
                "mqtt: { username: u, password: hunter2 }\nproviders: { open-meteo: { api_key: topsecret } }"))
        #expect(!"\(config.mqtt)".contains("hunter2"))
        #expect(!"\(config.provider("open-meteo")!)".contains("topsecret"))
    }

    @Test("errors read file:line[:column]: message and carry exit code 78")
    func errorDescription() {
        #expect(
            ConfigurationError(file: "config.yaml", line: 12, column: 3, message: "unknown key 'qso' in mqtt")
                .description == "config.yaml:12:3: unknown key 'qso' in mqtt")
        #expect(
            ConfigurationError(file: "config.yaml", line: 12, message: "unknown key 'qso' in mqtt").description
                == "config.yaml:12: unknown key 'qso' in mqtt")
        #expect(ConfigurationError(file: "c.yaml", line: nil, message: "m").description == "c.yaml: m")
        #expect(ConfigurationError.exitCode == 78)
    }
}
