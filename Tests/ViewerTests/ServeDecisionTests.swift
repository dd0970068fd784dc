import ConfigurationCore
import Foundation
import HTTPServer
import Rendering
import TestSupport
import Testing
import WeatherModel
import WireContract

@testable import Viewer

/// `serve`'s decisions as values: a request in, a spec or a response out; no sockets.
@Suite("Serve: decisions")
struct ServeDecisionTests {
    @Test("SHA-256 of the FIPS 180-4 examples, across a block boundary")
    func sha256() {
        #expect(ContentHash.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            ContentHash.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let twoBlocks = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(ContentHash.hex(twoBlocks) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(ContentHash.hex(Array(repeating: 0x61, count: 1000), length: 16) == "41edece42d63e8d9")
    }

    static func spec(_ file: String, _ query: String = "") -> Result<FrameSpec, RequestProblem>? {
        FrameQuery.spec(file: Substring(file), query: Substring(query), defaults: FrameSpec())
    }

    @Test("a frame's query sets every part of its spec")
    func query() throws {
        let spec = try #require(Self.spec("home.bmp", "size=1072x1448&colors=gray4&rotate=270&lang=de&units=imperial"))
            .get()
        #expect(spec.location == "home" && spec.format == .bmp && spec.width == 1072 && spec.height == 1448)
        #expect(
            spec.colors == .gray4 && spec.rotation == .threeQuarters && spec.language == .de && spec.units == "imperial"
        )
        let overview = try #require(Self.spec("home.png", "layout=overview")).get()
        #expect(overview.overview && overview.location == nil)
        #expect(try Self.spec("home.png")?.get() == FrameSpec(location: "home"))
        // The query is form-encoded as a browser or an ESPHome URL writes it (one reader for
        // the station pushes and serve: HTTPServer's FormEncoding).
        let encoded = try #require(Self.spec("home.png", "size=800%78480&lang=d%65&units=imperial&&")).get()
        #expect(encoded.width == 800 && encoded.height == 480 && encoded.language == .de)
    }

    @Test(
        "a wrong parameter is a 400 naming it",
        arguments: [
            ("size=800", "size must be WIDTHxHEIGHT"), ("size=9000x10", "size must be"),
            ("colors=sepia", "colors must be one of bw, bwr, gray4, gray16, gray256"),
            ("rotate=45", "rotate must be 0, 90, 180 or 270"), ("layout=grid", "layout must be single or overview"),
            ("lang=xx", "lang must be one of"), ("units=furlongs", "units must be metric"),
            ("token=abc", "unknown parameter 'token'"),
        ])
    func badQuery(_ query: String, _ message: String) throws {
        guard case .failure(let problem) = Self.spec("home.png", query) else {
            Issue.record("\(query) was taken")
            return
        }
        #expect(problem.message.contains(message), "\(problem.message)")
    }

    @Test(
        "paths that are not a location's frame are not frames: ../, encoded, other extensions",
        arguments: [
            "../etc/passwd.png", "..%2f..%2fetc%2fpasswd.png", "%2e%2e.png", "home.svg", "home", ".png", "Home.png",
            "a/b.png", "home.png.png",
        ])
    func notFrames(_ file: String) {
        #expect(Self.spec(file) == nil)
    }

    @Test("any target, however malformed, is a spec of a valid location, a 400 or not a frame; any date parses or not")
    func malformed() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("/.%?&=x2eEFfa0-_:;[]\u{0}\u{7F}é ".unicodeScalars)
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...40, using: &generator)
            var text = ""
            for _ in 0..<length { text.unicodeScalars.append(alphabet.randomElement(using: &generator)!) }
            let head = RequestHead(source: "x", method: "GET", target: "/frames/" + text)
            let file = head.path.dropFirst("/frames/".count)
            if case .success(let spec)? = FrameQuery.spec(file: file, query: head.query, defaults: FrameSpec()) {
                #expect(spec.location.map(LocationID.isValid) ?? true, "\(text)")
                #expect(!file.contains("/") && !file.contains("%"), "\(text)")
            }
            _ = HTTPDate.parse(text)
        }
    }

    static let frame = ServedFrame(
        bytes: [1, 2, 3], hash: String(repeating: "ab", count: 32), drawn: Date(timeIntervalSince1970: 1_770_000_000),
        nextChange: Date(timeIntervalSince1970: 1_770_000_600))

    static func answer(_ headers: [HeaderField]) -> ServerResponse {
        FrameAnswer.respond(
            frame, format: .png,
            head: RequestHead(source: "x", method: "GET", target: "/frames/home.png", headers: headers),
            now: Date(timeIntervalSince1970: 1_770_000_100))
    }

    @Test("200 with the bytes, a strong ETag, Last-Modified and Cache-Control until the next change")
    func fresh() {
        let answer = Self.answer([])
        #expect(answer.status == 200 && answer.body == [1, 2, 3])
        #expect(answer.header("ETag") == "\"" + Self.frame.hash + "\"")
        #expect(answer.header("Last-Modified") == HTTPDate.format(Self.frame.drawn))
        #expect(answer.header("Cache-Control") == "max-age=500")
        #expect(answer.header("Content-Type") == "image/png")
        #expect(HTTPDate.parse(HTTPDate.format(Self.frame.drawn)) == Self.frame.drawn)
    }

    @Test("304 without a body to a matching If-None-Match (list, weak, *) or an If-Modified-Since not before it")
    func notModified() {
        let tag = Self.frame.etag
        for match in [tag, "\"other\", " + tag, "W/" + tag, "*"] {
            let answer = Self.answer([HeaderField("If-None-Match", match)])
            #expect(answer.status == 304 && answer.body.isEmpty && answer.header("ETag") == tag, "\(match)")
        }
        #expect(Self.answer([HeaderField("If-None-Match", "\"other\"")]).status == 200)
        let drawn = HTTPDate.format(Self.frame.drawn)
        #expect(Self.answer([HeaderField("If-Modified-Since", drawn)]).status == 304)
        #expect(Self.answer([HeaderField("If-Modified-Since", "Mon, 01 Jan 2001 00:00:00 GMT")]).status == 200)
        // If-None-Match decides when both are sent (ESPHome sends both).
        #expect(
            Self.answer([HeaderField("If-None-Match", "\"old\""), HeaderField("If-Modified-Since", drawn)]).status
                == 200)
    }

    @Test("a TRMNL's frame: its headers' size unless configured; BMP is 1-bit 800×480; refresh within bounds")
    func trmnl() {
        let head = RequestHead(
            source: "x", method: "GET", target: "/api/display",
            headers: [HeaderField("Width", "1872"), HeaderField("Height", "1404")])
        var settings = DisplaySettings()
        #expect(TRMNLRefresh.spec(settings, head: head, defaults: FrameSpec()).width == 1872)
        let koreader = RequestHead(
            source: "x", method: "GET", target: "/api/display",
            headers: [HeaderField("png-width", "1072"), HeaderField("png-height", "1448")])
        let kindle = TRMNLRefresh.spec(settings, head: koreader, defaults: FrameSpec())
        #expect(kindle.width == 1072 && kindle.height == 1448)
        // A TRMNL X (Model: x): its 16 grays and PSRAM's image limit.
        let x = RequestHead(source: "x", method: "GET", target: "/api/display", headers: [HeaderField("Model", "x")])
        #expect(TRMNLRefresh.spec(settings, head: x, defaults: FrameSpec()).colors == .gray16)
        #expect(TRMNLModel.imageLimit(settings, model: "x") == 750_000)
        #expect(TRMNLModel.imageLimit(settings, model: "og") == 90_000)
        #expect(TRMNLRefresh.spec(settings, head: koreader, defaults: FrameSpec()).colors == .bw)
        settings.width = 800
        settings.height = 480
        settings.colors = "gray4"
        let configured = TRMNLRefresh.spec(settings, head: head, defaults: FrameSpec())
        #expect(configured.width == 800 && configured.height == 480 && configured.colors == .gray4)
        settings.format = "bmp"
        let bmp = TRMNLRefresh.spec(settings, head: head, defaults: FrameSpec())
        #expect(bmp.format == .bmp && bmp.colors == .bw && bmp.width == 800)
        let now = Date()
        #expect(TRMNLRefresh.seconds(toChange: 10, settings: settings, now: now, zone: .utc) == 300)
        #expect(TRMNLRefresh.seconds(toChange: 1000, settings: settings, now: now, zone: .utc) == 1000)
        #expect(TRMNLRefresh.seconds(toChange: 99999, settings: settings, now: now, zone: .utc) == 3600)
    }

    @Test("quiet hours are the location's: the same moment is inside them in Berlin, not in New York")
    func quietHoursInTheLocationsZone() throws {
        var settings = DisplaySettings()
        settings.quietHours = QuietHours(start: 23 * 60, end: 6 * 60)
        // 23:30 UTC (6 h 30 min to go): 00:30 in Berlin (5 h 30 min), 18:30 in New York, 08:30 in Tokyo.
        let now = try #require(ISO8601DateFormatter().date(from: "2026-02-07T23:30:00Z"))
        let berlin = try #require(ZoneCache.zone("Europe/Berlin"))
        let newYork = try #require(ZoneCache.zone("America/New_York"))
        let tokyo = try #require(ZoneCache.zone("Asia/Tokyo"))
        #expect(TRMNLRefresh.seconds(toChange: 600, settings: settings, now: now, zone: berlin) == 19_800)
        #expect(TRMNLRefresh.seconds(toChange: 600, settings: settings, now: now, zone: newYork) == 600)
        #expect(TRMNLRefresh.seconds(toChange: 600, settings: settings, now: now, zone: tokyo) == 600)
        #expect(TRMNLRefresh.seconds(toChange: 600, settings: settings, now: now, zone: .utc) == 23_400)
        // The frame carries the zone its payloads name.
        #expect(FrameFonts.loadLibraries() == nil)
        let book = FrameBook(base: "weather")
        for (kind, payload) in RecordedWeather.munich { book.update(topic: "weather/munich/\(kind)", payload: payload) }
        let frame = try book.frame(FrameSpec(location: "munich"), now: now).get()
        #expect(frame.zone.identifier == "Europe/Berlin")
    }

    @Test("an unchanged poll draws nothing; new data that changes the picture draws once more")
    func cache() throws {
        #expect(FrameFonts.loadLibraries() == nil)
        let book = FrameBook(base: "weather")
        for (kind, payload) in RecordedWeather.munich { book.update(topic: "weather/munich/\(kind)", payload: payload) }
        let now = try #require(ISO8601DateFormatter().date(from: "2026-02-07T15:20:00Z"))
        let spec = FrameSpec(location: "munich")
        let first = try book.frame(spec, now: now).get()
        #expect(book.draws == 1)
        #expect(try book.frame(spec, now: now.addingTimeInterval(5)).get() == first)
        for (kind, payload) in RecordedWeather.munich { book.update(topic: "weather/munich/\(kind)", payload: payload) }
        #expect(try book.frame(spec, now: now.addingTimeInterval(6)).get().hash == first.hash)
        #expect(book.draws == 1)
        #expect(first.nextChange > now && first.nextChange <= now.addingTimeInterval(FrameBook.horizon))
        book.update(topic: "weather/munich/current", payload: RecordedWeather.current(temperature: 21))
        let warmer = try book.frame(spec, now: now.addingTimeInterval(7)).get()
        #expect(warmer.hash != first.hash && book.draws == 2)
        #expect(book.frame(FrameSpec(location: "paris"), now: now) == .failure(.location("paris")))
    }
}

/// Munich's recorded payloads (Tests/RenderingTests/Golden/terminal/inputs/munich-full.json).
enum RecordedWeather {
    static var document: [String: Any] {
        let path = TestPaths.testsFolder + "/RenderingTests/Golden/terminal/inputs/munich-full.json"
        let data = FileManager.default.contents(atPath: path) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }

    static var munich: [String: [UInt8]] {
        document.mapValues {
            [UInt8]((try? JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys])) ?? Data())
        }
    }

    /// The current payload with another temperature.
    static func current(temperature: Double) -> [UInt8] {
        var current = document["current"] as? [String: Any] ?? [:]
        current["temperature"] = temperature
        return [UInt8]((try? JSONSerialization.data(withJSONObject: current, options: [.sortedKeys])) ?? Data())
    }
}
