import Foundation
import TestSupport
import Testing

@Suite("weatherview commands against a broker")
struct WeatherviewCommandTests {
    let fresh = ["WEATHER2MQTT_NOW": RetainedWeather.freshNow]

    @Test(
        "get prints plain values, answering long before the timeout",
        arguments: [
            ("current.temperature", "8.5"),
            ("current.summary", "Partly cloudy"),
            ("daily.days.0.temperature_max", "9.5"),
            ("status.state", "ok"),
            ("current.is_day", "true"),
            (
                "current.location",
                #"{"id":"munich","latitude":48.14,"longitude":11.58,"name":"Munich","timezone":"Europe/Berlin"}"#
            ),
        ])
    func get(path: String, expected: String) throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        // A get that waited for its 120 s timeout would be killed by the run's 30 s (status -1).
        let result = try WeatherviewProcess.run(
            ["get", "munich", path, "--broker", broker.url, "--timeout", "120"], environment: fresh)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == expected + "\n")
    }

    @Test("show: the single location when none is named, colour only when asked")
    func showDefaults() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        let plain = try WeatherviewProcess.run(["show", "--broker", broker.url], environment: fresh)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("Munich"))
        #expect(!plain.stdoutBytes.contains(0x1B))
        let always = try WeatherviewProcess.run(
            ["show", "--broker", broker.url, "--color", "always"], environment: fresh)
        #expect(always.stdoutBytes.contains(0x1B))
        let noColor = try WeatherviewProcess.run(
            ["show", "--broker", broker.url, "--color", "auto"], environment: fresh.merging(["NO_COLOR": "1"]) { $1 })
        #expect(!noColor.stdoutBytes.contains(0x1B))
    }

    @Test("show: nowcast and air-quality lines when those topics are there, without waiting for them otherwise")
    func showNowcastAndAir() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        // Without the topics: no lines, and no wait for the timeout (a show that waited for its
        // 120 s would be killed by the run's 30 s: status -1).
        let without = try WeatherviewProcess.run(
            ["show", "munich", "--broker", broker.url, "--timeout", "120"], environment: fresh)
        #expect(without.status == 0, "\(without.stderr)")
        #expect(!without.stdout.contains("Nowcast:") && !without.stdout.contains("Air:"))
        let location = #"{"id":"munich","name":"Munich","latitude":48.14,"longitude":11.58,"timezone":"Europe/Berlin"}"#
        try broker.publish(
            "weather/munich/nowcast",
            #"{"location":\#(location),"available":true,"minutes_until_start":20,"summary":"Light rain starting in about 20 min, for 40 min"}"#,
            retain: true)
        try broker.publish(
            "weather/munich/air_quality",
            #"{"location":\#(location),"current":{"european_aqi":45,"us_aqi":null,"pm2_5":12.2,"pm10":null}}"#,
            retain: true)
        let with = try WeatherviewProcess.run(["show", "munich", "--broker", broker.url], environment: fresh)
        #expect(with.status == 0, "\(with.stderr)")
        #expect(with.stdout.contains("Nowcast: Light rain starting in about 20 min, for 40 min"), "\(with.stdout)")
        #expect(with.stdout.contains("European AQI 45 (moderate)"), "\(with.stdout)")
    }

    @Test("show: glyphs follow the locale; --both-units; --units")
    func showOptions() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        let ascii = try WeatherviewProcess.run(
            ["show", "munich", "--broker", broker.url], environment: fresh.merging(["LANG": "C"]) { $1 })
        #expect(ascii.stdoutBytes.allSatisfy { $0 < 0x80 }, "LANG=C: ASCII only")
        #expect(ascii.stdout.contains("8.5C"))
        #expect(ascii.stdout.contains("pcld"))
        let both = try WeatherviewProcess.run(
            ["show", "munich", "--both-units", "--broker", broker.url], environment: fresh)
        #expect(both.stdout.contains("8.5°C / 47.3°F"))
        let imperial = try WeatherviewProcess.run(
            ["show", "munich", "--units", "imperial", "--broker", broker.url], environment: fresh)
        #expect(imperial.stdout.contains("47.3°F"))
        #expect(imperial.stdout.contains("inHg"))
    }

    @Test("show --format prints one line for a status bar")
    func format() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        let result = try WeatherviewProcess.run(
            ["show", "munich", "--broker", broker.url, "--format", "{glyph} {temp} {condition} {humidity} {age}"],
            environment: fresh)
        #expect(result.status == 0)
        #expect(result.stdout == "◐ 8.5°C Partly cloudy 71% 5 min\n")
    }

    @Test("locations lists what the bridge announces with state and age")
    func locations() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker, info: ["munich", "gone"])
        let result = try WeatherviewProcess.run(["locations", "--broker", broker.url], environment: fresh)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ID") == true)
        #expect(lines.contains { $0.hasPrefix("munich") && $0.contains("ok") && $0.contains("as of 4:15 PM") })
        #expect(lines.contains { $0.hasPrefix("gone") && $0.contains("no data") })
    }

    @Test("broker from WEATHER2MQTT_BROKER and from --config; --base-topic")
    func brokerSources() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker, base: "home/wx")
        let fromEnvironment = try WeatherviewProcess.run(
            ["get", "munich", "status.state", "--base-topic", "home/wx"],
            environment: fresh.merging(["WEATHER2MQTT_BROKER": broker.url]) { $1 })
        #expect(fromEnvironment.status == 0, "\(fromEnvironment.stderr)")
        #expect(fromEnvironment.stdout == "ok\n")

        let folder = TemporaryFolder()
        let config = folder.write("config.yaml", "mqtt:\n  url: \(broker.url)\n  base_topic: home/wx\n")
        let fromConfig = try WeatherviewProcess.run(
            ["--config", config, "get", "munich", "status.state"], environment: fresh)
        #expect(fromConfig.status == 0, "\(fromConfig.stderr)")
        #expect(fromConfig.stdout == "ok\n")

        let broken = folder.write("broken.yaml", "mqtt:\n  urll: \(broker.url)\n")
        let badConfig = try WeatherviewProcess.run(["show", "--config", broken])
        #expect(badConfig.status == 78)
        #expect(badConfig.stderr.contains("broken.yaml"))
    }

    @Test("watch --json prints a line per update until SIGTERM; plain watch until SIGINT")
    func watch() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        let watcher = WeatherviewProcess()
        try watcher.start(["watch", "munich", "--json", "--broker", broker.url], environment: fresh)
        // The retained state comes first.
        let retained = watcher.waitForLine { $0.contains(#""topic":"weather/munich/current""#) }
        #expect(retained != nil, "no retained line: \(watcher.stderr)")
        let update = RetainedWeather.munich["current"]!.replacingOccurrences(
            of: #""temperature":8.5"#, with: #""temperature":-3.25"#)
        try broker.publish("weather/munich/current", update)
        let line = watcher.waitForLine { $0.contains("-3.25") }
        #expect(line?.hasPrefix(#"{"topic":"weather/munich/current","payload":{"#) == true)
        // A broken payload is reported and skipped; the watch goes on.
        try broker.publish("weather/munich/current", "not json")
        try broker.publish("weather/munich/status", #"{"location":"munich","state":"stale"}"#)
        #expect(watcher.waitForLine { $0.contains(#""state":"stale""#) } != nil)
        watcher.signal(SIGTERM)
        #expect(watcher.wait(timeout: 10) == 0)
        #expect(watcher.stderr.contains("weather/munich/current: not valid JSON"))

        let plain = WeatherviewProcess()
        try plain.start(["watch", "--broker", broker.url], environment: fresh)
        #expect(plain.waitForLine { $0.hasPrefix("munich current: 8.5°C Partly cloudy") } != nil, "\(plain.stderr)")
        try broker.publish("weather/bridge/state", "offline")
        #expect(plain.waitForLine { $0 == "bridge state: offline" } != nil)
        plain.signal(SIGINT)
        #expect(plain.wait(timeout: 10) == 0)
    }

    /// An `alerts/event` payload as the bridge publishes it (checked against the schema).
    static func alertEvent(_ change: String, location: String = "munich") throws -> String {
        let payload =
            #"{"schema":1,"location":{"id":"\#(location)","name":"Munich","latitude":48.14,"longitude":11.58,"#
            + #""timezone":"Europe/Berlin"},"event":"\#(change)","at":"2026-02-07T16:16:00+01:00","alert":{"#
            + #""id":"dwd-2","title":"Severe gale gusts","severity":"severe","description":"Gusts up to 90 km/h.","#
            + #""onset":"2026-02-07T12:00:00+01:00","expires":"2026-02-08T18:00:00+01:00","source":"brightsky","#
            + #""uri":null,"event":"wind","awareness":"orange","instruction":null,"#
            + #""sender":"Deutscher Wetterdienst","attribution":"Warnings: Deutscher Wetterdienst, via Bright Sky"}}"#
        let problems = try SchemaValidator.repository().validate(payload, against: "alert-event")
        #expect(problems.isEmpty, "\(problems)")
        return payload
    }

    @Test("watch prints warning events as they come, passes them through with --json, reports bad ones")
    func watchAlertEvents() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        try broker.publish("weather/bridge/state", "online", retain: true)
        let plain = WeatherviewProcess()
        try plain.start(["watch", "--broker", broker.url, "--lang", "de"], environment: fresh)
        // bridge/state is subscribed last: its retained line means the events are subscribed.
        #expect(plain.waitForLine { $0 == "bridge state: online" } != nil, "\(plain.stderr)")
        try broker.publish("weather/munich/alerts/event", try Self.alertEvent("new"))
        let line = plain.waitForLine { $0.hasPrefix("munich alert new:") }
        #expect(
            line
                == "munich alert new: Unwetter · Severe gale gusts · bis So 18:00 · "
                + "Warnings: Deutscher Wetterdienst, via Bright Sky (16:16)", "\(plain.stdout)\n\(plain.stderr)")
        // Another publisher's junk, and an event naming another location: a message each, and on.
        try broker.publish("weather/munich/alerts/event", "storm!")
        try broker.publish("weather/gone/alerts/event", try Self.alertEvent("new"))
        try broker.publish("weather/munich/alerts/event", try Self.alertEvent("ended"))
        #expect(plain.waitForLine { $0.hasPrefix("munich alert ended: Unwetter") } != nil, "\(plain.stderr)")
        plain.signal(SIGINT)
        #expect(plain.wait(timeout: 10) == 0)
        #expect(plain.stderr.contains("weather/munich/alerts/event: not valid JSON"), "\(plain.stderr)")
        #expect(
            plain.stderr.contains("'munich' does not match the topic's location 'gone' (warning event ignored)"),
            "\(plain.stderr)")

        let json = WeatherviewProcess()
        try json.start(["watch", "munich", "--json", "--broker", broker.url], environment: fresh)
        #expect(json.waitForLine { $0.contains(#""topic":"weather/munich/status""#) } != nil, "\(json.stderr)")
        try broker.publish("weather/munich/alerts/event", try Self.alertEvent("updated"))
        let passed = json.waitForLine { $0.contains("alerts/event") }
        #expect(passed?.hasPrefix(#"{"topic":"weather/munich/alerts/event","payload":{""#) == true)
        #expect(passed?.contains(#""event":"updated""#) == true)
        json.signal(SIGTERM)
        #expect(json.wait(timeout: 10) == 0)
    }

    @Test(
        "render writes a frame and runs --exec once; --watch redraws on new data, runs --exec per frame, ends on SIGTERM"
    )
    func renderAndWatch() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        let folder = TemporaryFolder()
        let frame = folder.path + "/frame.png"
        let once = try WeatherviewProcess.run(
            [
                "render", "munich", "--size", "250x122", "--out", frame, "--exec", "echo once {file}", "--broker",
                broker.url,
            ],
            environment: fresh)
        #expect(once.status == 0, "\(once.stderr)")
        #expect(once.stdout == "once \(frame)\n")
        let bytes = try #require(FileManager.default.contents(atPath: frame))
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])

        let watcher = WeatherviewProcess()
        try watcher.start(
            [
                "render", "munich", "--size", "250x122", "--out", frame, "--watch", "--min-interval", "0s",
                "--exec", "echo frame {file}", "--broker", broker.url,
            ], environment: fresh)
        #expect(watcher.waitForLine { $0 == "frame \(frame)" } != nil, "no first frame: \(watcher.stderr)")
        let update = RetainedWeather.munich["current"]!.replacingOccurrences(
            of: #""temperature":8.5"#, with: #""temperature":-13.5"#)
        try broker.publish("weather/munich/current", update)
        _ = waitUntil(seconds: 10) { watcher.stdout.components(separatedBy: "frame ").count >= 3 }
        #expect(watcher.stdout == "frame \(frame)\nframe \(frame)\n", "\(watcher.stderr)")
        watcher.signal(SIGTERM)
        #expect(watcher.wait(timeout: 10) == 0)
        #expect(watcher.stderr.components(separatedBy: "wrote \(frame)").count == 3, "\(watcher.stderr)")
    }
}
