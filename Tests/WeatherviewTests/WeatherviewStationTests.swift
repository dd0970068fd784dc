import Foundation
import TestSupport
import Testing

/// `weatherview show` with the user's own station (issue 31): the values it supplied carry a
/// mark, and the station is named with how long ago the bridge last heard it; `get
/// station:<id> PATH` reads the station's own topics.
@Suite("weatherview show and get with the user's station")
struct WeatherviewStationTests {
    let fresh = ["WEATHER2MQTT_NOW": RetainedWeather.freshNow]

    /// Munich's retained payloads, with `current.sources` naming `station:roof` for the
    /// temperature and the humidity (the provider for the rest).
    static func publishWithStation(to broker: TestBroker) throws {
        try RetainedWeather.publish(to: broker)
        let current = try #require(RetainedWeather.munich["current"])
        var object = try #require(try JSONSerialization.jsonObject(with: Data(current.utf8)) as? [String: Any])
        object["sources"] = ["temperature": "station:roof", "humidity": "station:roof", "pressure": "open-meteo"]
        let bytes = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        try broker.publish("weather/munich/current", String(decoding: bytes, as: UTF8.self), retain: true)
    }

    static func stationStatus(_ id: String, state: String, lastSeen: String?) -> String {
        let seen = lastSeen.map { "\"\($0)\"" } ?? "null"
        return #"{"station":"\#(id)","state":"\#(state)","last_seen":\#(seen),"# + #""max_age":600,"messages":12,"#
            + #""rejected":0,"stale":[]}"#
    }

    /// The line under the current values that names the stations, without its indent.
    static func stationLine(_ output: String) -> String? {
        output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix("* ") }
    }

    @Test(
        "show names the station with its age from its retained status",
        arguments: [
            ("fresh", "2026-02-07T16:08:00+01:00", "* station:roof, 12 min old"),
            ("fresh", "2026-02-07T15:19:40Z", "* station:roof, just now"),
            ("silent", "2026-02-07T14:05:00+01:00", "* station:roof, stale, 2 h old"),
        ])
    func age(state: String, lastSeen: String, expected: String) throws {
        let broker = try TestBroker.start()
        try Self.publishWithStation(to: broker)
        try broker.publish(
            "weather/stations/roof/status", Self.stationStatus("roof", state: state, lastSeen: lastSeen), retain: true)
        // Another station on the broker that this location does not use.
        try broker.publish(
            "weather/stations/garden/status",
            Self.stationStatus("garden", state: "fresh", lastSeen: "2026-02-07T16:19:00+01:00"), retain: true)
        let result = try WeatherviewProcess.run(
            ["show", "munich", "--broker", broker.url, "--color", "never"], environment: fresh)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("8.5°C*"), "\(result.stdout)")
        #expect(Self.stationLine(result.stdout) == expected, "\(result.stdout)")
        #expect(!result.stdout.contains("garden"), "\(result.stdout)")
    }

    @Test("show names a station whose status is not there without an age, and does not wait for it")
    func withoutStatus() throws {
        let broker = try TestBroker.start()
        try Self.publishWithStation(to: broker)
        // A show that waited for its 120 s timeout would be killed by the run's 30 s (status -1).
        let result = try WeatherviewProcess.run(
            ["show", "munich", "--broker", broker.url, "--color", "never", "--timeout", "120"], environment: fresh)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.stationLine(result.stdout) == "* station:roof", "\(result.stdout)")
    }

    @Test("show without a station names none, also with stations on the broker")
    func withoutStation() throws {
        let broker = try TestBroker.start()
        try RetainedWeather.publish(to: broker)
        try broker.publish(
            "weather/stations/roof/status",
            Self.stationStatus("roof", state: "fresh", lastSeen: "2026-02-07T16:08:00+01:00"), retain: true)
        let result = try WeatherviewProcess.run(
            ["show", "munich", "--broker", broker.url, "--color", "never", "--timeout", "120"], environment: fresh)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.stationLine(result.stdout) == nil, "\(result.stdout)")
        #expect(!result.stdout.contains("8.5°C*"), "\(result.stdout)")
    }

    static let stationState =
        #"{"station":"roof","units":{"temperature":"°C","pressure":"hPa"},"fields":{"temperature":"#
        + #"{"value":8.1,"age":42}},"rain_today":1.2,"batteries":{"outdoor":1},"signal":null,"#
        + #""rejected":{"humidity":{"value":102,"rule":"envelope","detail":"above 100 %","at":"2026-02-07T16:10:00+01:00"}}}"#

    func get(_ arguments: [String], on broker: TestBroker) throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try WeatherviewProcess.run(["get"] + arguments + ["--broker", broker.url], environment: fresh)
        return (result.status, result.stdout.trimmingCharacters(in: .newlines), result.stderr)
    }

    @Test(
        "get station:ID reads the station's status and state; 4 while it is silent or never heard",
        arguments: [("fresh", Int32(0)), ("partial", 0), ("silent", 4), ("never", 4)])
    func getStation(state: String, status: Int32) throws {
        let broker = try TestBroker.start()
        let seen = state == "never" ? nil : "2026-02-07T16:08:00+01:00"
        try broker.publish(
            "weather/stations/roof/status", Self.stationStatus("roof", state: state, lastSeen: seen), retain: true)
        try broker.publish("weather/stations/roof/state", Self.stationState, retain: true)
        let read = try get(["station:roof", "status.state"], on: broker)
        #expect(read.status == status && read.stdout == state, "\(read)")
        #expect(try get(["station:roof", "state.fields.temperature.value"], on: broker).stdout == "8.1")
        #expect(try get(["station:roof", "state.rejected.humidity.rule"], on: broker).stdout == "envelope")
        #expect(try get(["station:roof", "status.last_seen"], on: broker).stdout == (seen ?? "null"))
    }

    @Test(
        "get station:ID refuses what names nothing, another station's payload and a missing station",
        arguments: [
            (["station:roof", "current.temperature"], Int32(64), "it must start with one of state, status"),
            (["station:roof", "state.fields.wind_speed"], 64, "state.fields has no member 'wind_speed'"),
            (["station:Roof", "status.state"], 64, "invalid station id 'Roof'"),
            (["station:garden", "status.state"], 65, "'roof' is another station"),
            (["station:cellar", "status.state", "--timeout", "1"], 66, "no data for station 'cellar'"),
        ])
    func getStationRefused(arguments: [String], status: Int32, message: String) throws {
        let broker = try TestBroker.start()
        try broker.publish(
            "weather/stations/roof/status",
            Self.stationStatus("roof", state: "fresh", lastSeen: "2026-02-07T16:08:00+01:00"), retain: true)
        try broker.publish("weather/stations/roof/state", Self.stationState, retain: true)
        // A publisher that put roof's payloads on garden's topics.
        try broker.publish("weather/stations/garden/state", Self.stationState, retain: true)
        try broker.publish(
            "weather/stations/garden/status",
            Self.stationStatus("roof", state: "fresh", lastSeen: "2026-02-07T16:08:00+01:00"), retain: true)
        let read = try get(arguments, on: broker)
        #expect(read.status == status, "\(read)")
        #expect(read.stderr.contains(message), "\(read.stderr)")
        #expect(read.stdout.isEmpty)
    }
}
