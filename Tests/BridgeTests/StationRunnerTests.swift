import Configuration
import Foundation
import Providers
import StationListeners
import Stations
import TestSupport
import Testing
import WeatherModel

@testable import Bridge

/// The station runner's decisions as values: a message, a look of the timer or an answer in,
/// the actions out — and its replay input played through it. No socket, no broker, no process.
@Suite("The station runner")
struct StationRunnerTests {
    let berlin = ZoneCache.zone("Europe/Berlin")!
    static let ws90 = StationSettings(
        id: "roof", kind: .rtl433, topic: "rtl_433/+/events",
        match: StationMatch(model: "Fineoffset-WS90", id: "13355"), maxAge: 30)
    static let wll = StationSettings(
        id: "wll", kind: .weatherLinkLive, listen: try? ListenAddress(host: "0.0.0.0", port: 22222),
        url: "http://192.168.1.50/")

    var start: Date {
        berlin.date(CivilDateTime(date: CivilDate(year: 2026, month: 3, day: 8), hour: 12, minute: 0))
    }

    var event: String {
        String(decoding: Fixtures.bytes("stations/rtl_433", "fineoffset_ws90_weewxsdr.json"), as: UTF8.self)
    }

    func runner(_ stations: [StationSettings] = [ws90]) -> StationRunner {
        var garden = LocationSettings(id: "garden", latitude: 52.5, longitude: 13.4, timezone: "Europe/Berlin")
        garden.stations = [StationReference(id: "roof")]
        let plain = LocationSettings(id: "plain", latitude: 1, longitude: 2)
        var configuration = BridgeConfiguration(locations: [garden, plain])
        configuration.stations = stations
        let feeds = BridgeFeeds(configuration: configuration, providers: [:])
        return StationRunner(configuration: configuration, feeds: feeds.stations, now: start) { _ in nil }
    }

    func push(_ text: String, at time: Date) -> FeedPush {
        FeedPush(origin: "rtl_433/sdr/events", payload: Array(text.utf8), receivedAt: time)
    }

    func zone(_ id: String) -> ZoneInfo { berlin }

