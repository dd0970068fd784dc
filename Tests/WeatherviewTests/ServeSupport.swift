import Foundation
import TestSupport

/// A `weatherview serve` on 127.0.0.1 (a port the kernel chose) with a broker of its own,
/// Munich's recorded payloads retained, the clock at the recording's time.
final class ServeFixture {
    let broker: TestBroker
    private(set) var process = WeatherviewProcess()
    let folder = TemporaryFolder()
    private(set) var port = 0

    init(config: String? = nil) throws {
        broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        try launch(config: config)
    }

    /// Stops `serve` and starts it again with `config`, on the same broker and state file.
    func restart(config: String?) throws {
        process.signal(SIGTERM)
        if process.wait(timeout: 5) == nil { process.kill() }
        process = WeatherviewProcess()
        try launch(config: config)
    }

    private func launch(config: String?) throws {
        var arguments = [
            "serve", "--listen", "127.0.0.1:0", "--broker", "mqtt://127.0.0.1:\(broker.port)", "--state",
            folder.path + "/devices.json",
        ]
        if let config { arguments += ["--config", folder.write("config.yaml", config)] }
        try process.start(arguments, environment: ["WEATHER2MQTT_NOW": RetainedWeather.freshNow])
        let deadline = Date().addingTimeInterval(TestTiming.seconds(20))
        while Date() < deadline, process.process.isRunning {
            if let port = Self.port(process.stderr) {
                self.port = port
                return
            }
            usleep(20_000)
        }
        throw TestBrokerError("serve did not start: \(process.stderr)")
    }

    /// The port of `serving on http://127.0.0.1:PORT: …` in `log`.
    static func port(_ log: String) -> Int? {
        guard let range = log.range(of: "serving on http://127.0.0.1:") else { return nil }
        return Int(log[range.upperBound...].prefix { $0.isNumber })
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)" + path }

    /// Waits (polling, with a deadline) until `condition` holds.
    func wait(seconds: Double = 10, until condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(TestTiming.seconds(seconds))
        while Date() < deadline {
            if try condition() { return true }
            usleep(50_000)
        }
        return try condition()
    }

    deinit {
        process.signal(SIGTERM)
        if process.wait(timeout: 5) == nil { process.kill() }
        broker.stop()
    }
}

/// One HTTP exchange made by `curl` (libcurl), as a client on the LAN would.
struct HTTPCall {
    var status: Int
    /// Header names lower-cased.
    var headers: [String: String]
    var body: [UInt8]

    /// `curl` with `method`, `headers` and `body` for `url` (`--path-as-is`: dots are sent as written).
    static func run(
        _ url: String, method: String = "GET", headers: [String: String] = [:], body: [UInt8]? = nil,
        from source: String = "127.0.0.1"
    ) throws -> HTTPCall {
        let folder = TemporaryFolder()
        var arguments = [
            "-s", "--path-as-is", "--interface", source, "-D", folder.path + "/head", "-o", folder.path + "/body",
        ]
        // A backstop against a hang, not a timing: a 1872×1404 frame drawn under qemu beside
        // sixty other tests takes over a minute.
        arguments += ["-w", "%{http_code}", "--max-time", String(TestTiming.seconds(60))]
        arguments += method == "HEAD" ? ["-I"] : ["-X", method]
        for (name, value) in headers { arguments += ["-H", "\(name): \(value)"] }
        if let body {
            let file = folder.path + "/upload"
            _ = FileManager.default.createFile(atPath: file, contents: Data(body))
            arguments += ["--data-binary", "@" + file]
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: findExecutable("curl") ?? "/usr/bin/curl")
        process.arguments = arguments + [url]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let code = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var headers: [String: String] = [:]
        let head = (try? String(contentsOfFile: folder.path + "/head", encoding: .utf8)) ?? ""
        for line in head.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = String(line[line.index(after: colon)...].drop { $0 == " " })
        }
        let bytes = FileManager.default.contents(atPath: folder.path + "/body").map { [UInt8]($0) } ?? []
        return HTTPCall(status: Int(String(decoding: code, as: UTF8.self)) ?? 0, headers: headers, body: bytes)
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }

    /// A PNG's width, height and bit depth from its IHDR.
    var pngHeader: (width: Int, height: Int, depth: Int)? {
        guard body.count > 25, body.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        func word(_ at: Int) -> Int { body[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20), Int(body[24]))
    }
}
