import Foundation
import TestSupport
import Testing

/// Every exit code of SPEC §7, produced from the outside: the built binary against a real
/// broker holding retained payloads.
@Suite("weatherview exit codes")
struct WeatherviewExitCodeTests {
    let fresh = ["WEATHER2MQTT_NOW": RetainedWeather.freshNow]

    @Test("0: fresh data is shown")
    func success() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        let result = try WeatherviewProcess.run(["show", "munich", "--broker", broker.url], environment: fresh)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Munich"))
        #expect(result.stdout.contains("8.5°C"))
        #expect(result.stdout.contains("as of 4:15 PM"))
        #expect(!result.stdoutBytes.contains(0x1B), "plain output (not a terminal) has no escape byte")
    }

    @Test("4: stale data is still shown, with a warning")
    func stale() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        // Without WEATHER2MQTT_NOW the recording from February is long expired.
        let result = try WeatherviewProcess.run(["show", "munich", "--broker", broker.url])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stdout.contains("Stale: expired at"))
        #expect(result.stderr.contains("stale"))

        let status = try WeatherviewProcess.run(
            ["get", "munich", "current.temperature", "--broker", broker.url], environment: fresh)
        #expect(status.status == 0)
        try broker.publish(
            "weather/munich/status",
            #"{"location":"munich","state":"error","provider":"open-meteo","last_error":null}"#,
            retain: true)
        let erroring = try WeatherviewProcess.run(
            ["get", "munich", "current.temperature", "--broker", broker.url], environment: fresh)
        #expect(erroring.status == 4)
        #expect(erroring.stdout == "8.5\n")
    }

    @Test(
        "64: usage errors",
        arguments: [
            ["show", "--units", "kelvin"],
            ["show", "--glyphs", "hieroglyphs"],
            ["show", "munich", "--format", "{nope}"],
            ["get", "munich"],
            ["get", "munich", "weather.temperature"],
            ["get", "Munich/#", "current.temperature"],
            ["show", "--broker", "http://example.com"],
            ["show", "--timeout", "-1"],
            ["frobnicate"],
        ])
    func usage(arguments: [String]) throws {
        let result = try WeatherviewProcess.run(
            arguments + ["--timeout", "2"].filter { _ in !arguments.contains("--timeout") })
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
    }

    @Test("64: a path that names nothing, named in the message")
    func unknownPath() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        let result = try WeatherviewProcess.run(
            ["get", "munich", "current.temprature", "--broker", broker.url], environment: fresh)
        #expect(result.status == 64)
        #expect(result.stderr.contains("current.temprature"))
        #expect(result.stdout.isEmpty)
    }

    @Test("64: several locations and none named")
    func ambiguousLocation() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker, id: "munich", info: ["munich", "home"])
        try RetainedWeather.publish(to: broker, id: "home", info: ["munich", "home"])
        let result = try WeatherviewProcess.run(["show", "--broker", broker.url], environment: fresh)
        #expect(result.status == 64)
        #expect(result.stderr.contains("home, munich"))
    }

    @Test(
        "65: payloads that do not parse or match the schema",
        arguments: [
            ("over 1 MB", "big"),
            ("deeply nested", "deep"),
            ("not UTF-8", "binary"),
            ("wrong type", "type"),
            ("not JSON", "text"),
        ])
    func badPayload(name: String, kind: String) throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        let bytes: [UInt8]
        switch kind {
        case "big":
            bytes =
                Array(#"{"schema":1,"pad":""#.utf8) + [UInt8](repeating: 0x61, count: 1_200_000) + Array(#""}"#.utf8)
        case "deep": bytes = Array((String(repeating: "[", count: 50_000) + String(repeating: "]", count: 50_000)).utf8)
        case "binary": bytes = [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D]
        case "type":
            bytes = Array(
                RetainedWeather.munich["current"]!.replacingOccurrences(
                    of: #""temperature":8.5"#, with: #""temperature":"8.5""#
                ).utf8)
        default: bytes = Array("hello".utf8)
        }
        try RetainedWeather.publishBytes(bytes, topic: "weather/munich/current", to: broker)
        for command in [["show", "munich"], ["get", "munich", "current.temperature"]] {
            let result = try WeatherviewProcess.run(command + ["--broker", broker.url], environment: fresh)
            #expect(result.status == 65, "\(name) \(command): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("weather/munich/current"), "\(name): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    @Test("66: nothing for the location within the timeout")
    func noData() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        let result = try WeatherviewProcess.run(
            ["show", "paris", "--broker", broker.url, "--timeout", "1"], environment: fresh)
        #expect(result.status == 66)
        #expect(result.stderr.contains("paris"))
        let empty = try TestBroker.start()
        let none = try WeatherviewProcess.run(["show", "--broker", empty.url, "--timeout", "1"])
        #expect(none.status == 66)
        let locations = try WeatherviewProcess.run(["locations", "--broker", empty.url, "--timeout", "1"])
        #expect(locations.status == 66)
    }

    @Test("69: broker unreachable, refused at once rather than after the timeout")
    func unreachable() throws {
        let port = freeLoopbackPort()
        // Waiting for the 120 s timeout would be killed by the run's 30 s (status -1, not 69).
        let result = try WeatherviewProcess.run(
            ["get", "munich", "current.temperature", "--broker", "mqtt://127.0.0.1:\(port)", "--timeout", "120"])
        #expect(result.status == 69)
        #expect(result.stderr.contains("127.0.0.1:\(port)"))
    }

    @Test("69: a broker that stopped")
    func brokerStopped() throws {
        let broker = try TestBroker.start()
        let url = broker.url
        broker.stop()
        let result = try WeatherviewProcess.run(["show", "munich", "--broker", url, "--timeout", "3"])
        #expect(result.status == 69)
    }

    @Test("73: render cannot write its output file, named in the message; nothing is left behind")
    func cannotWrite() throws {
        // A folder that does not exist: the frame has nowhere to go.
        let folder = TemporaryFolder()
        let out = folder.path + "/missing/frame.png"
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        let result = try WeatherviewProcess.run(
            ["render", "munich", "--size", "400x300", "--out", out, "--broker", broker.url], environment: fresh)
        #expect(result.status == 73, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write \(out)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/missing"))
    }
}
