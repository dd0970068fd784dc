import Foundation
import TestSupport
import Testing

/// API keys and the MQTT password never leave the process: not in a log line, not on stdout,
/// not in a topic, not in `state_dir` — also when a provider echoes the key back in an error
/// body, when the key is part of the URL's path (Pirate Weather), and when a redirect names it.
@Suite("Hardening: secrets never leak", .serialized, .enabled(if: TestPKI.available, "needs mosquitto_passwd"))
struct HardeningSecretsTests {
    static let owmKey = "0wmKey4d1c5e6f7a8b9c0d1e2f3a4b5c6d"
    static let pirateKey = "PirateKey9f8e7d6c5b4a3"
    static let mqttPassword = "mqtt-Pa55word-7f3e2d"
    static let secrets = [owmKey, pirateKey, mqttPassword]

    /// The two locations: each has both providers, in opposite order.
    static let berlin = "/forecast/\(pirateKey)/52.5200,13.4050"
    static let newYork = "/forecast/\(pirateKey)/40.7886,-73.9661"

    /// Hostile answers: OpenWeatherMap refuses the key and quotes it; Pirate Weather fails
    /// with bodies that hold the key, or redirects to a URL with the key in it.
    static func routeHostileAnswers(_ server: FixtureServer) throws {
        try server.reset()
        try server.route(
            "/data/3.0/onecall",
            [
                .json(
                    #"{"cod":401,"message":"Invalid API key \#(owmKey). Please see https://openweathermap.org/faq#error401"}"#,
                    status: 401)
            ])
        try server.route(
            berlin,
            [.json(#"{"code":500,"error":"internal error in /forecast/\#(pirateKey)/52.5200,13.4050"}"#, status: 500)])
        try server.route(
            newYork,
            [
                .text("upstream failed for key=\(pirateKey)", status: 500),
                .redirect(to: "ftp://127.0.0.1/\(pirateKey)/forecast"),
            ])
    }

    /// Answers that parse, but quote the key where a decoder puts a value into its message.
    static func routeQuotingAnswers(_ server: FixtureServer) throws {
        try server.reset()
        try server.route(
            "/data/3.0/onecall", [.json(#"{"timezone_offset":"\#(owmKey)","current":{"dt":"\#(owmKey)"}}"#)])
        try server.route(berlin, [.json(#"{"flags":{"units":"\#(pirateKey)"},"currently":{"time":1770400000}}"#)])
        try server.route(newYork, [.json(#"{"flags":{"units":"\#(pirateKey)"},"currently":{"time":1770400000}}"#)])
    }

    /// Where the secrets come from: the environment (`${VAR}`) or `*_file`.
    enum Source: String, CaseIterable, Sendable { case environment, files }

    /// A configuration for both providers with the secrets from `source`; returns its path and
    /// the environment the commands need.
    static func config(
        _ source: Source, broker: TestBroker, server: FixtureServer, state: String, folder: TemporaryFolder
    ) -> (path: String, environment: [String: String]) {
        var environment = ["WEATHER2MQTT_NOW": BridgeEndToEndTests.now]
        let password: String
        let owm: String
        let pirate: String
        switch source {
        case .environment:
            environment["MQTT_PASSWORD"] = mqttPassword
            environment["OWM_KEY"] = owmKey
            environment["PIRATE_WEATHER_KEY"] = pirateKey
            password = "password: ${MQTT_PASSWORD}"
            owm = #"api_key: "${OWM_KEY}""#
            pirate = #"api_key: "${PIRATE_WEATHER_KEY}""#
        case .files:
            var paths: [String] = []
            for (name, secret) in [("mqtt_password", mqttPassword), ("owm", owmKey), ("pirate", pirateKey)] {
                let path = folder.write(name, secret + "\n")
                chmod(path, 0o600)
                paths.append(path)
            }
            password = "password_file: \(paths[0])"
            owm = "api_key_file: \(paths[1])"
            pirate = "api_key_file: \(paths[2])"
        }
        let path = folder.write(
            "config-\(source.rawValue).yaml",
            """
            mqtt:
              url: \(broker.url)
              client_id: secrets-test
              username: bridge
              \(password)
            log_level: trace
            state_dir: \(state)
            contact: tests@example.com
            providers:
              openweathermap: { \(owm), base_url: \(server.baseURL) }
              pirate-weather: { \(pirate), base_url: \(server.baseURL) }
            locations:
              - { id: berlin, latitude: 52.52, longitude: 13.405, timezone: Europe/Berlin, providers: [openweathermap, pirate-weather] }
              - { id: nyc, latitude: 40.7886, longitude: -73.9661, timezone: America/New_York, providers: [pirate-weather, openweathermap] }
            """)
        return (path, environment)
    }

    @Test("run --once, fetch, check and weatherview write no secret anywhere", arguments: Source.allCases)
    func nothingLeaks(_ source: Source) throws {
        let passwords = TemporaryFolder()
        let passwordFile = passwords.path + "/passwd"
        try TestPKI.run(
            "mosquitto_passwd", ["-c", "-b", passwordFile, "bridge", Self.mqttPassword], in: passwords.path)
        // Anonymous clients may still connect (to read every topic below); `bridge` must log in.
        let broker = try TestBroker.start(extraConfig: "password_file \(passwordFile)")
        let server = try FixtureServer.start()
        let folder = TemporaryFolder()
        let state = TemporaryFolder()
        let (config, environment) = Self.config(
            source, broker: broker, server: server, state: state.path, folder: folder)

        var written: [(what: String, text: String)] = []
        func record(_ what: String, _ result: BridgeProcess.Result) {
            written.append(("\(what) stdout", result.stdout))
            written.append(("\(what) stderr", result.stderr))
        }

        func at(_ now: String) -> [String: String] { environment.merging(["WEATHER2MQTT_NOW": now]) { $1 } }

        try Self.routeHostileAnswers(server)
        let once = try BridgeProcess.run(["run", "--once", "--config", config], environment: environment)
        #expect(once.status == 69, "the providers failed: \(once.stderr)")
        #expect(once.stderr.contains("connected to the MQTT broker"), "the bridge logged in: \(once.stderr)")
        #expect(once.stderr.contains("***"), "the echoed key is shown redacted: \(once.stderr)")
        record("run --once", once)
        // An hour later the locations are due again; New York's Pirate Weather now redirects to
        // a URL naming the key.
        record(
            "run --once later",
            try BridgeProcess.run(["run", "--once", "--config", config], environment: at("2026-02-06T22:40:00Z")))
        let fetch = try BridgeProcess.run(["fetch", "--config", config], environment: environment)
        #expect(fetch.status == 69 || fetch.status == 65, "\(fetch.stderr)")
        record("fetch", fetch)
        let check = try BridgeProcess.run(["check", "--config", config], environment: environment)
        #expect(check.status == 0, "\(check.stderr)")
        record("check", check)
        record(
            "ha-template",
            try BridgeProcess.run(["ha-template", "--location", "nyc", "--config", config], environment: environment))

        // Answers that parse but quote the key in a value a decoder complains about.
        try Self.routeQuotingAnswers(server)
        for location in ["berlin", "nyc"] {
            record(
                "fetch \(location) (quoting)",
                try BridgeProcess.run(["fetch", "--config", config, "--location", location], environment: environment))
        }
        // The service, once more later, until both locations have failed again; then SIGTERM.
        let service = try BridgeProcess(["run", "--config", config], environment: at("2026-02-06T23:40:00Z"))
        #expect(
            waitUntil(seconds: 15) { lines(of: service.stderr, containing: "refresh failed").count >= 2 },
            "\(service.stderr)")
        #expect(service.terminate() == 0, "\(service.stderr)")
        written.append(("run stderr", service.stderr))

        // weatherview with the password from the configuration (environment or file) and from --password-file.
        let viewer = WeatherviewCommand(executable: BridgeProcess.executable)
        for arguments in [
            ["show", "nyc", "--config", config],
            ["get", "nyc", "status.last_error.message", "--config", config],
            ["locations", "--config", config],
            [
                "get", "berlin", "status", "--broker", broker.url, "--username", "bridge", "--password-file",
                Self.passwordFile(in: folder),
            ],
        ] {
            let result = try viewer.run(arguments, environment: environment)
            #expect(result.status != 69, "weatherview reached the broker: \(result.stderr)")
            record("weatherview \(arguments[0])", result)
        }

        // Every retained topic, and every file in state_dir.
        let topics = try broker.retained("#", timeout: 5)
        #expect(topics["weather/nyc/status"] != nil, "\(topics.keys.sorted())")
        for (topic, payload) in topics { written.append(("topic \(topic)", payload)) }
        for file in Self.files(under: state.path) {
            written.append(
                (
                    "state file \(file)",
                    String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
                ))
        }
        #expect(!Self.files(under: state.path).isEmpty, "the bridge saved its state")

        for (what, text) in written {
            for secret in Self.secrets {
                #expect(!text.contains(secret), "\(what) holds a secret:\n\(text)")
            }
        }
    }

    static func passwordFile(in folder: TemporaryFolder) -> String {
        let path = folder.write("viewer_password", mqttPassword + "\n")
        chmod(path, 0o600)
        return path
    }

    static func files(under directory: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: directory)
        var result: [String] = []
        while let entry = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = directory + "/" + entry
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result.append(path)
            }
        }
        return result
    }
}

/// Runs the built `weatherview` (next to `weather2mqtt`) to completion.
struct WeatherviewCommand {
    let path: String

    init(executable bridge: String) {
        path = (bridge as NSString).deletingLastPathComponent + "/weatherview"
    }

    func run(_ arguments: [String], environment: [String: String], timeout: Double = 30) throws -> BridgeProcess.Result
    {
        try BridgeProcess.run(
            arguments + ["--timeout", "5"], environment: environment, timeout: timeout, executable: path)
    }
}
