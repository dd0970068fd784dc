import Configuration
import Foundation
import MQTTClient
import Testing
import WeatherModel
import WireContract

@testable import Bridge

/// The one publisher's decisions, without a broker: what is held, what goes out, with which
/// expiry, and what a write of another client gets back.
@Suite("The publisher")
struct PublisherTests {
    let start = Date(timeIntervalSince1970: 1_770_000_000)
    static let settings = MQTTSettings(baseTopic: "w", messageExpiry: 3600, flatTopics: false)

    /// A location answered by open-meteo at `now`.
    func payloads(now: Date, changing change: (inout LocationState) -> Void = { _ in }) -> LocationPayloads {
        var forecast = Forecast(current: Reading(time: now))
        forecast.hours = [Reading(time: now), Reading(time: now + 3600)]
        var state = LocationState(nextPoll: now + 900)
        state.forecast = forecast
        state.provider = "open-meteo"
        state.fetchedAt = now
        state.expiresAt = now + 900
        change(&state)
        forecast = state.forecast ?? forecast
        let info = LocationInfo(id: "a", name: "A", latitude: 52.5, longitude: 13.4, timezone: "UTC")
        let builder = PayloadBuilder(
            location: info, zone: .utc, provider: "open-meteo", attribution: nil, fetchedAt: now, expiresAt: now + 900,
            units: .metric)
        return LocationPayloads(
            builder: builder, forecast: forecast, state: state, now: now, noNowcastReason: "none here")
    }