    @Test(
        "a location's current blends the stations it names: their state, max_age and fields; an unknown one is left out"
    )
    func sources() {
        var runner = runner()
        var garden = LocationSettings(id: "garden", latitude: 52.5, longitude: 13.4)
        garden.stations = [StationReference(id: "roof", fields: [.temperature]), StationReference(id: "gone")]
        #expect(
            runner.sources(for: garden) == [
                StationSource(id: "roof", state: StationState(), maxAge: 30, fields: [.temperature])
            ])
        _ = runner.deliver(push(event, at: start), to: ["roof"], input: "mqtt x", zone: zone)
        #expect(runner.sources(for: garden).first?.state == runner.states["roof"])
        #expect(runner.sources(for: LocationSettings(id: "plain", latitude: 1, longitude: 2)).isEmpty)
    }

    @Test("a message taken: its rain written, the station published, then the locations that name it")
    func taken() {
        var runner = runner()
        let actions = runner.deliver(push(event, at: start), to: ["roof"], input: "mqtt x", zone: zone)
        guard case .saveRain("roof", let rain, at: start) = actions.first else {
            Issue.record("no rain written first: \(actions)")
            return
        }
        #expect(Array(actions.dropFirst()) == [.publishStation("roof"), .publishCurrent(["garden"])])
        #expect(runner.states["roof"]?.fresh(.temperature, at: start, maxAge: 30)?.value == 5.7)
        runner.rainSaved("roof", rain, at: start)
        let again = runner.deliver(push(event, at: start + 10), to: ["roof"], input: "mqtt x", zone: zone)
        #expect(again == [.publishStation("roof"), .publishCurrent(["garden"])], "the rain did not change")
    }

    @Test("a stranger and garbage are said once each, and change nothing")
    func strangers() {
        var runner = runner()
        let other = event.replacingOccurrences(of: "13355", with: "99999")
        let first = runner.deliver(push(other, at: start), to: ["roof"], input: "mqtt x", zone: zone)
        #expect(first.count == 1)
        guard case .log(let line) = first.first else { return }
        #expect(line.level == .info && line.message.contains("not station roof"))
        #expect(runner.deliver(push(other, at: start + 1), to: ["roof"], input: "mqtt x", zone: zone).isEmpty)
        let garbage = runner.deliver(push("{not json", at: start), to: ["roof"], input: "mqtt x", zone: zone)
        #expect(garbage.count == 1)
        #expect(runner.deliver(push("{not json", at: start), to: ["roof"], input: "mqtt x", zone: zone).isEmpty)
        #expect(runner.states["roof"] == StationState())
    }

    @Test("the timer: a field aged past max_age publishes the fall-back in that look only")
    func expiry() {
        var runner = runner()
        _ = runner.deliver(push(event, at: start), to: ["roof"], input: "mqtt x", zone: zone)
        #expect(runner.tick(now: start + 5).actions.isEmpty)
        #expect(runner.tick(now: start + 25).actions.isEmpty)
        #expect(runner.tick(now: start + 31).actions == [.publishStation("roof"), .publishCurrent(["garden"])])
        #expect(runner.tick(now: start + 36).actions.isEmpty)
    }

    @Test("the timer asks a WeatherLink Live for its broadcast, then polls it every 30 s")
    func requests() {
        var runner = runner([Self.wll])
        let first = runner.tick(now: start).requests
        #expect(
            first == [
                .init(station: "wll", url: "http://192.168.1.50/v1/real_time?duration=1200", purpose: .broadcast),
                .init(station: "wll", url: "http://192.168.1.50/v1/current_conditions", purpose: .poll),
            ])
        #expect(runner.tick(now: start + 5).requests.isEmpty)
        #expect(runner.tick(now: start + 30).requests.map(\.purpose) == [.poll])
        #expect(runner.tick(now: start + 900).requests.map(\.purpose) == [.broadcast, .poll])
    }

    @Test("a failed broadcast request is asked again after 30 s; a failed poll is said once per problem")
    func failures() {
        var runner = runner([Self.wll])
        let requests = runner.tick(now: start).requests
        let refused: Result<ProviderResponse, ProviderError> = .success(
            ProviderResponse(status: 503, body: [], receivedAt: start))
        let broadcast = runner.answered(requests[0], refused, asked: start, at: start, zone: zone)
        #expect(broadcast.count == 1)
        #expect(runner.answered(requests[0], refused, asked: start, at: start, zone: zone).isEmpty, "said once")
        #expect(runner.tick(now: start + 30).requests.map(\.purpose) == [.broadcast, .poll])
        let poll = runner.answered(requests[1], refused, asked: start, at: start, zone: zone)
        guard case .log(let line) = poll.first else {
            Issue.record("no line: \(poll)")
            return
        }
        #expect(line.message == "station wll: http://192.168.1.50/v1/current_conditions answered HTTP 503")
        #expect(runner.answered(requests[1], refused, asked: start, at: start, zone: zone).isEmpty)
    }

    @Test("a good poll is the station's message")
    func goodPoll() throws {
        var runner = runner([Self.wll])
        let poll = try #require(runner.tick(now: start).requests.last)
        let body = Fixtures.bytes("stations/weatherlink-live", "wll_current_2021-01-16_siku2.json")
        let actions = runner.answered(
            poll, .success(ProviderResponse(status: 200, body: body, receivedAt: start)), asked: start, at: start,
            zone: zone)
        #expect(actions.contains(.publishStation("wll")))
        #expect(runner.states["wll"]?.lastSeen == start)
    }

    @Test("rain a kill would lose is written at shutdown (force), not twice")
    func rainAtShutdown() {
        var runner = runner()
        _ = runner.deliver(push(event, at: start), to: ["roof"], input: "mqtt x", zone: zone)
        let due = runner.rainDue(now: start + 1, force: true)
        #expect(due.count == 1)
        guard case .saveRain(let id, let rain, let at) = due.first else { return }
        runner.rainSaved(id, rain, at: at)
        #expect(runner.rainDue(now: start + 2, force: true).isEmpty)
        #expect(runner.rainNotSaved("roof", directory: "/x").count == 1)
        #expect(runner.rainNotSaved("roof", directory: "/x").isEmpty, "said once")
    }

    @Test("a replayed input played through the runner: what the listeners would bring, in order")
    func replay() async {
        var runner = runner()
        let other = event.replacingOccurrences(of: "13355", with: "99999")
        let input = ReplayStationInput([
            .message(push(event, at: start), ids: ["roof"], input: "udp 192.168.1.9:5000"),
            .notice("a sender was refused"),
            .message(push(other, at: start + 1), ids: ["roof"], input: "udp 192.168.1.9:5000"),
            .message(push(event, at: start + 2), ids: ["roof"], input: "udp 192.168.1.9:5000"),
        ])
        var published: [String] = []
        var notices: [String] = []
        var lines = 0
        for await event in input.events {
            switch event {
            case .message(let push, let ids, let from):
                for action in runner.deliver(push, to: ids, input: from, zone: zone) {
                    switch action {
                    case .publishStation(let id): published.append(id)
                    case .publishCurrent(let locations): published += locations
                    case .log: lines += 1
                    case .saveRain(let id, let rain, let at): runner.rainSaved(id, rain, at: at)
                    }
                }
            case .notice(let text): notices.append(text)
            }
        }
        #expect(published == ["roof", "garden", "roof", "garden"])
        #expect(notices == ["a sender was refused"] && lines == 1)
        #expect(runner.states["roof"]?.lastSeen == start + 2)
    }

    @Test("the LAN input: one listener per address and transport; a push read as one form, for the paths it takes")
    func listenerInput() throws {
        let address = try ListenAddress(host: "0.0.0.0", port: 8080)
        let tempest = try ListenAddress(host: "0.0.0.0", port: 50222)
        let feeds = [
            StationSettings(id: "a", kind: .ecowitt, listen: address, path: "/data/report"),
            StationSettings(id: "b", kind: .wunderground, listen: address),
            StationSettings(id: "t", kind: .tempest, listen: tempest),
            Self.ws90,
        ].map(StationFeed.init)
        #expect(
            ListenerStationInput.groups(feeds) == [
                .init(address: address, ids: ["a", "b"], http: true),
                .init(address: tempest, ids: ["t"], http: false),
            ])
        let request = PushRequest(
            source: "192.168.1.7", method: "POST", target: "/data/report?x=1", body: Array("y=2".utf8), received: start)
        let event = ListenerStationInput.message(request, for: Array(feeds.prefix(2)), now: start)
        let push = FeedPush(origin: "/data/report", payload: Array("x=1&y=2".utf8), receivedAt: start)
        #expect(event == .message(push, ids: ["a", "b"], input: "http 192.168.1.7"))
        let other = PushRequest(source: "192.168.1.7", method: "GET", target: "/other?x=1", body: [], received: start)
        guard case .message(_, let ids, _) = ListenerStationInput.message(other, for: feeds, now: start) else { return }
        #expect(ids == ["b", "t", "roof"])
    }
}
