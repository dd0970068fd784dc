import Configuration
import Foundation
import Stations
import SystemIO
import TestSupport
import Testing
import WeatherModel

@testable import Bridge

/// A station as a feed: what one message does to its state, when it ages out, and its rain in
/// `state_dir` across a restart — bytes in, values out, no socket.
@Suite("Feeds: a station decides and applies as values")
struct StationFeedTests {
    let berlin = ZoneCache.zone("Europe/Berlin")!
    let ws90 = StationFeed(
        StationSettings(
            id: "roof", kind: .rtl433, topic: "rtl_433/+/events",
            match: StationMatch(model: "Fineoffset-WS90", id: "13355"),
            maxAge: 30))

    var event: String {
        String(decoding: Fixtures.bytes("stations/rtl_433", "fineoffset_ws90_weewxsdr.json"), as: UTF8.self)
    }

    func local(_ day: Int, _ hour: Int, _ minute: Int) -> Date {
        berlin.date(CivilDateTime(date: CivilDate(year: 2026, month: 3, day: day), hour: hour, minute: minute))
    }

    func push(_ text: String, at time: Date) -> FeedPush {
        FeedPush(origin: "rtl_433/sdr/events", payload: Array(text.utf8), receivedAt: time)
    }

    @Test("its own sensor is taken; another id is a stranger; garbage is a problem; neither changes the state")
    func takesOnlyItsOwn() {
        let now = local(8, 12, 0)
        let taken = ws90.apply(push(event, at: now), to: StationState(), for: berlin, now: now)
        #expect(taken.taken)
        #expect(taken.state.fresh(.temperature, at: now, maxAge: 30)?.value == 5.7)
        let stranger = ws90.apply(
            push(event.replacingOccurrences(of: "13355", with: "99999"), at: now), to: taken.state, for: berlin,
            now: now)
        #expect(!stranger.taken)
        #expect(stranger.stranger == "model Fineoffset-WS90, id 99999")
        #expect(stranger.state == taken.state)
        let garbage = ws90.apply(push("{not json", at: now), to: taken.state, for: berlin, now: now)
        #expect(!garbage.taken)
        #expect(garbage.problem != nil)
        #expect(garbage.state == taken.state)
        #expect(ws90.reads(topic: "rtl_433/sdr/events"))
        #expect(!ws90.reads(topic: "rtl_433/sdr/devices/x"))
        #expect(ws90.subscriptions == ["rtl_433/+/events"])
    }

    @Test("a field ages past max_age once: the timer publishes the fall-back in that look only")
    func expires() {
        let time = local(8, 12, 0)
        let state = ws90.apply(push(event, at: time), to: StationState(), for: berlin, now: time).state
        #expect(!ws90.expires(state, after: time, upTo: time.addingTimeInterval(29)))
        #expect(ws90.expires(state, after: time.addingTimeInterval(29), upTo: time.addingTimeInterval(34)))
        #expect(!ws90.expires(state, after: time.addingTimeInterval(34), upTo: time.addingTimeInterval(39)))
    }

    @Test("path: taken with or without a trailing slash; without path: any")
    func paths() {
        let only = StationFeed(StationSettings(id: "gw", kind: .ecowitt, path: "/data/report"))
        #expect(only.takes(path: "/data/report/"))
        #expect(only.takes(path: "/data/report"))
        #expect(!only.takes(path: "/other"))
        #expect(StationFeed(StationSettings(id: "gw", kind: .ecowitt)).takes(path: "/anything"))
    }

