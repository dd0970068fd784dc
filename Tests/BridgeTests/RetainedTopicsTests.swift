import Foundation
import Testing

@testable import Bridge

@Suite("Retained topics the bridge holds")
struct RetainedTopicsTests {
    let start = Date(timeIntervalSince1970: 1_770_000_000)
    let cloudy = Array("cloudy".utf8)

    @Test("new and changed payloads go out; an unchanged one stays with the broker")
    func changes() {
        var topics = RetainedTopics()
        let sent1 = topics.update("w/a/current/condition", cloudy, now: start, expiry: nil)
        #expect(sent1)
        let sent2 = topics.update("w/a/current/condition", cloudy, now: start + 86_400 * 30, expiry: nil)
        #expect(!sent2)
        let sent3 = topics.update("w/a/current/condition", Array("sunny".utf8), now: start + 60, expiry: nil)
        #expect(sent3)
        let sent4 = topics.update("w/a/current/temperature", Array("7.4".utf8), now: start, expiry: nil)
        #expect(sent4)
        #expect(topics.order == ["w/a/current/condition", "w/a/current/temperature"])
        #expect(topics.payload("w/a/current/condition") == Array("sunny".utf8))
    }

    @Test("with message expiry an unchanged payload goes out again once half its lifetime has passed")
    func expiry() {
        var topics = RetainedTopics()
        let twelveHours = 43_200.0
        let sent5 = topics.update("w/a/current/condition", cloudy, now: start, expiry: twelveHours)
        #expect(sent5)
        let sent6 = topics.update("w/a/current/condition", cloudy, now: start + 900, expiry: twelveHours)
        #expect(!sent6)
        let sent7 = topics.update("w/a/current/condition", cloudy, now: start + 21_000, expiry: twelveHours)
        #expect(!sent7)
        let sent8 = topics.update("w/a/current/condition", cloudy, now: start + 21_600, expiry: twelveHours)
        #expect(sent8)
        // Sent again then: the next half lifetime counts from there.
        let sent9 = topics.update("w/a/current/condition", cloudy, now: start + 30_000, expiry: twelveHours)
        #expect(!sent9)
        // A reconnect sends everything; that counts too.
        topics.markAllSent(at: start + 40_000)
        let sent10 = topics.update("w/a/current/condition", cloudy, now: start + 43_300, expiry: twelveHours)
        #expect(!sent10)
    }

    @Test("an empty payload clears the topic and forgets it")
    func clearing() {
        var topics = RetainedTopics()
        _ = topics.update("w/a/status", Array("{}".utf8), now: start, expiry: nil)
        let sent11 = topics.update("w/a/status", [], now: start, expiry: nil)
        #expect(sent11)
        #expect(topics.count == 0 && topics.payload("w/a/status") == nil)
        let sent12 = topics.update("w/a/status", Array("{}".utf8), now: start, expiry: nil)
        #expect(sent12, "sent again after a clear")
    }

    @Test("a rebuildable payload is held as its hash: unchanged stays with the broker, changed goes out")
    func rebuildable() {
        var topics = RetainedTopics()
        let hourly = Array(#"{"hours":[1,2,3]}"#.utf8)
        let first = topics.update("w/a/hourly", hourly, now: start, expiry: nil, rebuildable: true)
        #expect(first)
        #expect(topics.payload("w/a/hourly") == nil, "no copy of the bytes")
        #expect(topics.rebuildInstant("w/a/hourly") == start)
        #expect(topics.holds("w/a/hourly", hourly))
        let unchanged = topics.update("w/a/hourly", hourly, now: start + 60, expiry: nil, rebuildable: true)
        #expect(!unchanged)
        #expect(topics.rebuildInstant("w/a/hourly") == start + 60, "built again for the later instant")
        let changed = Array(#"{"hours":[2,3,4]}"#.utf8)
        #expect(!topics.holds("w/a/hourly", changed))
        let sentChanged = topics.update("w/a/hourly", changed, now: start + 120, expiry: nil, rebuildable: true)
        #expect(sentChanged)
        #expect(topics.rebuildInstant("w/a/current/condition") == nil)
        #expect(topics.order == ["w/a/hourly"])
    }

    @Test("a reserved topic is held unbuilt until the connection sends it; then unchanged stays with the broker")
    func reserved() {
        var topics = RetainedTopics()
        let config = Array(#"{"dev":{"name":"Home"}}"#.utf8)
        topics.reserve("ha/device/weather2mqtt_a/config", now: start)
        #expect(topics.order == ["ha/device/weather2mqtt_a/config"])
        #expect(topics.payload("ha/device/weather2mqtt_a/config") == nil)
        #expect(topics.rebuildInstant("ha/device/weather2mqtt_a/config") == start, "built as of the announcement")
        #expect(!topics.holds("ha/device/weather2mqtt_a/config", config), "no hash before it is built")
        topics.settle("ha/device/weather2mqtt_a/config", config)
        #expect(topics.holds("ha/device/weather2mqtt_a/config", config))
        let unchanged = topics.update(
            "ha/device/weather2mqtt_a/config", config, now: start + 60, expiry: nil, rebuildable: true)
        #expect(!unchanged)
        topics.reserve("ha/device/weather2mqtt_a/config", now: start + 120)
        #expect(topics.holds("ha/device/weather2mqtt_a/config", config), "a held topic keeps its entry")
        #expect(topics.count == 1)
    }
}
