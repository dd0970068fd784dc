import Foundation
import Testing
import WeatherModel
import WireContract

/// Warning events as a state machine (SPEC §3 `alerts/event`): appear, change, end, and a
/// restart that reads the remembered set back from its JSON form.
@Suite("Alert events")
struct AlertEventsTests {
    static let t0 = Date(timeIntervalSince1970: 1_785_000_000)

    static func alert(_ id: String, severity: AlertSeverity = .moderate, hours: Double = 6, title: String = "Gale")
        -> Alert
    {
        Alert(
            id: id, title: title, severity: severity, description: "Wind 20 m/s", onset: t0,
            expires: t0.addingTimeInterval(hours * 3600), source: "metalerts", event: "gale", awareness: "yellow",
            sender: "MET Norway", attribution: "Warnings: MET Norway (CC BY 4.0)")
    }

    static func changes(_ events: [AlertEvent]) -> [String] { events.map { "\($0.change.rawValue) \($0.alert.id)" } }

    @Test("a warning appears once as new, is silent while unchanged, updated when it changes, ended when it goes")
    func lifecycle() {
        let a = Self.alert("a")
        var remembered: [Alert] = []
        var log: [String] = []
        func refresh(_ current: [Alert], at now: Date) {
            log += Self.changes(AlertEvents.diff(previous: remembered, current: current, now: now))
            remembered = AlertEvents.remembered(current, now: now)
        }
        refresh([a], at: Self.t0)
        refresh([a], at: Self.t0.addingTimeInterval(600))
        var raised = a
        raised.severity = .severe
        raised.awareness = "orange"
        refresh([raised], at: Self.t0.addingTimeInterval(1200))
        refresh([raised, Self.alert("b")], at: Self.t0.addingTimeInterval(1800))
        refresh([Self.alert("b")], at: Self.t0.addingTimeInterval(2400))
        #expect(log == ["new a", "updated a", "new b", "ended a"])
        #expect(remembered.map(\.id) == ["b"])
    }

    @Test("an alert that passes its expiry ends even while the source still lists it")
    func expiry() {
        let short = Self.alert("short", hours: 1)
        let events = AlertEvents.diff(previous: [short], current: [short], now: Self.t0.addingTimeInterval(3601))
        #expect(Self.changes(events) == ["ended short"])
        #expect(AlertEvents.remembered([short], now: Self.t0.addingTimeInterval(3601)).isEmpty)
        // Already expired when first seen: nothing at all.
        #expect(AlertEvents.diff(previous: [], current: [short], now: Self.t0.addingTimeInterval(7200)).isEmpty)
    }

    @Test("after a restart the remembered set, read back from its JSON, gives no duplicate new")
    func restart() throws {
        let zone = try #require(ZoneInfo(identifier: "Europe/Oslo"))
        let current = [Self.alert("a"), Self.alert("b", severity: .severe)]
        let stored = JSONValue.array(AlertEvents.remembered(current, now: Self.t0).map { .object($0.json(in: zone)) })
        // The state file is written and read as text.
        let text = stored.prettyPrinted()
        let restored = try JSONParser.parse(text).array?.compactMap(Alert.init(json:)) ?? []
        #expect(restored.count == 2)
        #expect(AlertEvents.diff(previous: restored, current: current, now: Self.t0.addingTimeInterval(60)).isEmpty)
        // Sub-second parts are lost in the file; they do not count as a change.
        var fractional = current
        fractional[0].onset = Self.t0.addingTimeInterval(0.4)
        #expect(AlertEvents.diff(previous: restored, current: fractional, now: Self.t0).isEmpty)
        // A real change after the restart is still seen.
        var changed = current
        changed[1].description = "Wind 25 m/s"
        #expect(Self.changes(AlertEvents.diff(previous: restored, current: changed, now: Self.t0)) == ["updated b"])
    }

    @Test("the event payload: schema, location, event, at and the alert in SPEC §4 form")
    func payload() throws {
        let location = LocationInfo(
            id: "maloy", name: "Måløy", latitude: 61.94, longitude: 5.11, timezone: "Europe/Oslo")
        let zone = try #require(ZoneInfo(identifier: "Europe/Oslo"))
        let event = AlertEvent(change: .new, alert: Self.alert("a"))
        let payload = AlertEvents.payload(event, location: location, zone: zone, at: Self.t0)
        #expect(payload["event"]?.string == "new")
        #expect(payload["alert"]?["awareness"]?.string == "yellow")
        #expect(payload["alert"]?["sender"]?.string == "MET Norway")
        #expect(payload["at"]?.string == ISO8601.string(Self.t0, in: zone))
    }

    @Test("merge: the same CAP warning from two sources once (urn:oid: and .MUL aside), or the same event and validity")
    func merge() {
        var viaBrightSky = Self.alert("2.49.0.0.276.0.DWD.PVW.1.abc")
        viaBrightSky.source = "brightsky"
        var viaMeteoAlarm = Self.alert("2.49.0.0.276.0.DWD.PVW.1.abc.MUL")
        viaMeteoAlarm.source = "meteoalarm"
        var viaProvider = Self.alert("urn:oid:2.49.0.0.276.0.dwd.pvw.1.abc")
        viaProvider.source = "openweathermap"
        var sameEvent = Self.alert("other-id")
        sameEvent.source = "pirate-weather"
        var extreme = Self.alert("x", severity: .extreme, title: "Storm")
        extreme.event = "storm"
        var laterEvent = Self.alert("later")
        laterEvent.event = "rain"
        let merged = AlertMerge.merge([
            [viaBrightSky], [viaMeteoAlarm, extreme], [viaProvider, sameEvent, laterEvent],
        ])
        #expect(merged.map(\.id) == ["x", "2.49.0.0.276.0.DWD.PVW.1.abc", "later"])
        #expect(merged[1].source == "brightsky")
    }

    @Test("awareness levels: colour and stated severity, colour alone, nonsense refused")
    func awareness() {
        #expect(AwarenessLevel(parsing: "3; orange; Severe") == AwarenessLevel(severity: .severe))
        #expect(AwarenessLevel(parsing: "2; yellow")?.severity == .moderate)
        #expect(AwarenessLevel(parsing: "4; red; Extreme")?.colour == "red")
        #expect(AwarenessLevel(parsing: "purple") == nil)
        #expect(AwarenessLevel(parsing: "1; Wind") == nil)
    }
}
