import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The user's own station end to end (issue 31): the real executable with a real mosquitto,
/// real HTTP pushes to its listener, real UDP datagrams to its port and a loopback server for a
/// polled device; the provider's answer is a recording replayed with `WEATHER2MQTT_NOW`.
@Suite("Bridge: the user's weather station blended into current", .serialized)
struct StationBridgeTests {
    /// Bergen's Open-Meteo recording and one minute after its current reading.
    static let bergen = TestPaths.fixture(
        "nowcast/open-meteo", "forecast_minutely15_precip_prob_bergen_unixtime_2026.json")
    static let now = "2026-10-01T23:01:00Z"

    static func config(broker: TestBroker, server: FixtureServer, state: TemporaryFolder, stations: String) -> String {
        """
        mqtt:
          url: \(broker.url)
          client_id: station-test
          base_topic: weather
        state_dir: \(state.path)
        contact: tests@example.com
        providers:
          open-meteo: { base_url: \(server.baseURL) }
        stations:
        \(stations)
        locations:
          - id: bergen
            latitude: 60.39
            longitude: 5.32
            timezone: Europe/Oslo
            station: roof
        """
    }

    /// A running bridge with one station `roof` configured by `station` (YAML of one list item).
    struct Running {
        let broker: TestBroker
        let server: FixtureServer
        let state: TemporaryFolder
        let bridge: BridgeProcess

        init(station: String, routes: [(String, FixtureResponse)] = [], environment: [String: String] = [:]) throws {
            try self.init(station: { _ in station }, routes: routes, environment: environment)
        }

        /// `station` is given the fixture server, for a polled device's URL.
        init(
            station: (FixtureServer) -> String, routes: [(String, FixtureResponse)],
            environment: [String: String] = [:]
        ) throws {
            broker = try TestBroker.start()
            server = try FixtureServer.start()
            try server.route("/v1/forecast", [.file(StationBridgeTests.bergen)])
            for (path, response) in routes { try server.route(path, [response]) }
            state = TemporaryFolder()
            let config = state.write(
                "config.yaml",
                StationBridgeTests.config(broker: broker, server: server, state: state, stations: station(server)))
            bridge = try BridgeProcess(
                ["run", "--config", config],
                environment: environment.merging(["WEATHER2MQTT_NOW": StationBridgeTests.now]) { $1 })
        }

        func object(_ topic: String) throws -> [String: Any]? {
            guard let text = try broker.retained(topic, timeout: 1)[topic] else { return nil }
            return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        }

        func current() throws -> [String: Any]? { try object("weather/bergen/current") }

        func source(_ field: String) throws -> String? {
            (try current()?["sources"] as? [String: Any])?[field] as? String
        }

        /// Waits until `current`'s source of `field` is `source`; the payload then.
        func waitFor(_ field: String, from source: String, timeout: Double = 15) throws -> [String: Any] {
            let arrived = try waitUntil(seconds: timeout) { try self.source(field) == source }
            #expect(arrived, "sources.\(field) never became \(source); stderr: \(bridge.stderr)")
            return try #require(try current())
        }

        func status() throws -> String? { try object("weather/stations/roof/status")?["state"] as? String }

        /// A running bridge whose station `roof` is the GW2000B capture's gateway (its PASSKEY),
        /// listening on 127.0.0.1:`port`, once its status says `never`.
        static func ecowitt(port: Int) throws -> Running {
            let running = try Running(
                station: """
                      - id: roof
                        type: ecowitt
                        listen: 127.0.0.1:\(port)
                        elevation: 0
                        match: { passkey: E77D0FB57F98FAF6317D3A20DB83D8ED }
                    """)
            #expect(try waitUntil { try running.status() == "never" }, "stderr: \(running.bridge.stderr)")
            return running
        }
    }

    static func number(_ payload: [String: Any], _ key: String) -> Double? { payload[key] as? Double }

