import Configuration
import Testing

/// One rule of SPEC §2 per case: the message names the line, the key and what would be valid.
@Suite("Validation rules")
struct ValidationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var yaml: String
        var line: Int?
        var mentions: [String]
        var environment: [String: String] = [:]
        var files: [String: String] = [:]
        var testDescription: String { name }
    }

    /// `minimal` after `section`: its location item starts on line `section lines + 2`.
    static func with(_ section: String) -> String { ConfigTesting.withMinimal(section) }

    /// A location with `lines` added after its coordinates (from line 5 on).
    static func location(_ lines: String, before: String = "") -> String {
        before + "locations:\n  - id: home\n    latitude: 52.52\n    longitude: 13.405\n" + lines
    }

    static let cases: [Case] = [
        // Unknown keys, at every level.
        Case(
            name: "unknown top-level key", yaml: with("mqqt: {}"), line: 1,
            mentions: ["unknown key 'mqqt' at the top level", "did you mean 'mqtt'?", "valid: mqtt, homeassistant"]),
        Case(
            name: "unknown key in mqtt", yaml: with("mqtt:\n  url: mqtt://x\n  qso: 1"), line: 3,
            mentions: ["unknown key 'qso' in mqtt", "did you mean 'qos'?", "valid: url, client_id"]),
        Case(
            name: "unknown key in mqtt.tls", yaml: with("mqtt:\n  url: mqtts://x\n  tls:\n    verify: true"), line: 4,
            mentions: ["unknown key 'verify' in mqtt.tls", "ca_file, cert_file, key_file, insecure"]),
        Case(
            name: "unknown key in homeassistant", yaml: with("homeassistant:\n  enabled: true"), line: 2,
            mentions: ["unknown key 'enabled' in homeassistant", "discovery, prefix"]),
        Case(
            name: "unknown key in forecast", yaml: with("forecast: { hour: 3 }"), line: 1,
            mentions: ["unknown key 'hour' in forecast", "did you mean 'hours'?"]),
        Case(
            name: "unknown key in units", yaml: with("units: { wind: kn }"), line: 1,
            mentions: ["unknown key 'wind' in units", "temperature, wind_speed, pressure"]),
        Case(
            name: "unknown provider section", yaml: with("providers:\n  darksky: {}"), line: 2,
            mentions: ["unknown key 'darksky' in providers", "open-meteo, openweathermap, pirate-weather, met-no, nws"]),
        Case(
            name: "key of another provider", yaml: with("providers:\n  met-no:\n    api: free"), line: 3,
            mentions: ["unknown key 'api' in providers.met-no", "valid: base_url, api_key, api_key_file, daily_budget"]),
        Case(
            name: "geocoding_url outside open-meteo", yaml: with("providers:\n  nws: { geocoding_url: http://x }"),
            line: 2, mentions: ["unknown key 'geocoding_url' in providers.nws"]),
        Case(
            name: "unknown key in a location", yaml: location("    lat: 1\n"), line: 5,
            mentions: ["unknown key 'lat' in locations[0]", "id, name, latitude, longitude, timezone"]),
        // Types.
        Case(
            name: "section of the wrong kind", yaml: with("mqtt: [a, b]"), line: 1,
            mentions: ["mqtt must be a mapping of keys (url, client_id", "not a list"]),
        Case(
            name: "quoted number", yaml: with("mqtt:\n  qos: \"1\""), line: 2,
            mentions: ["mqtt.qos must be a number, not the quoted text \"1\""]),
        Case(
            name: "text for a number", yaml: with("mqtt:\n  qos: one"), line: 2,
            mentions: ["mqtt.qos must be a whole number"]),
        Case(
            name: "yes for a flag", yaml: with("mqtt:\n  retain: yes"), line: 2,
            mentions: ["mqtt.retain must be true or false (got 'yes')"]),
        Case(
            name: "quoted flag", yaml: with("homeassistant: { discovery: \"true\" }"), line: 1,
            mentions: ["homeassistant.discovery must be true or false"]),
        Case(
            name: "list for a text value", yaml: with("contact: [a, b]"), line: 1,
            mentions: ["contact must be a single value, not a list"]),
        Case(
            name: "latitude as text", yaml: "locations:\n  - id: home\n    latitude: \"52.52\"\n    longitude: 13\n",
            line: 3, mentions: ["locations[0].latitude must be a number"]),
        Case(
            name: "latitude not a number", yaml: "locations:\n  - id: home\n    latitude: north\n    longitude: 13\n",
            line: 3, mentions: ["locations[0].latitude must be a number such as 52.52 (got 'north')"]),
        Case(
            name: "latitude .nan", yaml: "locations:\n  - id: home\n    latitude: .nan\n    longitude: 13\n",
            line: 3, mentions: ["locations[0].latitude must be a number"]),
        // MQTT ranges and formats.
        Case(name: "qos 3", yaml: with("mqtt:\n  qos: 3"), line: 2, mentions: ["mqtt.qos must be 0…2 (got 3)"]),
        Case(
            name: "protocol 4", yaml: with("mqtt:\n  protocol: 4"), line: 2,
            mentions: ["mqtt.protocol must be 5 or 3.1.1 (got '4')"]),
        Case(
            name: "port 0", yaml: with("mqtt:\n  url: mqtt://host:0"), line: 2,
            mentions: ["port must be 1…65535 (got '0')"]),
        Case(
            name: "port 70000", yaml: with("mqtt:\n  url: mqtt://host:70000"), line: 2,
            mentions: ["mqtt.url: the port must be 1…65535"]),
        Case(
            name: "unsupported scheme", yaml: with("mqtt:\n  url: tcp://host"), line: 2,
            mentions: ["mqtt.url has the scheme 'tcp': valid are mqtt:// and mqtts://"]),
        Case(
            name: "url without scheme", yaml: with("mqtt:\n  url: 192.168.1.2"), line: 2,
            mentions: ["mqtt.url must look like mqtt://host[:port] or mqtts://host[:port]"]),
        Case(
            name: "credentials in the url", yaml: with("mqtt:\n  url: mqtt://u:p@host"), line: 2,
            mentions: ["must not hold credentials"]),
        Case(
            name: "url with a path", yaml: with("mqtt:\n  url: mqtt://host/topic"), line: 2,
            mentions: ["without a path"]),
        Case(
            name: "keepalive too short", yaml: with("mqtt:\n  keepalive: 1s"), line: 2,
            mentions: ["mqtt.keepalive must be at least 5s (got 1s)"]),
        Case(
            name: "keepalive too long", yaml: with("mqtt:\n  keepalive: 1d"), line: 2,
            mentions: ["mqtt.keepalive must be at most 18h12m15s"]),
        Case(
            name: "keepalive not a duration", yaml: with("mqtt:\n  keepalive: soon"), line: 2,
            mentions: ["mqtt.keepalive must be a duration such as 90s, 15m, 2h or 1d (got 'soon')"]),
        Case(
            name: "message expiry with MQTT 3.1.1", yaml: with("mqtt:\n  protocol: 3.1.1\n  message_expiry: 12h"),
            line: 3,
            mentions: ["mqtt.message_expiry needs protocol: 5"]),
        Case(
            name: "wildcard in base_topic", yaml: with("mqtt:\n  base_topic: weather/#"), line: 2,
            mentions: ["mqtt.base_topic must not contain the MQTT wildcards + or #"]),
        Case(
            name: "leading slash in base_topic", yaml: with("mqtt:\n  base_topic: /weather"), line: 2,
            mentions: ["mqtt.base_topic must not start or end with '/'"]),
        Case(
            name: "trailing slash in the discovery prefix", yaml: with("homeassistant:\n  prefix: homeassistant/"),
            line: 2, mentions: ["homeassistant.prefix must not start or end with '/'"]),
        Case(
            name: "empty client_id", yaml: with("mqtt:\n  client_id: \"\""), line: 2,
            mentions: ["mqtt.client_id must not be empty"]),
        Case(
            name: "client certificate without its key",
            yaml: with("mqtt:\n  url: mqtts://broker\n  tls:\n    cert_file: /c.crt"), line: 4,
            mentions: ["mqtt.tls.cert_file and mqtt.tls.key_file go together"], files: ["/c.crt": "x"]),
        Case(
            name: "missing CA file", yaml: with("mqtt:\n  url: mqtts://broker\n  tls:\n    ca_file: /nowhere.pem"),
            line: 4,
            mentions: ["cannot read mqtt.tls.ca_file '/nowhere.pem'"]),
        // Secrets.
        Case(
            name: "password and password_file", yaml: with("mqtt:\n  username: u\n  password: p\n  password_file: /pw"),
            line: 4, mentions: ["give either mqtt.password or mqtt.password_file, not both"], files: ["/pw": "x"]),
        Case(
            name: "password without a username", yaml: with("mqtt:\n  password: p"), line: 2,
            mentions: ["mqtt.password needs mqtt.username"]),
        Case(
            name: "unreadable password_file", yaml: with("mqtt:\n  username: u\n  password_file: /run/missing"),
            line: 3,
            mentions: ["cannot read mqtt.password_file '/run/missing'"]),
        Case(
            name: "empty secret file", yaml: with("mqtt:\n  username: u\n  password_file: /pw"), line: 3,
            mentions: ["mqtt.password_file '/pw' is empty"], files: ["/pw": "\n"]),
        Case(
            name: "api_key and api_key_file",
            yaml: with("providers:\n  pirate-weather:\n    api_key: k\n    api_key_file: /k"), line: 4,
            mentions: ["give either providers.pirate-weather.api_key or providers.pirate-weather.api_key_file"]),
        // Environment.
        Case(
            name: "unset environment variable", yaml: with("mqtt:\n  username: u\n  password: ${MQTT_PASSWORD}"),
            line: 3, mentions: ["environment variable MQTT_PASSWORD is not set (used in mqtt.password)"]),
        Case(
            name: "unclosed ${", yaml: with("contact: ${EMAIL"), line: 1,
            mentions: ["contact: '${' is not closed"]),
        Case(
            name: "invalid variable name", yaml: with("contact: ${1X}"), line: 1,
            mentions: ["'${1X}' is not an environment variable name"]),
        // Top level.
        Case(
            name: "units preset", yaml: with("units: metrics"), line: 1,
            mentions: ["units must be metric, imperial, si or uk"]),
        Case(
            name: "unit of a quantity", yaml: with("units:\n  temperature: Rankine"), line: 2,
            mentions: ["units.temperature: unknown unit 'Rankine' (valid: °C, °F, K)"]),
        Case(
            name: "forecast hours over 384", yaml: with("forecast:\n  hours: 500"), line: 2,
            mentions: ["forecast.hours must be 0…384 (got 500)"]),
        Case(
            name: "forecast days 0", yaml: with("forecast:\n  days: 0"), line: 2,
            mentions: ["forecast.days must be 1…16 (got 0)"]),
        Case(
            name: "forecast days 17", yaml: with("forecast:\n  days: 17"), line: 2,
            mentions: ["forecast.days must be 1…16"]),
        Case(
            name: "log level", yaml: with("log_level: verbose"), line: 1,
            mentions: ["log_level must be one of trace, debug, info, notice, warning, error (got 'verbose')"]),
        Case(
            name: "contact with a line break", yaml: with("contact: \"a@b\\r\\nX-Evil: 1\""), line: 1,
            mentions: ["contact must not contain control characters"]),
        // Providers.
        Case(
            name: "unknown api", yaml: with("providers:\n  openweathermap:\n    api: v2"), line: 3,
            mentions: ["providers.openweathermap.api must be onecall", "onecall4 (One Call 4.0)", "free"]),
        Case(
            name: "daily budget 0", yaml: with("providers:\n  open-meteo:\n    daily_budget: 0"), line: 3,
            mentions: ["providers.open-meteo.daily_budget must be 1…"]),
        Case(
            name: "base_url not http", yaml: with("providers:\n  met-no: { base_url: ftp://api.met.no }"), line: 2,
            mentions: ["providers.met-no.base_url must be an http:// or https:// URL"]),
        // Locations.
        Case(name: "no locations", yaml: "mqtt: {}\n", line: nil, mentions: ["locations: is required"]),
        Case(name: "empty locations", yaml: "locations: []\n", line: 1, mentions: ["locations must list at least one"]),
        Case(
            name: "locations as a mapping", yaml: "locations:\n  home: {}\n", line: 2,
            mentions: ["locations must be a list of locations"]),
        Case(
            name: "missing latitude", yaml: "locations:\n  - id: home\n    longitude: 13\n", line: 2,
            mentions: ["locations[0].latitude is required"]),
        Case(
            name: "missing id", yaml: "locations:\n  - latitude: 1\n    longitude: 2\n", line: 2,
            mentions: ["locations[0].id is required"]),
        Case(
            name: "latitude 95", yaml: "locations:\n  - id: home\n    latitude: 95\n    longitude: 13\n", line: 3,
            mentions: ["locations[0].latitude must be between -90 and 90 (got 95)"]),
        Case(
            name: "longitude -181", yaml: "locations:\n  - id: home\n    latitude: 5\n    longitude: -181\n", line: 4,
            mentions: ["locations[0].longitude must be between -180 and 180"]),
        Case(
            name: "duplicate location ids",
            yaml:
                "locations:\n  - id: home\n    latitude: 1\n    longitude: 2\n  - id: home\n    latitude: 3\n    longitude: 4\n",
            line: 5, mentions: ["duplicate location id 'home' (first on line 2)"]),
        Case(
            name: "elevation out of range", yaml: location("    elevation: 12000\n"), line: 5,
            mentions: ["locations[0].elevation", "12000"]),
        Case(
            name: "elevation not a number", yaml: location("    elevation: high\n"), line: 5,
            mentions: ["locations[0].elevation must be a number"]),
        Case(
            name: "unknown time zone", yaml: location("    timezone: Europe/Berln\n"), line: 5,
            mentions: ["locations[0].timezone: unknown time zone 'Europe/Berln'", "Europe/Berlin"]),
        Case(
            name: "unknown provider", yaml: location("    providers: [met-no, darksky]\n"), line: 5,
            mentions: ["locations[0].providers: unknown provider 'darksky'", "valid: open-meteo, openweathermap"]),
        Case(
            name: "misspelt provider", yaml: location("    providers:\n      - open-meteoo\n"), line: 6,
            mentions: ["did you mean 'open-meteo'?"]),
        Case(
            name: "provider listed twice", yaml: location("    providers: [open-meteo, open-meteo]\n"), line: 5,
            mentions: ["locations[0].providers lists 'open-meteo' twice"]),
        Case(
            name: "providers not a list", yaml: location("    providers: met-no\n"), line: 5,
            mentions: ["locations[0].providers must be a list such as [met-no, open-meteo]"]),
        Case(
            name: "empty provider list", yaml: location("    providers: []\n"), line: 5,
            mentions: ["locations[0].providers must name at least one provider"]),
        Case(
            name: "interval under a minute", yaml: location("    interval: 30s\n"), line: 5,
            mentions: ["locations[0].interval must be at least 1m (got 30s)"]),
        Case(
            name: "nowcast_interval under 5 minutes", yaml: location("    nowcast_interval: 1m\n"), line: 5,
            mentions: ["locations[0].nowcast_interval must be at least 5m (got 1m)"]),
        Case(
            name: "nowcast_interval neither a duration nor false", yaml: location("    nowcast_interval: often\n"),
            line: 5, mentions: ["locations[0].nowcast_interval must be a duration such as 90s, 15m, 2h or 1d"]),
        // Cross-checks.
        Case(
            name: "openweathermap without a key", yaml: location("    providers: [openweathermap]\n"), line: 2,
            mentions: [
                "location 'home' uses openweathermap, which needs an API key", "providers.openweathermap.api_key",
            ]),
        Case(
            name: "pirate-weather without a key",
            yaml: location(
                "    providers: [open-meteo, pirate-weather]\n", before: "providers:\n  pirate-weather: {}\n"),
            line: 2, mentions: ["uses pirate-weather, which needs an API key", "api_key_file"]),
        Case(
            name: "met-no without contact",
            yaml: location("    timezone: Europe/Oslo\n    providers: [met-no]\n"), line: 2,
            mentions: ["location 'home' uses met-no, whose terms require an identifying User-Agent", "contact:"]),
        Case(
            name: "met-no without a time zone",
            yaml: location("    providers: [met-no]\n", before: "contact: me@example.com\n"), line: 3,
            mentions: ["location 'home' uses met-no, which reports no time zone", "locations[0].timezone"]),
        Case(
            name: "nws without contact", yaml: location("    providers: [nws]\n"), line: 2,
            mentions: ["location 'home' uses nws, whose terms require an identifying User-Agent"]),
    ]

    @Test("each rule is enforced with file, line, key and what is valid", arguments: cases)
    func rule(_ rule: Case) throws {
        let error = try #require(
            ConfigTesting.error(rule.yaml, environment: rule.environment, files: rule.files), "loaded without error")
        #expect(error.file == "config.yaml")
        #expect(error.line == rule.line, "\(error)")
        for fragment in rule.mentions {
            #expect(error.message.contains(fragment), "\(error)")
        }
    }

    static let invalidIDs = [
        "Home", "my home", "a/b", "a+b", "a#b", "-home", "_home", "héllo", String(repeating: "a", count: 65),
    ]

    @Test("location ids that cannot be a topic segment are refused", arguments: invalidIDs)
    func invalidLocationID(_ id: String) throws {
        let yaml = "locations:\n  - id: \"\(id)\"\n    latitude: 1\n    longitude: 2\n"
        let error = try #require(ConfigTesting.error(yaml))
        #expect(error.line == 2)
        #expect(error.message.contains("is not a valid location id"), "\(error)")
        #expect(error.message.contains("^[a-z0-9][a-z0-9_-]{0,63}$"))
    }

    @Test("'bridge' is refused as a location id: <base>/bridge/… holds the bridge's own topics")
    func reservedLocationID() throws {
        let error = try #require(ConfigTesting.error("locations:\n  - id: bridge\n    latitude: 1\n    longitude: 2\n"))
        #expect(error.line == 2)
        #expect(error.message.contains("'bridge' is reserved"), "\(error)")
    }

    @Test("valid location ids", arguments: ["home", "0", "a-b_c", "x9", String(repeating: "a", count: 64)])
    func validLocationID(_ id: String) throws {
        let config = try ConfigTesting.parse("locations:\n  - id: \(id)\n    latitude: 1\n    longitude: 2\n")
        #expect(config.locations.first?.id == id)
    }

    @Test("YAML errors name the file, line and column too")
    func yamlErrors() throws {
        let error = try #require(ConfigTesting.error("mqtt:\n  qos: 1\n  qos: 2\n"))
        #expect(error.description == "config.yaml:3:3: duplicate key 'qos' (first on line 2)")
        let wrongType = try #require(ConfigTesting.error("mqtt:\n  retain: true\n  qos: high\n"))
        #expect(wrongType.description.hasPrefix("config.yaml:3:8: mqtt.qos must be a whole number"))
        let unknown = try #require(ConfigTesting.error("mqtt:\n    qso: 1\n"))
        #expect(unknown.description.hasPrefix("config.yaml:2:5: unknown key 'qso' in mqtt (did you mean 'qos'?"))
    }

    @Test("whole numbers and decimals both work for coordinates")
    func coordinates() throws {
        let config = try ConfigTesting.parse("locations:\n  - { id: a, latitude: 52, longitude: -0.5e1 }\n")
        #expect(config.locations.first?.latitude == 52)
        #expect(config.locations.first?.longitude == -5)
    }

    @Test("a tls block next to mqtt:// is ignored with a warning")
    func tlsWithoutTLS() throws {
        let config = try ConfigTesting.parse(ConfigTesting.withMinimal("mqtt:\n  tls: { insecure: true }"))
        #expect(config.mqtt.tls == nil)
        #expect(config.warnings == ["mqtt.tls is ignored: mqtt.url is mqtt:// (unencrypted); use mqtts:// for TLS"])
    }

    @Test("message expiry shorter than an interval is warned about")
    func expiryWarning() throws {
        let config = try ConfigTesting.parse(ConfigTesting.withMinimal("mqtt: { message_expiry: 10m }"))
        #expect(config.mqtt.messageExpiry == 600)
        #expect(config.warnings.first?.contains("shorter than the interval of location 'home' (15m)") == true)
    }
}
