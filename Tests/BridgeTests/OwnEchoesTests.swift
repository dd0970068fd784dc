import Testing

@testable import Bridge

@Suite("Own messages coming back, told from other clients' writes")
struct OwnEchoesTests {
    static let will = (topic: "w/bridge/state", payload: Array("offline".utf8))

    @Test("a retained copy sent at subscription is never a foreign write, on 5 or 3.1.1")
    func retainedCopies() {
        for tracking in [false, true] {
            var echoes = OwnEchoes()
            echoes.connected(tracking: tracking, will: Self.will)
            #expect(echoes.origin(topic: "w/a/status", payload: Array("old".utf8), retained: true) == .ownOrStored)
        }
    }

    @Test("MQTT 5: every live message is another client's")
    func liveOnFive() {
        var echoes = OwnEchoes()
        echoes.connected(tracking: false, will: Self.will)
        echoes.sent("w/a/status", Array("x".utf8))
        #expect(echoes.origin(topic: "w/a/status", payload: Array("x".utf8), retained: false) == .foreign)
    }

    @Test("3.1.1: each own publication comes back once; anything else is foreign")
    func echoesOnThreeOneOne() {
        var echoes = OwnEchoes()
        echoes.connected(tracking: true, will: Self.will)
        echoes.sent("w/a/status", Array("1".utf8))
        echoes.sent("w/a/status", Array("2".utf8))
        #expect(echoes.origin(topic: "w/a/status", payload: Array("1".utf8), retained: false) == .ownOrStored)
        #expect(echoes.origin(topic: "w/a/status", payload: Array("spoof".utf8), retained: false) == .foreign)
        #expect(echoes.origin(topic: "w/a/status", payload: Array("2".utf8), retained: false) == .ownOrStored)
        #expect(
            echoes.origin(topic: "w/a/status", payload: Array("2".utf8), retained: false) == .foreign,
            "an echo is consumed")
        #expect(echoes.origin(topic: "w/b/status", payload: Array("1".utf8), retained: false) == .foreign)
    }

    @Test("3.1.1: an echo that never came back does not keep a topic's list growing")
    func bounded() {
        var echoes = OwnEchoes()
        echoes.connected(tracking: true, will: Self.will)
        for index in 0..<100 { echoes.sent("w/a/current", Array("\(index)".utf8)) }
        #expect(echoes.origin(topic: "w/a/current", payload: Array("91".utf8), retained: false) == .foreign)
        #expect(echoes.origin(topic: "w/a/current", payload: Array("92".utf8), retained: false) == .ownOrStored)
        #expect(echoes.origin(topic: "w/a/current", payload: Array("99".utf8), retained: false) == .ownOrStored)
    }

    @Test("3.1.1: the last will coming back is told apart from a plain foreign write; a new connection forgets")
    func willAndReconnect() {
        var echoes = OwnEchoes()
        echoes.connected(tracking: true, will: Self.will)
        #expect(echoes.origin(topic: Self.will.topic, payload: Self.will.payload, retained: false) == .willOrForeign)
        #expect(echoes.origin(topic: Self.will.topic, payload: Array("gone".utf8), retained: false) == .foreign)
        echoes.sent("w/a/status", Array("1".utf8))
        echoes.connected(tracking: true, will: Self.will)
        #expect(echoes.origin(topic: "w/a/status", payload: Array("1".utf8), retained: false) == .foreign)
    }
}
