import Testing
import WireContract

@Suite("Topic names: built and parsed in one place")
struct TopicNamesTests {
    let names = TopicNames(base: "home/weather")

    @Test("every topic of SPEC §3 is spelled as the contract says")
    func spelled() {
        #expect(names.name(.bridgeState) == "home/weather/bridge/state")
        #expect(names.name(.bridgeInfo) == "home/weather/bridge/info")
        #expect(names.name(.location("oslo", .current)) == "home/weather/oslo/current")
        #expect(names.name(.location("oslo", .hourly)) == "home/weather/oslo/hourly")
        #expect(names.name(.location("oslo", .daily)) == "home/weather/oslo/daily")
        #expect(names.name(.location("oslo", .alerts)) == "home/weather/oslo/alerts")
        #expect(names.name(.location("oslo", .status)) == "home/weather/oslo/status")
        #expect(names.name(.currentField("oslo", "temperature")) == "home/weather/oslo/current/temperature")
        #expect(names.name(.alertEvent("oslo")) == "home/weather/oslo/alerts/event")
        #expect(names.name(.station("roof", .status)) == "home/weather/stations/roof/status")
        #expect(names.name(.station("roof", .state)) == "home/weather/stations/roof/state")
        #expect(names.name(.display("kitchen")) == "home/weather/displays/kitchen/state")
        #expect(names.everyDisplay == "home/weather/displays/+/state")
        #expect(names.displayImage("hall") == "home/weather/displays/hall/image")
        #expect(names.everyLocation(.status) == "home/weather/+/status")
    }

    @Test(
        "parse is the inverse of name",
        arguments: [
            Topic.bridgeState, .bridgeInfo, .location("a", .current), .location("x-1_b", .hourly),
            .location("oslo", .daily), .location("oslo", .alerts), .location("oslo", .status),
            .currentField("oslo", "wind_speed"), .alertEvent("oslo"), .station("roof", .state),
            .station("sdr-1", .status), .currentField("stations", "temperature"), .display("kitchen"),
            .display("a0b1c2d3e4f5"), .currentField("displays", "state"), .displayImage("hall"),
        ])
    func roundTrip(topic: Topic) {
        #expect(names.parse(names.name(topic)) == topic)
    }

    @Test(
        "topics that are not ours parse to nil",
        arguments: [
            "home/weather", "home/weather/", "other/oslo/current", "home/weatherx/oslo/current",
            "home/weather/oslo", "home/weather/oslo/forecast", "home/weather/bridge/current",
            "home/weather/bridge/status", "home/weather/Oslo/current", "home/weather//current",
            "home/weather/oslo/current/", "home/weather/oslo/hourly/x", "home/weather/oslo/current/a/b",
            "home/weather/bridge/state/x", "home/weather/oslo/alerts/events", "home/weather/oslo/status/event",
            "home/weather/stations/roof/other", "home/weather/stations/Roof/state",
            "home/weather/stations/roof/state/x", "home/weather/displays/kitchen/status",
            "home/weather/displays/Kitchen/state", "home/weather/displays/kitchen/state/x",
            "home/weather/displays/Hall/image", "home/weather/displays/hall/images",
        ])
    func foreign(name: String) {
        #expect(names.parse(name) == nil)
    }

    @Test("the location a topic belongs to")
    func location() {
        #expect(Topic.bridgeState.location == nil)
        #expect(Topic.location("oslo", .status).location == "oslo")
        #expect(Topic.currentField("oslo", "uv_index").location == "oslo")
        #expect(Topic.station("roof", .status).location == nil)
        #expect(Topic.display("kitchen").location == nil)
    }
}

@Suite("The location id rule")
struct LocationIDTests {
    @Test("valid ids", arguments: ["home", "a", "0", "berlin-mitte", "x_1", String(repeating: "a", count: 64)])
    func valid(id: String) {
        #expect(LocationID.isValid(id))
        #expect(LocationID.problem(id) == nil)
    }

    @Test(
        "invalid ids",
        arguments: [
            "", "Home", "-home", "_home", "ho me", "home/x", "home+", "home#", "münchen",
            String(repeating: "a", count: 65),
        ])
    func invalid(id: String) {
        #expect(!LocationID.isValid(id))
        #expect(LocationID.problem(id)?.contains(LocationID.rule) == true)
    }

    @Test("'bridge' is reserved: it would collide with <base>/bridge/…")
    func reserved() {
        #expect(!LocationID.isValid("bridge"))
        #expect(LocationID.problem("bridge")?.contains("reserved") == true)
    }
}

@Suite("Exit codes")
struct ExitCodeTests {
    @Test("the codes of SPEC §7 (sysexits.h where one fits)")
    func codes() {
        #expect(
            [
                ExitCode.success, ExitCode.stale, ExitCode.usage, ExitCode.dataError, ExitCode.noInput,
                ExitCode.unavailable, ExitCode.configuration,
            ] == [0, 4, 64, 65, 66, 69, 78])
    }
}