    @Test("WeatherLink Live's broadcast is asked for only with url and listen, again after 15 of its 20 minutes")
    func realTime() throws {
        let address = try ListenAddress(host: "0.0.0.0", port: 22222)
        let both = StationFeed(
            StationSettings(id: "wll", kind: .weatherLinkLive, listen: address, url: "http://192.168.1.50/"))
        #expect(both.realTimeURL == "http://192.168.1.50/v1/real_time?duration=1200")
        #expect(StationFeed(StationSettings(id: "wll", kind: .weatherLinkLive, url: "http://x")).realTimeURL == nil)
        #expect(StationFeed(StationSettings(id: "t", kind: .tempest, listen: address)).realTimeURL == nil)
        let asked = local(8, 12, 0)
        #expect(StationFeed.realTimeDue(last: nil, now: asked))
        #expect(!StationFeed.realTimeDue(last: asked, now: asked.addingTimeInterval(899)))
        // renewed 5 minutes before the 20 it asked for run out
        #expect(StationFeed.realTimeDue(last: asked, now: asked.addingTimeInterval(900)))
        // a clock set back by more than that asks at once rather than waiting for it to catch up
        #expect(StationFeed.realTimeDue(last: asked, now: asked.addingTimeInterval(-3600)))
    }

    @Test("rain is written when it changed, at most once a minute, at once on a new day, and on shutdown")
    func rainWrites() {
        var rain = RainAccumulator()
        let start = local(8, 12, 0)
        rain.apply(RainReport(.counter, millimetres: 1, name: "rain_mm"), sensor: "", at: start, zone: berlin)
        let saved = StationRainStore.Saved(revision: rain.revision, day: rain.day, at: start)
        #expect(!StationRainStore.due(rain, saved: saved, now: start.addingTimeInterval(600)))
        rain.apply(
            RainReport(.counter, millimetres: 1.2, name: "rain_mm"), sensor: "", at: start.addingTimeInterval(30),
            zone: berlin)
        #expect(!StationRainStore.due(rain, saved: saved, now: start.addingTimeInterval(30)))
        #expect(StationRainStore.due(rain, saved: saved, now: start.addingTimeInterval(30), force: true))
        #expect(StationRainStore.due(rain, saved: saved, now: start.addingTimeInterval(60)))
    }

    @Test("rain today restarts at the location's midnight across a restart, from the file in state_dir")
    func rainAcrossRestart() throws {
        let folder = TemporaryFolder()
        let store = StationRainStore(directory: folder.path)
        func counter(_ millimetres: String) -> String {
            event.replacingOccurrences(of: "\"rain_mm\" : 12.800", with: "\"rain_mm\" : " + millimetres)
        }
        var state = StationState()
        state =
            ws90.apply(push(counter("12.800"), at: local(8, 23, 40)), to: state, for: berlin, now: local(8, 23, 40))
            .state
        state =
            ws90.apply(push(counter("12.800"), at: local(8, 23, 55)), to: state, for: berlin, now: local(8, 23, 55))
            .state
        // the first day was only partly heard: not known
        #expect(state.rain.rainToday(at: local(8, 23, 55), zone: berlin) == nil)
        state =
            ws90.apply(push(counter("13.200"), at: local(9, 0, 5)), to: state, for: berlin, now: local(9, 0, 5)).state
        // 13.2 − 12.8 = 0.4 mm after the location's midnight
        #expect(abs((state.rain.rainToday(at: local(9, 0, 5), zone: berlin) ?? -1) - 0.4) < 1e-9)
        #expect(store.save("roof", state.rain))

        // The bridge restarts: a new state with the saved accumulator; the count goes on.
        let restored = try #require(store.load("roof"))
        #expect(restored == state.rain)
        var again = StationState(rain: restored)
        again =
            ws90.apply(push(counter("14.000"), at: local(9, 0, 12)), to: again, for: berlin, now: local(9, 0, 12)).state
        // 0.4 + (14.0 − 13.2) = 1.2 mm today
        #expect(abs((again.rain.rainToday(at: local(9, 0, 12), zone: berlin) ?? -1) - 1.2) < 1e-9)
        // the next midnight: a new day, nothing invented
        again =
            ws90.apply(push(counter("14.000"), at: local(10, 0, 1)), to: again, for: berlin, now: local(10, 0, 1)).state
        #expect(again.rain.rainToday(at: local(10, 0, 1), zone: berlin) == 0)
    }
}
