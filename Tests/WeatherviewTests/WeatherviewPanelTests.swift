import Foundation
import TestSupport
import Testing

/// `render --panel NAME --panel-device DEV`: the frame drawn from the broker's data goes to the
/// panel (here the recording backend), bit for bit the frame `--out` writes.
@Suite("weatherview render to the panel")
struct WeatherviewPanelTests {
    let fresh = ["WEATHER2MQTT_NOW": RetainedWeather.freshNow]

    /// The canonical stream of a trace (Tests/PanelDriverTests/Golden/canon.py): command → data.
    static func commands(_ trace: String) throws -> [(String, [UInt8])] {
        let canon = TestPaths.testsFolder + "/PanelDriverTests/Golden/canon.py"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", canon, trace]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let op = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            guard op?["op"] as? String == "cmd", let cmd = op?["cmd"] as? String, let hex = op?["data"] as? String
            else { return nil }
            var bytes: [UInt8] = []
            var index = hex.startIndex
            while index < hex.endIndex {
                let next = hex.index(index, offsetBy: 2)
                bytes.append(UInt8(hex[index..<next], radix: 16) ?? 0)
                index = next
            }
            return (cmd, bytes)
        }
    }

    @Test("render --panel-device shows the frame --out writes (black and red planes), and the file is as without it")
    func renderToPanel() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        let folder = TemporaryFolder()
        let trace = folder.path + "/trace.jsonl"
        let shown = try WeatherviewProcess.run(
            [
                "render", "munich", "--panel", "waveshare-7in5b-v2", "--panel-device", "trace:" + trace, "--out",
                folder.path + "/frame.pbm", "--broker", broker.url,
            ], environment: fresh)
        #expect(shown.status == 0, "\(shown.stderr)")
        let alone = try WeatherviewProcess.run(
            [
                "render", "munich", "--panel", "waveshare-7in5b-v2", "--out", "-", "--format", "pbm", "--broker",
                broker.url,
            ],
            environment: fresh)
        let file = [UInt8](try #require(FileManager.default.contents(atPath: folder.path + "/frame.pbm")))
        // Each process's clock runs on from WEATHER2MQTT_NOW, and the chart's "now" line moves a
        // pixel about every 108 s of it: two renders a moment apart may differ in that one column
        // (at most 2 bytes a row over both planes), and in nothing else.
        let differing = zip(file, alone.stdoutBytes).filter { $0 != $1 }.count
        #expect(file.count == alone.stdoutBytes.count && differing <= 2 * 480, "\(differing) bytes differ")
        // Two P4 images of 800×480: "P4\n800 480\n" and 48000 bytes each (black, then red).
        let header = Array("P4\n800 480\n".utf8)
        let black = Array(file[header.count..<header.count + 48000])
        let red = Array(file[2 * header.count + 48000..<2 * header.count + 96000])
        #expect(red.contains { $0 != 0 }, "the frame has red (the alert banner or accents)")
        let commands = try Self.commands(trace)
        #expect(commands.first { $0.0 == "10" }?.1 == black.map { ~$0 })
        #expect(commands.first { $0.0 == "13" }?.1 == red)
    }

    @Test("render --watch --panel-device shows each new frame on the panel, and ends on SIGTERM")
    func watchToPanel() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        let folder = TemporaryFolder()
        let watcher = WeatherviewProcess()
        try watcher.start(
            [
                "render", "munich", "--panel", "waveshare-2in13-v4", "--panel-device",
                "trace:" + folder.path + "/t.jsonl",
                "--watch", "--min-interval", "0s", "--broker", broker.url,
            ], environment: fresh)
        func shown() -> Int {
            watcher.stderr.components(separatedBy: "showed the frame on waveshare-2in13-v4").count - 1
        }
        _ = waitUntil(seconds: 15) { shown() >= 1 }
        #expect(shown() == 1, "\(watcher.stderr)")
        let update = RetainedWeather.munich["current"]!.replacingOccurrences(
            of: #""temperature":8.5"#, with: #""temperature":-13.5"#)
        try broker.publish("weather/munich/current", update)
        _ = waitUntil(seconds: 15) { shown() >= 2 }
        #expect(shown() == 2, "\(watcher.stderr)")
        watcher.signal(SIGTERM)
        #expect(watcher.wait(timeout: 10) == 0)
        #expect(try Self.commands(folder.path + "/t.jsonl").contains { $0.0 == "24" && $0.1.count == 16 * 250 })
    }

    @Test(
        "a panel name with two revisions, --size or gray4 with --panel-device are usage errors (64)",
        arguments: [
            (["--panel", "waveshare-4in2"], "waveshare-4in2-v1"),
            (["--size", "250x122"], "--panel-device needs --panel NAME"),
            (["--panel", "waveshare-7in5-v2", "--colors", "gray4"], "gray4"),
            (["--panel", "waveshare-7in5-v2", "--exec", "show {file}"], "give --out FILE too"),
        ])
    func usage(_ arguments: [String], _ expected: String) throws {
        let result = try WeatherviewProcess.run(["render"] + arguments + ["--panel-device", "spi0.0"])
        #expect(result.status == 64)
        #expect(result.stderr.contains(expected), "\(result.stderr)")
    }

    @Test("a revision's name renders to a file as its panel's profile does")
    func revisionRendersToFile() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        var frames: [[UInt8]] = []
        for panel in ["waveshare-2in9", "waveshare-2in9-v1", "waveshare-2in9-v2"] {
            let result = try WeatherviewProcess.run(
                ["render", "munich", "--panel", panel, "--out", "-", "--broker", broker.url], environment: fresh)
            #expect(result.status == 0, "\(result.stderr)")
            frames.append(result.stdoutBytes)
        }
        #expect(frames[0].count > 100 && frames[1] == frames[0] && frames[2] == frames[0])
    }
}
