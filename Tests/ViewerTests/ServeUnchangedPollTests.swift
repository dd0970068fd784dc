import ConfigurationCore
import Foundation
import HTTPServer
import Rendering
import Testing

@testable import Viewer

/// An unchanged poll through the handler, with no socket: a `/frames` request with its `ETag` is
/// `304`, a TRMNL wake is told the same filename, and neither draws. What they cost in process is
/// `Benchmarks/scripts/serve_poll_cost.py`'s (BENCHMARKS.md, issue 41).
@Suite("Serve: an unchanged poll, in process")
struct ServeUnchangedPollTests {
    @Test("a 304 to If-None-Match and a TRMNL wake told the same filename draw nothing")
    func unchanged() throws {
        #expect(FrameFonts.loadLibraries() == nil)
        let book = FrameBook(base: "weather")
        for (kind, payload) in RecordedWeather.munich { book.update(topic: "weather/munich/\(kind)", payload: payload) }
        let now = try #require(ISO8601DateFormatter().date(from: "2026-02-07T15:20:00Z"))
        let devices = DeviceBook(path: nil)
        let handler = ServeHandler(
            book: book, devices: devices, shelf: ImageShelf(), displays: DisplaysSettings(), defaults: FrameSpec(),
            listen: "127.0.0.1:8080", now: { now }, health: nil)
        let target = "/frames/munich.png?size=800x480"
        let first = handler.respond(
            to: ServerRequest(head: RequestHead(source: "127.0.0.1", method: "GET", target: target)))
        let tag = try #require(first.headers.first { $0.name == "ETag" }?.value)
        let conditional = ServerRequest(
            head: RequestHead(
                source: "127.0.0.1", method: "GET", target: target, headers: [HeaderField("If-None-Match", tag)]))
        let device = try devices.register(mac: "A1:B2:C3:D4:E5:F6", name: nil).device
        let wake = ServerRequest(
            head: RequestHead(
                source: "127.0.0.1", method: "GET", target: "/api/display",
                headers: [
                    HeaderField("ID", device.mac), HeaderField("Access-Token", device.token),
                    HeaderField("Width", "800"), HeaderField("Height", "480"), HeaderField("Host", "127.0.0.1:8080"),
                ]))
        let answer = handler.respond(to: wake)
        let drawn = book.draws
        for _ in 0..<100 {
            #expect(handler.respond(to: conditional).status == 304)
            #expect(handler.respond(to: wake).body == answer.body)
        }
        #expect(book.draws == drawn, "an unchanged poll drew")
    }
}
