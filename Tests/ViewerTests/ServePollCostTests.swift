import Configuration
import Foundation
import HTTPServer
import Rendering
import Testing

@testable import Viewer

/// The in-process cost of an unchanged poll (BENCHMARKS.md, issue 41): the handler's whole
/// answer — path and query read, the frame looked up, `304` — with no socket, for `/frames` with
/// `If-None-Match` and for a TRMNL `/api/display` told the same filename. A measurement, not a
/// check of time: run it in a release build to get the figure,
///
///     SERVE_POLL_COST=20000 swift test -c release -Xswiftc -enable-testing --filter ServePollCost
///
/// Without `SERVE_POLL_COST` it polls 200 times and checks only that nothing was drawn.
@Suite("Serve: the cost of an unchanged poll, in process", .serialized)
struct ServePollCostTests {
    static let polls = ProcessInfo.processInfo.environment["SERVE_POLL_COST"].flatMap { Int($0) } ?? 200

    static func handler(_ book: FrameBook, now: Date, devices: DeviceBook) -> ServeHandler {
        ServeHandler(
            book: book, devices: devices, shelf: ImageShelf(), displays: DisplaysSettings(), defaults: FrameSpec(),
            listen: "127.0.0.1:8080", now: { now }, health: nil)
    }

    /// Microseconds per call of `body`, the median of 5 rounds of `polls / 5`.
    static func microseconds(_ body: () -> Void) -> Double {
        var rounds: [Double] = []
        for _ in 0..<5 {
            let count = max(1, polls / 5)
            let started = ContinuousClock.now
            for _ in 0..<count { body() }
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            rounds.append(seconds * 1e6 / Double(count))
        }
        return rounds.sorted()[2]
    }

    @Test("a 304 to If-None-Match and a TRMNL wake told the same filename draw nothing")
    func unchanged() throws {
        #expect(FrameFonts.loadLibraries() == nil)
        let book = FrameBook(base: "weather")
        for (kind, payload) in RecordedWeather.munich { book.update(topic: "weather/munich/\(kind)", payload: payload) }
        let now = try #require(ISO8601DateFormatter().date(from: "2026-02-07T15:20:00Z"))
        let devices = DeviceBook(path: nil)
        let handler = Self.handler(book, now: now, devices: devices)
        let target = "/frames/munich.png?size=800x480"
        let first = handler.respond(
            to: ServerRequest(head: RequestHead(source: "127.0.0.1", method: "GET", target: target)))
        let tag = try #require(first.headers.first { $0.name == "ETag" }?.value)
        let conditional = ServerRequest(
            head: RequestHead(
                source: "127.0.0.1", method: "GET", target: target, headers: [HeaderField("If-None-Match", tag)]))
        #expect(handler.respond(to: conditional).status == 304)
        let frames = Self.microseconds { _ = handler.respond(to: conditional) }

        let device = try devices.register(mac: "A1:B2:C3:D4:E5:F6", name: nil).device
        let wake = ServerRequest(
            head: RequestHead(
                source: "127.0.0.1", method: "GET", target: "/api/display",
                headers: [
                    HeaderField("ID", device.mac), HeaderField("Access-Token", device.token),
                    HeaderField("Width", "800"),
                    HeaderField("Height", "480"), HeaderField("Model", "og"), HeaderField("Host", "127.0.0.1:8080"),
                ]))
        let answer = handler.respond(to: wake)
        let drawn = book.draws
        #expect(answer.status == 200 && handler.respond(to: wake).body == answer.body)
        let display = Self.microseconds { _ = handler.respond(to: wake) }
        #expect(book.draws == drawn, "an unchanged poll drew")
        print(
            "serve, unchanged poll in process (\(Self.polls) each): /frames 304 \(frames) µs, /api/display \(display) µs"
        )
    }
}
