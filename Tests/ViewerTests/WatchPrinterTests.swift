import Foundation
import TestSupport
import Testing

@testable import Viewer

/// What `weatherview watch` prints for each message, in process.
@Suite("Watch printer")
struct WatchPrinterTests {
    static let location =
        #"{"id":"munich","name":"Munich","latitude":48.14,"longitude":11.58,"timezone":"Europe/Berlin"}"#
    static let alert =
        #"{"id":"dwd-2","title":"Severe gale gusts","severity":"severe","description":null,"#
        + #""onset":"2026-02-07T12:00:00+01:00","expires":"2026-02-08T18:00:00+01:00","source":"brightsky","uri":null,"#
        + #""event":"wind","awareness":"orange","instruction":null,"sender":"Deutscher Wetterdienst","#
        + #""attribution":"Warnings: Deutscher Wetterdienst, via Bright Sky"}"#

    static func event(_ change: String, location: String = location) -> [UInt8] {
        Array(
            (#"{"schema":1,"location":"# + location + #","event":""# + change
                + #"","at":"2026-02-07T16:16:00+01:00","alert":"# + alert + "}").utf8)
    }

    static func printer(json: Bool = false) -> WatchPrinter {
        let now = ISO8601DateFormatter().date(from: "2026-02-07T15:20:00Z")!
        return WatchPrinter(
            base: "weather", json: json, clock: ViewClock(offset: now.timeIntervalSinceNow), glyphs: .unicode)
    }

    @Test("a warning event prints one line whether or not the location's payloads came first")
    func eventLine() {
        var printer = Self.printer()
        #expect(
            printer.handle(topic: "weather/munich/alerts/event", payload: Self.event("new"))
                == [
                    .line(
                        "munich alert new: Severe · Severe gale gusts · until Sun 6:00 PM · "
                            + "Warnings: Deutscher Wetterdienst, via Bright Sky (4:16 PM)")
                ])
        let ended = printer.handle(topic: "weather/munich/alerts/event", payload: Self.event("ended"))
        #expect(ended.count == 1 && ended.first.map { "\($0)" }?.contains("munich alert ended: Severe") == true)
    }

    @Test("--json passes the event through with its topic")
    func eventJSON() throws {
        var printer = Self.printer(json: true)
        let output = printer.handle(topic: "weather/munich/alerts/event", payload: Self.event("updated"))
        guard case .line(let line)? = output.first, output.count == 1 else {
            Issue.record("expected one line, got \(output)")
            return
        }
        #expect(line.hasPrefix(#"{"topic":"weather/munich/alerts/event","payload":{"schema":1,"#))
        #expect(line.contains(#""event":"updated""#) && line.contains(#""awareness":"orange""#))
    }

    @Test("an event from another publisher that does not parse, or names another location, is an error; no line")
    func badEvents() {
        var printer = Self.printer()
        let cases: [(String, [UInt8], String)] = [
            ("weather/munich/alerts/event", Array("storm!".utf8), "weather/munich/alerts/event: not valid JSON"),
            (
                "weather/munich/alerts/event", Array(#"{"schema":1,"event":"new"}"#.utf8),
                "weather/munich/alerts/event: alerts/event.location: missing (warning event ignored)"
            ),
            (
                "weather/gone/alerts/event", Self.event("new"),
                "weather/gone/alerts/event: alerts/event.location.id: 'munich' does not match the topic's "
                    + "location 'gone' (warning event ignored)"
            ),
        ]
        for (topic, payload, message) in cases {
            let output = printer.handle(topic: topic, payload: payload)
            guard case .error(let text)? = output.first, output.count == 1 else {
                Issue.record("\(topic): expected one error, got \(output)")
                continue
            }
            #expect(text.hasPrefix(message), "\(text)")
        }
    }
}