    @Test("rtl_433 through mosquitto: a WS90 event becomes current; another sensor and 102 % never do")
    func rtl433() throws {
        let running = try Running(
            station: """
                  - id: roof
                    type: rtl_433
                    topic: rtl_433/+/events
                    match: { model: Fineoffset-WS90, id: 13355 }
                    max_age: 30s
                """)
        defer { running.bridge.terminate() }
        #expect(try waitUntil { try running.status() == "never" }, "stderr: \(running.bridge.stderr)")
        #expect(try waitUntil { try running.source("temperature") == "open-meteo" })
        let event = String(decoding: Fixtures.bytes("stations/rtl_433", "fineoffset_ws90_weewxsdr.json"), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try running.broker.publish("rtl_433/sdr/events", event)
        let current = try running.waitFor("temperature", from: "station:roof")
        // temperature_C 5.7; humidity 75; wind_avg_m_s 1.3 × 3.6 = 4.68 km/h; wind_dir_deg 87.
        #expect(Self.number(current, "temperature") == 5.7)
        #expect(Self.number(current, "humidity") == 75)
        #expect(abs((Self.number(current, "wind_speed") ?? 0) - 4.68) < 0.051)
        #expect(Self.number(current, "wind_bearing") == 87)
        let sources = try #require(current["sources"] as? [String: String])
        #expect(sources["humidity"] == "station:roof")
        #expect(sources["condition"] == "open-meteo")
        #expect(try waitUntil { try running.status() == "fresh" })
        let validator = try SchemaValidator.repository()
        for (topic, schema) in [
            ("weather/bergen/current", "current"), ("weather/stations/roof/status", "station-status"),
            ("weather/stations/roof/state", "station-state"),
        ] {
            let payload = try #require(try running.broker.retained(topic, timeout: 1)[topic], "missing \(topic)")
            let problems = validator.validate(payload, against: schema)
            #expect(problems.isEmpty, "\(topic): \(problems)")
        }
        // Its Home Assistant device reads the station's state topic.
        let device = try #require(
            try running.object("homeassistant/device/weather2mqtt-station_roof/config"), "no station device")
        let components = try #require(device["cmps"] as? [String: [String: Any]])
        #expect(components["temperature"]?["state_topic"] as? String == "weather/stations/roof/state")
        let viewer = WeatherviewCommand(executable: BridgeProcess.executable)
        let got = try viewer.run(
            ["get", "bergen", "current.sources.temperature", "--broker", running.broker.url],
            environment: ["WEATHER2MQTT_NOW": Self.now])
        #expect(got.status == 0, "stderr: \(got.stderr)")
        #expect(got.stdout.contains("station:roof"), "\(got.stdout)")
        // show marks the station's values and names it.
        let shown = try viewer.run(
            ["show", "bergen", "--broker", running.broker.url, "--color", "never"],
            environment: ["WEATHER2MQTT_NOW": Self.now])
        #expect(shown.stdout.contains("°C*"), "\(shown.stdout)\n\(shown.stderr)")
        #expect(shown.stdout.contains("75 %*") || shown.stdout.contains("75%*"), "\(shown.stdout)")
        #expect(shown.stdout.contains("* station:roof"), "\(shown.stdout)")

        // Another user's WS90 (id 99999) at 30 °C, and our own sensor with humidity 102 %.
        try running.broker.publish(
            "rtl_433/sdr/events",
            event.replacingOccurrences(of: "13355", with: "99999").replacingOccurrences(
                of: "\"temperature_C\" : 5.700", with: "\"temperature_C\" : 30.000"))
        try running.broker.publish(
            "rtl_433/sdr/events",
            event.replacingOccurrences(of: "\"humidity\" : 75", with: "\"humidity\" : 102").replacingOccurrences(
                of: "\"temperature_C\" : 5.700", with: "\"temperature_C\" : 5.900"))
        #expect(try waitUntil { try running.current().flatMap { Self.number($0, "temperature") } == 5.9 })
        let after = try #require(try running.current())
        #expect(Self.number(after, "humidity") == 75)
        let rejected = try #require(
            try running.object("weather/stations/roof/state")?["rejected"] as? [String: [String: Any]])
        #expect(rejected["humidity"]?["rule"] as? String == "envelope")
        #expect(rejected["humidity"]?["value"] as? Double == 102)
        #expect(
            waitUntil { running.bridge.stderr.contains("id 99999") }, "stderr: \(running.bridge.stderr)")

        // Silent for max_age (30 s): the provider again within max_age + 10 s; then it comes back.
        let fallback = try running.waitFor("temperature", from: "open-meteo", timeout: 45)
        #expect(Self.number(fallback, "temperature") != 5.9)
        #expect(try running.status() == "silent")
        try running.broker.publish("rtl_433/sdr/events", event)
        let back = try running.waitFor("temperature", from: "station:roof")
        #expect(Self.number(back, "temperature") == 5.7)
        // Its rain gauge (rain_mm) is kept in state_dir, not rewritten on every message.
        #expect(running.bridge.terminate() == 0)
        let rain = try Data(contentsOf: URL(fileURLWithPath: running.state.path + "/station-roof-rain.json"))
        let saved = try #require(try JSONSerialization.jsonObject(with: rain) as? [String: Any])
        #expect(saved["revision"] as? Int ?? 0 > 0, "\(saved)")
    }

    @Test("Ecowitt form POST to the bridge's listener: blended current, and another PASSKEY logged masked once")
    func ecowittPush() throws {
        let port = freeLoopbackPort()
        let running = try Running.ecowitt(port: port)
        defer { running.bridge.terminate() }
        let form = Self.form("ecowitt", "gw2000b_v2.1.4_ew2m189.json")
        let answer = try Self.post(form, to: "http://127.0.0.1:\(port)/data/report/")
        #expect(answer == "success")
        let current = try running.waitFor("temperature", from: "station:roof")
        // tempf 76.5: (76.5 − 32) × 5 / 9 = 24.72 °C; humidity 36; windgustmph 1.12 × 1.609344 = 1.80 km/h;
        // baromrelin = baromabsin 30.115 inHg × 33.8639 = 1019.81 hPa at elevation 0.
        #expect(Self.number(current, "temperature") == 24.7)
        #expect(Self.number(current, "humidity") == 36)
        #expect(abs((Self.number(current, "wind_gust") ?? 0) - 1.80) < 0.051)
        #expect(abs((Self.number(current, "pressure") ?? 0) - 1019.8) < 0.051)
        #expect((current["sources"] as? [String: String])?["pressure"] == "station:roof")

        // weatherview get follows a source to the station's own topics (SPEC §7 `get`).
        let viewer = WeatherviewCommand(executable: BridgeProcess.executable)
        func get(_ arguments: String...) throws -> (Int32, String) {
            let result = try viewer.run(
                ["get"] + arguments + ["--broker", running.broker.url], environment: ["WEATHER2MQTT_NOW": Self.now])
            #expect(result.stderr.isEmpty, "\(arguments): \(result.stderr)")
            return (result.status, result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let (_, source) = try get("bergen", "current.sources.temperature")
        #expect(source == "station:roof")
        // The station's state keeps two decimals: (76.5 − 32) × 5 / 9 = 24.722… → 24.72.
        let temperature = try get(source, "state.fields.temperature.value")
        #expect(temperature == (0, "24.72"), "\(temperature)")
        let humidity = try get(source, "state.fields.humidity.value")
        #expect(humidity == (0, "36"), "\(humidity)")
        let state = try get(source, "status.state")
        #expect(state == (0, "fresh"), "\(state)")

        // A neighbour's gateway with another key: not taken, one line, its key masked.
        let other = String(decoding: form, as: UTF8.self).replacingOccurrences(
            of: "E77D0FB57F98FAF6317D3A20DB83D8ED", with: "0123456789ABCDEF0123456789AB9876"
        )
        .replacingOccurrences(of: "tempf=76.5", with: "tempf=50.0")
        for _ in 0..<3 { _ = try Self.post(Array(other.utf8), to: "http://127.0.0.1:\(port)/") }
        #expect(waitUntil { running.bridge.stderr.contains("***9876") }, "stderr: \(running.bridge.stderr)")
        #expect(!running.bridge.stderr.contains("0123456789ABCDEF"))
        #expect(running.bridge.stderr.components(separatedBy: "***9876").count == 2)
        #expect(Self.number(try #require(try running.current()), "temperature") == 24.7)
    }

    /// libmicrohttpd's constructor calls gnutls_global_init when the listener opens it; the bridge
    /// exports its own (CMicroHTTPD), which leaves GnuTLS uninitialised (0.9 MB). The loader says
    /// whom it bound the call to.
    @Test("an HTTP station's listener binds libmicrohttpd's gnutls_global_init to the bridge, and pushes still arrive")
    func gnutlsLeftAlone() throws {
        let port = freeLoopbackPort()
        let trace = TemporaryFolder()
        let running = try Running(
            station: """
                  - id: roof
                    type: ecowitt
                    listen: 127.0.0.1:\(port)
                """, environment: ["LD_DEBUG": "bindings", "LD_DEBUG_OUTPUT": trace.path + "/ld"])
        defer { running.bridge.terminate() }
        #expect(try waitUntil { try running.status() == "never" }, "stderr: \(running.bridge.stderr)")
        let answer = try Self.post(Self.form("ecowitt", "gw2000b_v2.1.4_ew2m189.json"), to: "http://127.0.0.1:\(port)/")
        #expect(answer == "success")
        _ = try running.waitFor("temperature", from: "station:roof")
        let files = try FileManager.default.contentsOfDirectory(atPath: trace.path)
        let lines = try files.flatMap { name in
            try String(contentsOfFile: trace.path + "/" + name, encoding: .utf8).split(separator: "\n")
        }
        let binding = lines.filter { $0.contains("libmicrohttpd") && $0.contains("`gnutls_global_init'") }
        #expect(binding.count == 1, "\(binding)")
        #expect(
            binding.first?.contains("to \(BridgeProcess.executable) [0]") == true,
            "bound to GnuTLS itself, which then initialises: \(binding)")
    }

    @Test("Tempest obs_st datagrams to the bridge's UDP port; station pressure reduced with the elevation")
    func tempestDatagram() throws {
        let port = freeLoopbackPort()
        let running = try Running(
            station: """
                  - id: roof
                    type: tempest
                    listen: 127.0.0.1:\(port)
                    elevation: 100
                """)
        defer { running.bridge.terminate() }
        #expect(try waitUntil { try running.status() == "never" }, "stderr: \(running.bridge.stderr)")
        Self.sendDatagram(Array("garbage \u{1}\u{2}".utf8), port: port)
        Self.sendDatagram(Fixtures.bytes("stations/tempest", "doc_obs_st.json"), port: port)
        let current = try running.waitFor("temperature", from: "station:roof")
        // obs: 22.37 °C, 50.26 %, wind avg 0.22 m/s × 3.6 = 0.79 km/h; 1017.57 mb at 100 m:
        // 1017.57 / (1 − 2.25577e-5 × 100)^5.25588 = 1029.71 hPa.
        #expect(Self.number(current, "temperature") == 22.4)
        #expect(abs((Self.number(current, "wind_speed") ?? 0) - 0.79) < 0.051)
        #expect(abs((Self.number(current, "pressure") ?? 0) - 1029.7) < 0.051)
        #expect(running.bridge.stderr.contains("cannot be read"), "stderr: \(running.bridge.stderr)")
    }

    @Test("WeatherLink Live polled on a loopback server: its ISS becomes current")
    func weatherLinkPolled() throws {
        let capture = TestPaths.fixture("stations/weatherlink-live", "wll_current_2021-01-16_siku2.json")
        let running = try Running(
            station: { server in
                """
                  - id: roof
                    type: weatherlink-live
                    url: \(server.baseURL)
                """
            }, routes: [("/v1/current_conditions", .file(capture))])
        let bridge = running.bridge
        defer { bridge.terminate() }
        let arrived = try waitUntil(seconds: 20) { try running.source("temperature") == "station:roof" }
        #expect(arrived, "stderr: \(bridge.stderr)")
        let current = try #require(try running.current())
        // temp 26.6 °F: (26.6 − 32) × 5 / 9 = −3.0 °C; hum 96.9; bar_sea_level 30.239 inHg = 1024.01 hPa.
        #expect(Self.number(current, "temperature") == -3.0)
        #expect(Self.number(current, "humidity") == 97)
        #expect(abs((Self.number(current, "pressure") ?? 0) - 1024.0) < 0.051)
        #expect(try running.server.requests(to: "/v1/current_conditions").count >= 1)
    }

    @Test("WeatherLink Live with url and listen: its UDP broadcast is asked for at /v1/real_time and read")
    func weatherLinkBroadcast() throws {
        let port = freeLoopbackPort()
        let asked = FixtureResponse.json(#"{"data":{"broadcast_port":22222,"duration":1200},"error":null}"#)
        let running = try Running(
            station: { server in
                """
                  - id: roof
                    type: weatherlink-live
                    url: \(server.baseURL)/
                    listen: 127.0.0.1:\(port)
                """
            }, routes: [("/v1/real_time", asked), ("/v1/current_conditions", .status(503))])
        let bridge = running.bridge
        defer { bridge.terminate() }
        // The station timer asks at its first look (5 s after start).
        let requested = try waitUntil(seconds: 20) { try !running.server.requests(to: "/v1/real_time").isEmpty }
        #expect(requested, "stderr: \(bridge.stderr)")
        #expect(try running.server.requests(to: "/v1/real_time").first?.query == "duration=1200")
        Self.sendDatagram(Fixtures.bytes("stations/weatherlink-live", "wll_udp_0000_not_reset_issue4.json"), port: port)
        let current = try running.waitFor("wind_speed", from: "station:roof")
        // wind_speed_last 4.0 mph × 1.609344 = 6.44 km/h (the real-time packet carries wind and rain only)
        #expect(abs((Self.number(current, "wind_speed") ?? 0) - 6.44) < 0.051)
        #expect(try running.source("temperature") != "station:roof")
    }

    @Test("a station's listen address that is taken ends the bridge with 69 and a line that names it")
    func listenTaken() throws {
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(holder, raw, length) == 0 && listen(holder, 1) == 0 && getsockname(holder, raw, &length) == 0
            }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let broker = try TestBroker.start()
        let server = try FixtureServer.start()
        try server.route("/v1/forecast", [.file(Self.bergen)])
        let state = TemporaryFolder()
        let config = state.write(
            "config.yaml",
            Self.config(
                broker: broker, server: server, state: state,
                stations: """
                      - id: roof
                        type: ecowitt
                        listen: 127.0.0.1:\(port)
                    """))
        let result = try BridgeProcess.run(
            ["run", "--config", config], environment: ["WEATHER2MQTT_NOW": Self.now], timeout: 30)
        #expect(result.status == 69, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("cannot listen for station roof"), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("127.0.0.1:\(port)"), "stderr: \(result.stderr)")
    }

    // MARK: - Helpers

    /// A capture kept as a JSON object of form fields, as the urlencoded body the device sends.
    static func form(_ family: String, _ file: String) -> [UInt8] {
        let bytes = Data(Fixtures.bytes("stations/" + family, file))
        guard let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any] else { return [] }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let parts = object.keys.sorted().map { key in
            let value = "\(object[key] ?? "")"
            return key + "=" + (value.addingPercentEncoding(withAllowedCharacters: allowed) ?? value)
        }
        return Array(parts.joined(separator: "&").utf8)
    }

    /// POSTs `body` as a form with curl; the answer's body.
    static func post(_ body: [UInt8], to url: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "--max-time", "5", "--data-binary", "@-", url]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(body))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Sends `bytes` as one UDP datagram to 127.0.0.1:`port`.
    static func sendDatagram(_ bytes: [UInt8], port: Int) {
        let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { target in
                bytes.withUnsafeBytes {
                    sendto(descriptor, $0.baseAddress, $0.count, 0, target, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
    }
}
