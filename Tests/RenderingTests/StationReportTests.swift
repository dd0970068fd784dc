import Foundation
import Rendering
import Testing
import WeatherModel
import WireContract

/// The user's stations in the view model: which station's status is read, and how its age reads.
@Suite("View model: the user's stations")
struct StationReportTests {
    typealias F = ViewModelFixtures

    /// Munich's raw messages with `current.sources` naming `sources`, plus `extra` topics.
    static func messages(sources: [String: String], extra: [String: String]) -> [String: [UInt8]] {
        var messages: [String: [UInt8]] = [:]
        guard case .object(let document) = F.document("munich-full") else { return messages }
        for (kind, json) in document {
            var json = json
            if kind == "current" {
                json.set(
                    ["sources"],
                    .object(JSONObject(sources.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })))
            }
            messages["weather/munich/" + kind] = Array(json.serialized().utf8)
        }
        for (topic, text) in extra { messages[topic] = Array(text.utf8) }
        return messages
    }

    static func status(_ id: String, state: String, lastSeen: String) -> String {
        #"{"station":"\#(id)","state":"\#(state)","last_seen":"\#(lastSeen)","max_age":600,"messages":3,"rejected":0,"stale":[]}"#
    }

    @Test("only the status of a station current names is read; a malformed other one is ignored")
    func namedStationsOnly() throws {
        let payloads = try LocationPayloads(
            base: "weather", location: "munich",
            messages: Self.messages(
                sources: ["temperature": "station:roof", "humidity": "open-meteo"],
                extra: [
                    "weather/stations/roof/status": Self.status(
                        "roof", state: "fresh", lastSeen: "2026-02-07T15:10:00Z"),
                    "weather/stations/garden/status": "not json",
                ]))
        #expect(payloads.stations.keys.sorted() == ["roof"])
        let model = try WeatherViewModel(payloads: payloads, now: F.date("2026-02-07T15:20:00Z"))
        #expect(model.stationFields == ["temperature": "station:roof"])
        #expect(model.stationNotes == ["station:roof, 10 min old"])
    }

    @Test(
        "the station's age in the view's language, stale once silent, none while never seen",
        arguments: [
            (Language.en, "fresh", "2026-02-07T15:10:00Z", "station:roof, 10 min old"),
            (Language.de, "fresh", "2026-02-07T15:10:00Z", "station:roof, vor 10 Min."),
            (Language.en, "silent", "2026-02-07T12:10:00Z", "station:roof, stale, 3 h old"),
        ])
    func ageWords(language: Language, state: String, lastSeen: String, expected: String) throws {
        let payloads = try LocationPayloads(
            base: "weather", location: "munich",
            messages: Self.messages(
                sources: ["temperature": "station:roof"],
                extra: ["weather/stations/roof/status": Self.status("roof", state: state, lastSeen: lastSeen)]))
        let model = try WeatherViewModel(payloads: payloads, now: F.date("2026-02-07T15:20:00Z"), language: language)
        #expect(model.stationNotes == [expected])
    }

    @Test("a frame marks the big temperature only when the station measured it")
    func frameMark() throws {
        for (source, marked) in [("station:roof", true), ("open-meteo", false)] {
            let payloads = try LocationPayloads(
                base: "weather", location: "munich",
                messages: Self.messages(sources: ["temperature": source, "humidity": "station:roof"], extra: [:]))
            let model = try WeatherViewModel(payloads: payloads, now: F.date("2026-02-07T15:20:00Z"))
            #expect(FrameInput(model).temperatureFromStation == marked, "\(source)")
        }
    }

    @Test("a station that was never heard is named without an age")
    func neverSeen() throws {
        let never =
            #"{"station":"roof","state":"never","last_seen":null,"max_age":600,"messages":0,"rejected":0,"stale":[]}"#
        let payloads = try LocationPayloads(
            base: "weather", location: "munich",
            messages: Self.messages(
                sources: ["temperature": "station:roof"], extra: ["weather/stations/roof/status": never]))
        let model = try WeatherViewModel(payloads: payloads, now: F.date("2026-02-07T15:20:00Z"))
        #expect(model.stationNotes == ["station:roof"])
    }
}
