import Foundation
import TestSupport
import Testing

/// `weatherview serve` driven by a device that speaks TRMNL's protocol as the firmware does,
/// over real HTTP, with the bridge's data on a real mosquitto.
@Suite("Serve: a TRMNL device", .serialized)
struct ServeTRMNLTests {
    @Test(
        "setup, display, image; the same filename while nothing changes; a new one after a new retained reading; log",
        .timeLimit(.minutes(TestTiming.minutes(2))))
    func lifecycle() throws {
        let serve = try ServeFixture()
        var device = TRMNLDevice(server: serve.url(""))
        #expect(try device.setup() == 200)
        let key = try #require(device.apiKey)
        #expect(key.count == 32 && device.friendlyID?.isEmpty == false)

        guard case .downloaded(let first, let size) = try device.wake() else {
            Issue.record("the first wake downloaded nothing")
            return
        }
        #expect(first.hasPrefix("w2m-") && first.count <= 30)
        #expect(size <= 90_000)
        let png = try #require(HTTPCall(status: 200, headers: [:], body: device.stored[first] ?? []).pngHeader)
        #expect(png.width == 800 && png.height == 480)
        #expect((300...3600).contains(device.refreshRate))
        #expect(try device.wake() == .cached(filename: first))
        #expect(try device.wake() == .cached(filename: first))

        // A new reading: the next wake (polled until serve has it) downloads a new picture.
        let warmer = String(decoding: RecordedCurrent.with(temperature: 21), as: UTF8.self)
        try serve.broker.publish("weather/munich/current", warmer, retain: true)
        var second: String?
        _ = try serve.wait {
            if case .downloaded(let name, _) = try device.wake() { second = name }
            return second != nil
        }
        #expect(second != nil && second != first)
        if let second { #expect(try device.wake() == .cached(filename: second)) }

        #expect(try device.log(#"{"creation_timestamp":1770477600,"log_message":"wifi weak","log_id":7}"#) == 204)
        #expect(try device.log(#"{"log_message":"api key \#(key) saved","log_id":8}"#) == 204)
        #expect(serve.wait { serve.process.stderr.contains("api key *** saved") })
        #expect(serve.wait { serve.process.stderr.contains("wifi weak") })
        #expect(!serve.process.stderr.contains(key), "the token was logged")
        // The state file is the user's own, and a restart keeps the device registered.
        let attributes = try FileManager.default.attributesOfItem(atPath: serve.folder.path + "/devices.json")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test("a wrong or missing token is status 500 (the firmware resets and runs setup again); a restart keeps keys")
    func tokens() throws {
        let serve = try ServeFixture()
        var device = TRMNLDevice(server: serve.url(""))
        #expect(try device.wake() == .reset)
        #expect(try device.setup() == 200)
        let key = device.apiKey
        device.apiKey = String(repeating: "0", count: 32)
        #expect(try device.wake() == .reset)
        device.apiKey = key
        #expect(try device.log("{}") == 204)
        var stranger = device
        stranger.apiKey = "nope"
        #expect(try stranger.log("{}") == 401)

        // A second server reading the same state file knows the device.
        let state = serve.folder.path + "/devices.json"
        let again = WeatherviewProcess()
        try again.start(
            [
                "serve", "--listen", "127.0.0.1:0", "--broker", "mqtt://127.0.0.1:\(serve.broker.port)", "--state",
                state,
            ],
            environment: ["WEATHER2MQTT_NOW": RetainedWeather.freshNow])
        defer { again.kill() }
        var port: Int?
        _ = serve.wait {
            port = ServeFixture.port(again.stderr)
            return port != nil
        }
        var restarted = TRMNLDevice(server: "http://127.0.0.1:\(try #require(port))")
        restarted.apiKey = key
        guard case .downloaded = try restarted.wake() else {
            Issue.record("the restarted server did not know the device")
            return
        }
    }

    @Test("unknown: refuse answers setup 404 (MAC not registered); a listed device gets its size, colours and bounds")
    func displaysSection() throws {
        let config = """
            displays:
              unknown: refuse
              devices:
                - mac: "A1:B2:C3:D4:E5:F6"
                  name: hall
                  location: munich
                  size: 400x300
                  colors: gray4
                  refresh_min: 10m
                  refresh_max: 10m
            """
        let serve = try ServeFixture(config: config)
        var stranger = TRMNLDevice(server: serve.url(""))
        stranger.mac = "00:11:22:33:44:55"
        #expect(try stranger.setup() == 404)
        var device = TRMNLDevice(server: serve.url(""))
        #expect(try device.setup() == 200)
        #expect(device.friendlyID == "hall")
        guard case .downloaded(let name, _) = try device.wake() else {
            Issue.record("no image")
            return
        }
        let png = try #require(HTTPCall(status: 200, headers: [:], body: device.stored[name] ?? []).pngHeader)
        #expect(png.width == 400 && png.height == 300 && png.depth == 2)
        #expect(device.refreshRate == 600)
    }

    @Test("KOReader's TRMNL plugin: a key from setup by curl, then display with access-token and png-width/height only")
    func koreader() throws {
        let serve = try ServeFixture()
        let setup = try HTTPCall.run(serve.url("/api/setup"), headers: ["ID": "11:22:33:44:55:66"])
        let key = try #require(setup.json["api_key"] as? String)
        // The headers trmnl.koplugin/main.lua sends (usetrmnl/trmnl-koreader at ccfa717).
        let display = try HTTPCall.run(
            serve.url("/api/display"),
            headers: [
                "access-token": key, "percent-charged": "80", "png-width": "1072", "png-height": "1448", "rssi": "0",
                "User-Agent": "KOReader TRMNL",
            ])
        #expect(display.status == 200 && display.json["status"] as? Int == 0)
        let url = try #require(display.json["image_url"] as? String)
        let image = try HTTPCall.run(url)
        #expect(image.pngHeader?.width == 1072 && image.pngHeader?.height == 1448)
    }

    @Test("format: bmp gives TRMNL's 1-bit BMP of exactly 48,062 bytes")
    func bmp() throws {
        let serve = try ServeFixture(config: "displays:\n  default:\n    format: bmp\n")
        var device = TRMNLDevice(server: serve.url(""))
        #expect(try device.setup() == 200)
        guard case .downloaded(let name, let size) = try device.wake() else {
            Issue.record("no image")
            return
        }
        #expect(size == 48_062)
        let bytes = device.stored[name] ?? []
        #expect(bytes.starts(with: Array("BM".utf8)))
        // The firmware's check (lib/trmnl/src/bmp.cpp): 800×480, 1 bit, 48,000 bytes of pixels, 2 colours.
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reversed().reduce(0) { $0 << 8 | Int($1) } }
        #expect(word(18) == 800 && word(22) == 480 && bytes[28] == 1 && word(34) == 48_000)
    }
}

/// Munich's recorded current payload, changed.
enum RecordedCurrent {
    static func with(temperature: Double) -> [UInt8] {
        let data = Data((RetainedWeather.munich["current"] ?? "{}").utf8)
        var current = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        current["temperature"] = temperature
        return [UInt8]((try? JSONSerialization.data(withJSONObject: current, options: [.sortedKeys])) ?? Data())
    }
}

/// The image limit of a board without PSRAM.
@Suite("Serve: a TRMNL's image limit", .serialized)
struct ServeTRMNLLimitTests {
    @Test("a 1872×1404 device without psram gets an image of at most 90,000 bytes; with psram, its 4 grays")
    func limit() throws {
        let config = """
            displays:
              devices:
                - mac: "A1:B2:C3:D4:E5:F6"
                  colors: gray4
                - mac: "A1:B2:C3:D4:E5:F7"
                  colors: gray4
                  psram: true
            """
        let serve = try ServeFixture(config: config)
        for (mac, psram) in [("A1:B2:C3:D4:E5:F6", false), ("A1:B2:C3:D4:E5:F7", true)] {
            var device = TRMNLDevice(server: serve.url(""))
            device.mac = mac
            (device.width, device.height) = (1872, 1404)
            #expect(try device.setup() == 200)
            guard case .downloaded(let name, let size) = try device.wake() else {
                Issue.record("no image for \(mac)")
                continue
            }
            let png = try #require(HTTPCall(status: 200, headers: [:], body: device.stored[name] ?? []).pngHeader)
            #expect(png.width == 1872 && png.height == 1404)
            if psram {
                #expect(png.depth == 2 && size <= 750_000)
            } else {
                #expect(size <= 90_000, "\(size) bytes (depth \(png.depth))")
            }
        }
    }
}
