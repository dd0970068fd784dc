import Foundation
import TestSupport
import Testing

/// `serve`'s plain image URLs as ESPHome's `online_image`, a Kindle and a browser fetch them.
@Suite("Serve: frames by URL", .serialized)
struct ServeFramesTests {
    @Test("ESPHome: ETag and Last-Modified, then 304 with no body to If-None-Match and If-Modified-Since; HEAD")
    func conditional() throws {
        let serve = try ServeFixture()
        let first = try HTTPCall.run(serve.url("/frames/munich.png"))
        #expect(first.status == 200 && first.headers["content-type"] == "image/png")
        let etag = try #require(first.headers["etag"])
        let modified = try #require(first.headers["last-modified"])
        #expect(etag.hasPrefix("\"") && etag.count == 66)
        let maxAge = first.headers["cache-control"].flatMap { Int($0.replacingOccurrences(of: "max-age=", with: "")) }
        #expect((1...3600).contains(maxAge ?? 0))
        #expect(first.pngHeader?.width == 800 && first.pngHeader?.depth == 1)

        let again = try HTTPCall.run(
            serve.url("/frames/munich.png"), headers: ["If-None-Match": etag, "If-Modified-Since": modified])
        #expect(again.status == 304 && again.body.isEmpty && again.headers["etag"] == etag)
        #expect(
            try HTTPCall.run(serve.url("/frames/munich.png"), headers: ["If-Modified-Since": modified]).status == 304)
        #expect(try HTTPCall.run(serve.url("/frames/munich.png"), headers: ["If-None-Match": "\"x\""]).status == 200)

        // HEAD by Python's http.client: the headers of the GET, and not one byte of body after them.
        let script = """
            import http.client, sys
            c = http.client.HTTPConnection("127.0.0.1", int(sys.stdin.read()), timeout=10)
            c.request("HEAD", "/frames/munich.png")
            r = c.getresponse()
            print(r.status, r.getheader("ETag"), r.getheader("Content-Length"), len(r.read()))
            c.sock.settimeout(1)
            try:
                extra = c.sock.recv(1)
            except Exception:
                extra = b""
            print(len(extra))
            """
        let head = try Python.run(script, input: String(serve.port)).split(separator: "\n")
        #expect(head.first == "200 \(etag) \(first.body.count) 0")
        #expect(head.last == "0")

        // New data that changes the picture: a new ETag; the old one no longer matches.
        let warmer = String(decoding: RecordedCurrent.with(temperature: 21), as: UTF8.self)
        try serve.broker.publish("weather/munich/current", warmer, retain: true)
        #expect(
            try serve.wait {
                try HTTPCall.run(serve.url("/frames/munich.png"), headers: ["If-None-Match": etag]).status == 200
            })
        #expect(try HTTPCall.run(serve.url("/frames/munich.png")).headers["etag"] != etag)
    }

    @Test("the same bytes as render for the same inputs, PNG and BMP")
    func sameAsRender() throws {
        let serve = try ServeFixture()
        for format in ["png", "bmp"] {
            let out = serve.folder.path + "/frame." + format
            let render = try WeatherviewProcess.run(
                [
                    "render", "munich", "--size", "800x480", "--out", out, "--broker",
                    "mqtt://127.0.0.1:\(serve.broker.port)",
                ],
                environment: ["WEATHER2MQTT_NOW": RetainedWeather.freshNow])
            #expect(render.status == 0, "\(render.stderr)")
            let served = try HTTPCall.run(serve.url("/frames/munich.\(format)"))
            #expect(served.status == 200)
            // A Bool: on a failure Swift Testing would diff the two frames byte by byte.
            let same = served.body == FileManager.default.contents(atPath: out).map { [UInt8]($0) }
            #expect(same, "\(format): serve's bytes are not render's")
        }
    }

    @Test(
        "a Kindle's frame: portrait 1072×1448, 8-bit gray (what eips shows), turned 90°; a TRMNL X's 16 grays; another size, another ETag; SIGTERM exits 0"
    )
    func kindle() throws {
        let serve = try ServeFixture()
        let kindle = try HTTPCall.run(serve.url("/frames/munich.png?size=1072x1448&colors=gray256&rotate=90"))
        #expect(kindle.status == 200)
        let png = try #require(kindle.pngHeader)
        #expect(png.width == 1072 && png.height == 1448 && png.depth == 8)
        let plain = try HTTPCall.run(serve.url("/frames/munich.png"))
        #expect(plain.headers["etag"] != kindle.headers["etag"])
        let x = try HTTPCall.run(serve.url("/frames/munich.png?size=1872x1404&colors=gray16"))
        #expect(x.status == 200 && x.pngHeader?.depth == 4 && x.pngHeader?.width == 1872)

        // SIGTERM (systemd's stop) ends it cleanly.
        serve.process.signal(SIGTERM)
        #expect(serve.process.wait(timeout: TestTiming.seconds(10)) == 0)
    }
}
