import Configuration
import Stations
import SystemIO
import Testing

@Suite("stations: and locations[].station")
struct StationConfigurationTests {
    /// The issue's example, verbatim in its names.
    static let example = """
        stations:
          - id: roof
            type: ecowitt
            listen: 127.0.0.1:8080
            elevation: 312
            max_age: 10m
          - id: sdr
            type: rtl_433
            topic: rtl_433/+/events
            match: { model: Fineoffset-WS90, id: 13355 }
          - id: wll
            type: weatherlink-live
            url: http://192.168.1.50
        locations:
          - id: home
            latitude: 52.52
            longitude: 13.405
            station: roof
          - id: cabin
            latitude: 47.42
            longitude: 10.98
            station: [sdr, {id: wll, fields: [pressure]}]
        """

    @Test("the contract's example loads")
    func example() throws {
        let configuration = try ConfigTesting.parse(Self.example)
        #expect(configuration.stations.map(\.id) == ["roof", "sdr", "wll"])
        let roof = configuration.stations[0]
        #expect(roof.kind == .ecowitt)
        #expect(roof.listen == (try ListenAddress(host: "127.0.0.1", port: 8080)))
        #expect(roof.elevation == 312)
        #expect(roof.maxAge == 600)
        #expect(roof.match.isEmpty)
        #expect(configuration.stations[1].match == StationMatch(model: "Fineoffset-WS90", id: "13355"))
        #expect(configuration.stations[1].maxAge == 600)
        #expect(configuration.stations[2].url == "http://192.168.1.50")
        #expect(configuration.locations[0].stations == [StationReference(id: "roof")])
        #expect(
            configuration.locations[1].stations == [
                StationReference(id: "sdr"), StationReference(id: "wll", fields: [.pressure]),
            ])
    }

    @Test("without stations: nothing changes")
    func none() throws {
        let configuration = try ConfigTesting.parse(ConfigTesting.minimal)
        #expect(configuration.stations.isEmpty)
        #expect(configuration.locations[0].stations.isEmpty)
    }

    @Test("a tempest listens on 50222 unless told; a generic mqtt station's fields")
    func defaultsAndFields() throws {
        let yaml = """
            stations:
              - id: tempest
                type: tempest
                match: { serial: ST-00055227 }
              - id: diy
                type: mqtt
                topic: bresser/data
                fields:
                  temperature: { path: temp_c, unit: °C }
                  wind_speed: { path: wind_avg, unit: m/s }
                  rain: { path: rain, unit: mm, kind: counter }
                  humidity: { topic: esphome/garden/humidity }
            """
        let configuration = try ConfigTesting.parse(ConfigTesting.withMinimal(yaml))
        #expect(configuration.stations[0].listen == (try ListenAddress(host: "0.0.0.0", port: 50222)))
        #expect(configuration.stations[0].match == StationMatch(serial: "ST-00055227"))
        let fields = configuration.stations[1].fields
        #expect(fields.count == 4)
        #expect(fields[0] == GenericField(target: .quantity(.temperature), path: ["temp_c"], unit: "°C"))
        #expect(fields[2] == GenericField(target: .rain(.counter), path: ["rain"], unit: "mm"))
        #expect(fields[3].topic == "esphome/garden/humidity")
    }

    @Test(
        "bad station settings name what is wrong",
        arguments: [
            ("stations:\n  - id: roof\n    type: ecowit\n    listen: 0.0.0.0:8080", "did you mean 'ecowitt'?"),
            ("stations:\n  - id: roof\n    type: ecowitt", "listen is required for type ecowitt"),
            ("stations:\n  - id: roof\n    type: ecowitt\n    listen: localhost:99999", "must be address:port"),
            ("stations:\n  - id: Roof\n    type: tempest", "not a valid station id"),
            ("stations:\n  - id: w\n    type: weatherlink-live", "url is required"),
            ("stations:\n  - id: s\n    type: rtl_433", "topic is required"),
            ("stations:\n  - id: s\n    type: rtl_433\n    topic: a/#/b", "not a topic filter"),
            ("stations:\n  - id: t\n    type: tempest\n    match: {passkey: x}", "does not apply to type tempest"),
            ("stations:\n  - id: t\n    type: tempest\n    max_age: 5s", "stations[0].max_age"),
            ("stations:\n  - id: t\n    type: tempest\n  - id: t\n    type: tempest", "duplicate station id 't'"),
            (
                "stations:\n  - id: a\n    type: tempest\n  - id: b\n    type: tempest",
                "stations 'a' (line 2) and 'b' both take every message on udp 0.0.0.0:50222"
            ),
            (
                "stations:\n  - id: a\n    type: ecowitt\n    listen: 0.0.0.0:8080\n    match: {mac: 'AA:BB'}\n"
                    + "  - id: b\n    type: ambient\n    listen: 0.0.0.0:8080",
                "stations 'a' (line 2) and 'b' both take every message on http 0.0.0.0:8080"
            ),
            ("stations:\n  - id: d\n    type: mqtt\n    topic: x", "fields is required for type mqtt"),
            (
                "stations:\n  - id: d\n    type: mqtt\n    topic: x\n    fields: {temperature: {unit: furlong}}",
                "is not a unit of temperature"
            ),
            (
                "stations:\n  - id: d\n    type: mqtt\n    topic: x\n    fields: {rain: {kind: weekly}}",
                "counter, daily_total"
            ),
        ])
    func badStations(_ yaml: String, _ expected: String) {
        let error = ConfigTesting.error(ConfigTesting.withMinimal(yaml))
        #expect(error?.message.contains(expected) == true, "\(error?.description ?? "loaded")")
        #expect(error?.line != nil)
    }

    @Test("stations may share a listener when a match or their paths tell them apart")
    func sharedListener() throws {
        let yaml = """
            stations:
              - id: a
                type: ecowitt
                listen: 0.0.0.0:8080
                match: { passkey: E77D0FB57F98FAF6317D3A20DB83D8ED }
              - id: b
                type: ecowitt
                listen: 0.0.0.0:8080
                match: { passkey: 0123456789ABCDEF0123456789ABCDEF }
              - id: c
                type: wunderground
                listen: 0.0.0.0:8080
                path: /weatherstation/updateweatherstation.php
              - id: d
                type: ambient
                listen: 0.0.0.0:8080
                path: /data/
              - id: e
                type: tempest
                listen: 0.0.0.0:8080
            """
        let config = try ConfigTesting.parse(ConfigTesting.withMinimal(yaml))
        #expect(config.stations.map(\.id) == ["a", "b", "c", "d", "e"])
    }

    @Test("a location naming an unknown station, or one twice")
    func badReferences() {
        let unknown = ConfigTesting.error(ConfigTesting.minimal + "\n    station: roof")
        #expect(unknown?.message.contains("unknown station 'roof'") == true, "\(unknown?.description ?? "loaded")")
        let twice = ConfigTesting.error(
            "stations:\n  - id: t\n    type: tempest\n" + ConfigTesting.minimal + "\n    station: [t, t]")
        #expect(twice?.message.contains("twice") == true, "\(twice?.description ?? "loaded")")
        #expect(ConfigurationError.exitCode == 78)
    }
}