    @Test("nothing goes out before the connection; the connection sends online and every held topic, in order")
    func connecting() {
        var publisher = Publisher(settings: Self.settings)
        #expect(publisher.retain("w/a/status", Array("{}".utf8), now: start) == nil)
        #expect(publisher.location("a", payloads(now: start), kinds: LocationPayloads.readings).isEmpty)
        let sent = publisher.connected(version: .v5, now: start + 1) { topic, builtAt in
            #expect(builtAt == start)
            return Array("built \(topic)".utf8)
        }
        #expect(
            sent.map(\.topic) == [
                "w/bridge/state", "w/a/status", "w/a/current", "w/a/hourly", "w/a/daily", "w/a/alerts", "w/a/nowcast",
                "w/a/outlook",
            ])
        #expect(sent[0].payload == Array("online".utf8) && sent[0].expiry == nil)
        #expect(sent.first { $0.topic == "w/a/hourly" }?.payload == Array("built w/a/hourly".utf8), "held as a hash")
        #expect(sent.allSatisfy { $0.retain })
    }

    @Test("an unchanged payload stays with the broker; a changed one goes out")
    func changes() {
        var publisher = Publisher(settings: Self.settings)
        _ = publisher.connected(version: .v5, now: start) { _, _ in nil }
        let first = publisher.location("a", payloads(now: start), kinds: LocationPayloads.readings)
        #expect(first.map(\.topic).contains("w/a/current"))
        let again = publisher.location("a", payloads(now: start), kinds: LocationPayloads.readings)
        #expect(again.isEmpty)
        let rained = payloads(now: start, changing: { $0.forecast?.current.temperature = 7 })
        #expect(publisher.location("a", rained, kinds: [.current]).map(\.topic) == ["w/a/current"])
    }

    @Test("expiry per kind of topic: readings and station states expire, statuses and the bridge's own do not")
    func expiry() {
        var publisher = Publisher(settings: Self.settings)
        let expiring = ["w/a/current", "w/a/hourly", "w/a/current/temperature", "w/stations/garden/state"]
        let lasting = ["w/a/status", "w/bridge/state", "w/bridge/info", "w/stations/garden/status", "elsewhere/x"]
        #expect(expiring.allSatisfy { publisher.expiry(of: $0) == 3600 })
        #expect(lasting.allSatisfy { publisher.expiry(of: $0) == nil })
        _ = publisher.connected(version: .v311, now: start) { _, _ in nil }
        #expect(expiring.allSatisfy { publisher.expiry(of: $0) == nil }, "MQTT 3.1.1 has no expiry")
        publisher.disconnected(version: .v5)
        #expect(publisher.expiry(of: "w/a/current") == 3600)
        let never = Publisher(settings: MQTTSettings(baseTopic: "w", protocolVersion: .v311, messageExpiry: 3600))
        #expect(never.expiry(of: "w/a/current") == nil)
    }

    @Test("an unchanged payload goes out again once half its expiry has passed; a clear carries no expiry")
    func halfExpiry() {
        var publisher = Publisher(settings: Self.settings)
        _ = publisher.connected(version: .v5, now: start) { _, _ in nil }
        let bytes = Array("7.4".utf8)
        #expect(publisher.retain("w/a/current", bytes, now: start)?.expiry == 3600)
        #expect(publisher.retain("w/a/current", bytes, now: start + 1700) == nil)
        #expect(publisher.retain("w/a/current", bytes, now: start + 1800) != nil)
        #expect(publisher.retain("w/a/current", [], now: start + 1801)?.expiry == nil)
    }

    @Test("mqtt.retain: false sends without the retain flag; events are never retained")
    func retainFlag() {
        var publisher = Publisher(settings: MQTTSettings(baseTopic: "w", retain: false))
        _ = publisher.connected(version: .v5, now: start) { _, _ in nil }
        #expect(publisher.retain("w/a/status", Array("{}".utf8), now: start)?.retain == false)
        var retaining = Publisher(settings: Self.settings)
        _ = retaining.connected(version: .v5, now: start) { _, _ in nil }
        #expect(retaining.message("w/a/alerts/event", Array("{}".utf8), retain: false)?.retain == false)
    }

    @Test("flat_topics: current goes out as one topic per field too, each held as bytes")
    func flatTopics() {
        var publisher = Publisher(settings: MQTTSettings(baseTopic: "w", flatTopics: true))
        _ = publisher.connected(version: .v5, now: start) { _, _ in nil }
        let sent = publisher.location("a", payloads(now: start), kinds: [.current]).map(\.topic)
        #expect(sent.first == "w/a/current")
        #expect(sent.contains("w/a/current/time") && sent.contains("w/a/current/temperature"))
        #expect(publisher.retained.payload("w/a/current/time") != nil)
    }

    @Test("each kind of a location: the large ones held as a hash, air quality only when asked for")
    func kinds() {
        var publisher = Publisher(settings: Self.settings)
        _ = publisher.connected(version: .v5, now: start) { _, _ in nil }
        _ = publisher.location("a", payloads(now: start), kinds: LocationPayloads.readings)
        for kind in LocationPayloads.readings where kind != .airQuality {
            let topic = "w/a/\(kind.rawValue)"
            #expect(publisher.retained.order.contains(topic))
            #expect((publisher.retained.payload(topic) == nil) == LocationPayloads.rebuildable(kind), "\(kind)")
        }
        #expect(!publisher.retained.order.contains("w/a/air_quality"))
        let nowcast = payloads(now: start).payload(.nowcast)
        #expect(nowcast?["summary"]?.string == "No nowcast for this location: none here")
    }

    @Test("a discovery config announced before the connection is built by the connection, once")
    func announced() {
        var publisher = Publisher(settings: Self.settings)
        var built = 0
        #expect(publisher.announce("homeassistant/device/a/config", now: start) { [1] } == nil)
        let sent = publisher.connected(version: .v5, now: start) { _, _ in
            built += 1
            return Array("config".utf8)
        }
        #expect(built == 1 && sent.map(\.topic).last == "homeassistant/device/a/config")
        #expect(publisher.announce("homeassistant/device/a/config", now: start + 1) { Array("config".utf8) } == nil)
    }

    @Test("another client's write to a held topic gets the bridge's copy back; its own echo and stored copies do not")
    func corrections() {
        var publisher = Publisher(settings: Self.settings)
        _ = publisher.connected(version: .v5, now: start) { _, _ in nil }
        _ = publisher.retain("w/a/status", Array("ours".utf8), now: start)
        let foreign = MQTTMessage(topic: "w/a/status", payload: Array("theirs".utf8))
        let correction = publisher.received(foreign) { _, _ in nil }
        #expect(correction?.message.payload == Array("ours".utf8) && correction?.surelyForeign == true)
        #expect(
            publisher.received(MQTTMessage(topic: "w/a/status", payload: Array("ours".utf8))) { _, _ in nil } == nil)
        let stored = MQTTMessage(topic: "w/a/status", payload: Array("theirs".utf8), retain: true)
        #expect(publisher.received(stored) { _, _ in nil } == nil)
        #expect(publisher.received(MQTTMessage(topic: "w/b/status", payload: [1])) { _, _ in nil } == nil, "not held")
        let spoofed = publisher.received(MQTTMessage(topic: "w/bridge/state", payload: Array("offline".utf8))) {
            _, _ in nil
        }
        #expect(spoofed?.message.payload == Array("online".utf8))
        publisher.disconnected()
        #expect(publisher.received(foreign) { _, _ in nil } == nil, "nothing is corrected while not connected")
    }

    @Test("on MQTT 3.1.1 its own messages come back and need nothing; its will is restored but not called foreign")
    func echoes() {
        var publisher = Publisher(settings: Self.settings)
        _ = publisher.connected(version: .v311, now: start) { _, _ in nil }
        let message = publisher.retain("w/a/status", Array("ours".utf8), now: start)
        if let message { publisher.sent(message) }
        #expect(
            publisher.received(MQTTMessage(topic: "w/a/status", payload: Array("ours".utf8))) { _, _ in nil } == nil)
        let will = publisher.received(MQTTMessage(topic: "w/bridge/state", payload: Array("offline".utf8))) {
            _, _ in nil
        }
        #expect(will?.surelyForeign == false && will?.message.payload == Array("online".utf8))
    }

    @Test("a status shows the quota as of its location's last refresh, not every other location's requests")
    func quotaShown() {
        let day = CivilDate(year: 2026, month: 2, day: 2)
        var shown = QuotaShown()
        let early = RequestBudget(day: day, used: ["open-meteo": 1])
        let later = RequestBudget(day: day, used: ["open-meteo": 9])
        #expect(shown.quota("a") { early } == early)
        #expect(shown.quota("a") { later } == early, "another location's request changes nothing")
        shown.refreshed("a")
        #expect(shown.quota("a") { later } == later)
    }
}
